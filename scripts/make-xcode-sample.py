#!/usr/bin/env python3
"""Writes Samples/XcodeApp: the vertical architecture as an Xcode workspace.

Two projects of two format generations, written as Xcode writes them:
- App/App.xcodeproj (objectVersion 52, Xcode 11): groups and Compile Sources
  phases; the app, Core, VerticalInterfaces and a unit test bundle; the local
  package DesignSystem added as a folder reference, as before Xcode 15.
- Features/Features.xcodeproj (objectVersion 77, Xcode 16): synchronised
  folders; the verticals Feed, Profile and Checkout and a test bundle; the
  local package by XCLocalSwiftPackageReference and a remote package.
Frameworks of the other project are linked as built products (Xcode's
implicit dependencies across a workspace).

Run from the repository root: python3 scripts/make-xcode-sample.py
The output is committed; this script documents how it was made.
"""
import hashlib
import os

ROOT = "Samples/XcodeApp"


class Project:
    def __init__(self, name, object_version):
        self.name = name
        self.object_version = object_version
        self.objects = {}  # id -> (isa, comment, fields: list of (key, value))

    def id(self, key):
        return hashlib.sha1(f"{self.name}:{key}".encode()).hexdigest()[:24].upper()

    def add(self, key, isa, comment, fields):
        oid = self.id(key)
        self.objects[oid] = (isa, comment, fields)
        return oid

    def render(self, root_key):
        def value(v, indent):
            if isinstance(v, list):
                inner = "".join(f"{indent}\t{value(x, indent + chr(9))},\n" for x in v)
                return "(\n" + inner + indent + ")"
            if isinstance(v, dict):
                inner = "".join(f"{indent}\t{k} = {value(x, indent + chr(9))};\n" for k, x in v.items())
                return "{\n" + inner + indent + "}"
            return v

        def ref(oid):
            comment = self.objects.get(oid, (None, None))[1]
            return f"{oid} /* {comment} */" if comment else oid

        def resolve(v):
            if isinstance(v, list):
                return [resolve(x) for x in v]
            if isinstance(v, dict):
                return {k: resolve(x) for k, x in v.items()}
            if isinstance(v, Ref):
                return ref(v.oid)
            return v

        lines = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {", "\t};",
                 f"\tobjectVersion = {self.object_version};", "\tobjects = {", ""]
        by_isa = {}
        for oid, (isa, comment, fields) in self.objects.items():
            by_isa.setdefault(isa, []).append(oid)
        for isa in sorted(by_isa):
            lines.append(f"/* Begin {isa} section */")
            for oid in sorted(by_isa[isa]):
                _, comment, fields = self.objects[oid]
                head = f"\t\t{ref(oid)} = "
                body = [("isa", isa)] + fields
                one_line = isa in ("PBXBuildFile", "PBXFileReference")
                if one_line:
                    parts = " ".join(f"{k} = {value(resolve(v), '')};" for k, v in body)
                    lines.append(head + "{" + parts + " };")
                else:
                    lines.append(head + "{")
                    for k, v in body:
                        lines.append(f"\t\t\t{k} = {value(resolve(v), chr(9) * 3)};")
                    lines.append("\t\t};")
            lines.append(f"/* End {isa} section */")
            lines.append("")
        lines += ["\t};", f"\trootObject = {ref(self.id(root_key))};", "}", ""]
        return "\n".join(lines)


class Ref:
    def __init__(self, oid):
        self.oid = oid


def q(text):
    return '"' + text + '"' if any(c in text for c in ' -+$()<>') or text == "" else text


def configurations(p, owner, settings):
    debug = p.add(owner + ":Debug", "XCBuildConfiguration", "Debug", [("buildSettings", settings), ("name", "Debug")])
    release = p.add(owner + ":Release", "XCBuildConfiguration", "Release", [("buildSettings", settings), ("name", "Release")])
    return p.add(owner + ":list", "XCConfigurationList", f'Build configuration list for {owner}',
                 [("buildConfigurations", [Ref(debug), Ref(release)]), ("defaultConfigurationIsVisible", "0"),
                  ("defaultConfigurationName", "Release")])


PRODUCT_TYPES = {
    "app": ("com.apple.product-type.application", "wrapper.application", "app"),
    "framework": ("com.apple.product-type.framework", "wrapper.framework", "framework"),
    "tests": ("com.apple.product-type.bundle.unit-test", "wrapper.cfbundle", "xctest"),
}


def write(path, text):
    full = os.path.join(ROOT, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)


# --- App.xcodeproj: Xcode 11 format, groups and build phases ----------------------------------
def app_project():
    p = Project("App", 52)
    targets = {
        # name: (kind, product name, folder, files, target deps, linked (own), linked (built products), settings)
        "XcodeApp": ("app", "Xcode App", "XcodeApp", ["AppDelegate.swift", "Composition.swift"],
                     ["Core", "VerticalInterfaces"], ["Core", "VerticalInterfaces"], ["Feed", "Profile", "Checkout"]),
        "Core": ("framework", "$(TARGET_NAME)", "Core", ["Core.swift", "Logger.swift"], [], [], []),
        "VerticalInterfaces": ("framework", "$(TARGET_NAME)", "VerticalInterfaces",
                               ["FeedInterface.swift", "ProfileInterface.swift", "CheckoutInterface.swift"], ["Core"], ["Core"], []),
        "XcodeAppTests": ("tests", "$(TARGET_NAME)", "XcodeAppTests", ["CompositionTests.swift"], ["XcodeApp"], [], []),
    }
    product_ref = {}
    for name, (kind, product, *_rest) in targets.items():
        ptype, ftype, ext = PRODUCT_TYPES[kind]
        file_name = ("Xcode App" if name == "XcodeApp" else name) + "." + ext
        product_ref[name] = p.add("product:" + name, "PBXFileReference", file_name,
                                  [("explicitFileType", ftype), ("includeInIndex", "0"), ("path", q(file_name)),
                                   ("sourceTree", "BUILT_PRODUCTS_DIR")])
    built = {}
    for other in ["Feed", "Profile", "Checkout"]:
        built[other] = p.add("built:" + other, "PBXFileReference", other + ".framework",
                             [("explicitFileType", "wrapper.framework"), ("path", other + ".framework"),
                              ("sourceTree", "BUILT_PRODUCTS_DIR")])
    design = p.add("folder:DesignSystem", "PBXFileReference", "DesignSystem",
                   [("lastKnownFileType", "folder"), ("name", "DesignSystem"), ("path", "../Packages/DesignSystem"),
                    ("sourceTree", q("<group>"))])
    design_product = p.add("package:DesignSystem", "XCSwiftPackageProductDependency", "DesignSystem",
                           [("productName", "DesignSystem")])
    groups = []
    target_ids = {}
    for name in targets:
        target_ids[name] = p.id("target:" + name)
    for name, (kind, product, folder, files, deps, linked, linked_built) in targets.items():
        file_refs = []
        build_files = []
        for f in files:
            ref = p.add(f"file:{name}/{f}", "PBXFileReference", f,
                        [("lastKnownFileType", "sourcecode.swift"), ("path", f), ("sourceTree", q("<group>"))])
            file_refs.append(Ref(ref))
            build_files.append(Ref(p.add(f"build:{name}/{f}", "PBXBuildFile", f + " in Sources", [("fileRef", Ref(ref))])))
        groups.append(Ref(p.add("group:" + folder, "PBXGroup", folder,
                                [("children", file_refs), ("path", folder), ("sourceTree", q("<group>"))])))
        sources = p.add("sources:" + name, "PBXSourcesBuildPhase", "Sources",
                        [("buildActionMask", "2147483647"), ("files", build_files), ("runOnlyForDeploymentPostprocessing", "0")])
        link_files, embed_files = [], []
        for other in linked:
            link_files.append(Ref(p.add(f"link:{name}/{other}", "PBXBuildFile", other + ".framework in Frameworks",
                                        [("fileRef", Ref(product_ref[other]))])))
        for other in linked_built:
            link_files.append(Ref(p.add(f"link:{name}/{other}", "PBXBuildFile", other + ".framework in Frameworks",
                                        [("fileRef", Ref(built[other]))])))
        if name == "XcodeApp":
            link_files.append(Ref(p.add("link:XcodeApp/DesignSystem", "PBXBuildFile", "DesignSystem in Frameworks",
                                        [("productRef", Ref(design_product))])))
            for other in linked + linked_built:
                source = product_ref.get(other) or built[other]
                embed_files.append(Ref(p.add(f"embed:{other}", "PBXBuildFile", other + ".framework in Embed Frameworks",
                                             [("fileRef", Ref(source)),
                                              ("settings", "{ATTRIBUTES = (CodeSignOnCopy, RemoveHeadersOnCopy, ); }")])))
        frameworks = p.add("frameworks:" + name, "PBXFrameworksBuildPhase", "Frameworks",
                           [("buildActionMask", "2147483647"), ("files", link_files), ("runOnlyForDeploymentPostprocessing", "0")])
        phases = [Ref(sources), Ref(frameworks)]
        if embed_files:
            phases.append(Ref(p.add("embedphase:" + name, "PBXCopyFilesBuildPhase", "Embed Frameworks",
                                    [("buildActionMask", "2147483647"), ("dstPath", '""'), ("dstSubfolderSpec", "10"),
                                     ("files", embed_files), ("name", q("Embed Frameworks")),
                                     ("runOnlyForDeploymentPostprocessing", "0")])))
        dependencies = []
        for other in deps:
            proxy = p.add(f"proxy:{name}/{other}", "PBXContainerItemProxy", "PBXContainerItemProxy",
                          [("containerPortal", Ref(p.id("project"))), ("proxyType", "1"),
                           ("remoteGlobalIDString", target_ids[other]), ("remoteInfo", other)])
            dependencies.append(Ref(p.add(f"dependency:{name}/{other}", "PBXTargetDependency", "PBXTargetDependency",
                                          [("target", Ref(target_ids[other])), ("targetProxy", Ref(proxy))])))
        settings = {"PRODUCT_NAME": q(product), "SWIFT_VERSION": "5.0", "PRODUCT_BUNDLE_IDENTIFIER": q("org.modgraph." + name)}
        if kind == "tests":
            settings["TEST_HOST"] = q("$(BUILT_PRODUCTS_DIR)/Xcode App.app/Xcode App")
        fields = [("buildConfigurationList", Ref(configurations(p, name, settings))), ("buildPhases", phases),
                  ("buildRules", []), ("dependencies", dependencies), ("name", name)]
        if name == "XcodeApp":
            fields.append(("packageProductDependencies", [Ref(design_product)]))
        fields += [("productName", name), ("productReference", Ref(product_ref[name])),
                   ("productType", q(PRODUCT_TYPES[kind][0]))]
        p.objects[target_ids[name]] = ("PBXNativeTarget", name, fields)
    frameworks_group = p.add("group:Frameworks", "PBXGroup", "Frameworks",
                             [("children", [Ref(built[o]) for o in built]), ("name", "Frameworks"), ("sourceTree", q("<group>"))])
    products = p.add("group:Products", "PBXGroup", "Products",
                     [("children", [Ref(product_ref[n]) for n in targets]), ("name", "Products"), ("sourceTree", q("<group>"))])
    main = p.add("group:main", "PBXGroup", None,
                 [("children", [Ref(design)] + groups + [Ref(frameworks_group), Ref(products)]), ("sourceTree", q("<group>"))])
    p.objects[p.id("project")] = ("PBXProject", "Project object", [
        ("attributes", {"LastSwiftUpdateCheck": "1140", "LastUpgradeCheck": "1140"}),
        ("buildConfigurationList", Ref(configurations(p, "App-project", {"SDKROOT": "iphoneos"}))),
        ("compatibilityVersion", q("Xcode 9.3")), ("developmentRegion", "en"), ("hasScannedForEncodings", "0"),
        ("knownRegions", ["en", "Base"]), ("mainGroup", Ref(main)), ("productRefGroup", Ref(products)),
        ("projectDirPath", '""'), ("projectRoot", '""'), ("targets", [Ref(target_ids[n]) for n in targets])])
    return p.render("project")


# --- Features.xcodeproj: Xcode 16 format, synchronised folders --------------------------------
def features_project():
    p = Project("Features", 77)
    targets = {
        # name: (kind, folder, built products linked, package products)
        "Feed": ("framework", "Feed", ["Core", "VerticalInterfaces"], ["Collections"]),
        "Profile": ("framework", "Profile", ["Core", "VerticalInterfaces"], []),
        "Checkout": ("framework", "Checkout", ["Core", "VerticalInterfaces"], ["DesignSystem"]),
        "FeedTests": ("tests", "FeedTests", [], []),
    }
    local = p.add("package:local", "XCLocalSwiftPackageReference", 'XCLocalSwiftPackageReference "../Packages/DesignSystem"',
                  [("relativePath", "../Packages/DesignSystem")])
    remote = p.add("package:remote", "XCRemoteSwiftPackageReference", 'XCRemoteSwiftPackageReference "swift-collections"',
                   [("repositoryURL", q("https://github.com/apple/swift-collections.git")),
                    ("requirement", {"kind": "upToNextMajorVersion", "minimumVersion": "1.1.0"})])
    package_of = {"Collections": remote, "DesignSystem": local}
    built = {o: p.add("built:" + o, "PBXFileReference", o + ".framework",
                      [("explicitFileType", "wrapper.framework"), ("path", o + ".framework"), ("sourceTree", "BUILT_PRODUCTS_DIR")])
             for o in ["Core", "VerticalInterfaces"]}
    target_ids = {n: p.id("target:" + n) for n in targets}
    product_ref = {}
    folders = []
    for name, (kind, folder, linked, packages) in targets.items():
        ptype, ftype, ext = PRODUCT_TYPES[kind]
        product_ref[name] = p.add("product:" + name, "PBXFileReference", f"{name}.{ext}",
                                  [("explicitFileType", ftype), ("includeInIndex", "0"), ("path", f"{name}.{ext}"),
                                   ("sourceTree", "BUILT_PRODUCTS_DIR")])
        exceptions = []
        if name == "Feed":
            exceptions.append(Ref(p.add("exceptions:Feed", "PBXFileSystemSynchronizedBuildFileExceptionSet",
                                        'Exceptions for "Feed" folder in "Feed" target',
                                        [("membershipExceptions", ["Info.plist", "Previews/FeedPreviews.swift"]),
                                         ("target", Ref(target_ids["Feed"]))])))
        fields = []
        if exceptions:
            fields.append(("exceptions", exceptions))
        fields += [("explicitFileTypes", "{\n\t\t\t}"), ("explicitFolders", "(\n\t\t\t)"), ("path", folder), ("sourceTree", q("<group>"))]
        folders.append(p.add("folder:" + folder, "PBXFileSystemSynchronizedRootGroup", folder, fields))
    for name, (kind, folder, linked, packages) in targets.items():
        link_files = [Ref(p.add(f"link:{name}/{o}", "PBXBuildFile", o + ".framework in Frameworks", [("fileRef", Ref(built[o]))]))
                      for o in linked]
        product_deps = []
        for package_product in packages:
            dep = p.add(f"product:{name}/{package_product}", "XCSwiftPackageProductDependency", package_product,
                        [("package", Ref(package_of[package_product])), ("productName", package_product)])
            product_deps.append(Ref(dep))
            link_files.append(Ref(p.add(f"link:{name}/{package_product}", "PBXBuildFile", package_product + " in Frameworks",
                                        [("productRef", Ref(dep))])))
        phases = [Ref(p.add("sources:" + name, "PBXSourcesBuildPhase", "Sources",
                            [("buildActionMask", "2147483647"), ("files", []), ("runOnlyForDeploymentPostprocessing", "0")])),
                  Ref(p.add("frameworks:" + name, "PBXFrameworksBuildPhase", "Frameworks",
                            [("buildActionMask", "2147483647"), ("files", link_files), ("runOnlyForDeploymentPostprocessing", "0")]))]
        dependencies = []
        if name == "FeedTests":
            proxy = p.add("proxy:FeedTests/Feed", "PBXContainerItemProxy", "PBXContainerItemProxy",
                          [("containerPortal", Ref(p.id("project"))), ("proxyType", "1"),
                           ("remoteGlobalIDString", target_ids["Feed"]), ("remoteInfo", "Feed")])
            dependencies.append(Ref(p.add("dependency:FeedTests/Feed", "PBXTargetDependency", "PBXTargetDependency",
                                          [("target", Ref(target_ids["Feed"])), ("targetProxy", Ref(proxy))])))
        settings = {"PRODUCT_NAME": q("$(TARGET_NAME)"), "SWIFT_VERSION": "6.0", "PRODUCT_BUNDLE_IDENTIFIER": q("org.modgraph." + name)}
        fields = [("buildConfigurationList", Ref(configurations(p, name, settings))), ("buildPhases", phases),
                  ("buildRules", []), ("dependencies", dependencies),
                  ("fileSystemSynchronizedGroups", [Ref(p.id("folder:" + folder))]), ("name", name)]
        if product_deps:
            fields.append(("packageProductDependencies", product_deps))
        fields += [("productName", name), ("productReference", Ref(product_ref[name])), ("productType", q(PRODUCT_TYPES[kind][0]))]
        p.objects[target_ids[name]] = ("PBXNativeTarget", name, fields)
    frameworks_group = p.add("group:Frameworks", "PBXGroup", "Frameworks",
                             [("children", [Ref(b) for b in built.values()]), ("name", "Frameworks"), ("sourceTree", q("<group>"))])
    products = p.add("group:Products", "PBXGroup", "Products",
                     [("children", [Ref(product_ref[n]) for n in targets]), ("name", "Products"), ("sourceTree", q("<group>"))])
    main = p.add("group:main", "PBXGroup", None,
                 [("children", [Ref(f) for f in folders] + [Ref(frameworks_group), Ref(products)]), ("sourceTree", q("<group>"))])
    p.objects[p.id("project")] = ("PBXProject", "Project object", [
        ("attributes", {"BuildIndependentTargetsInParallel": "1", "LastSwiftUpdateCheck": "1600", "LastUpgradeCheck": "1600"}),
        ("buildConfigurationList", Ref(configurations(p, "Features-project", {"SDKROOT": "iphoneos"}))),
        ("developmentRegion", "en"), ("hasScannedForEncodings", "0"), ("knownRegions", ["en", "Base"]),
        ("mainGroup", Ref(main)), ("minimizedProjectReferenceProxies", "1"), ("preferredProjectObjectVersion", "77"),
        ("productRefGroup", Ref(products)), ("packageReferences", [Ref(local), Ref(remote)]),
        ("projectDirPath", '""'), ("projectRoot", '""'), ("targets", [Ref(target_ids[n]) for n in targets])])
    return p.render("project")


WORKSPACE = """<?xml version="1.0" encoding="UTF-8"?>
<Workspace
   version = "1.0">
   <FileRef
      location = "group:App/App.xcodeproj">
   </FileRef>
   <FileRef
      location = "group:Features/Features.xcodeproj">
   </FileRef>
   <FileRef
      location = "group:Packages/DesignSystem">
   </FileRef>
</Workspace>
"""

write("XcodeApp.xcworkspace/contents.xcworkspacedata", WORKSPACE)
write("App/App.xcodeproj/project.pbxproj", app_project())
write("Features/Features.xcodeproj/project.pbxproj", features_project())
print("wrote", ROOT)
