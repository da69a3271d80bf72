import Foundation
import ModGraphOutput
import Testing
@testable import ModGraphXcode

/// Project files from a pull request are input: loops, dangling and
/// mistyped references, unknown kinds, hostile names and sheer size must
/// give a result or a one-line error, never a hang, a crash or a wrong
/// dependency.
@Suite("Hostile projects")
struct HostileProjectTests {
    /// A project whose only target compiles `file` and depends on `dependencies`, with extra objects.
    private func project(objects: String, children: String = "", sources: String = "", dependencies: String = "", name: String = "App")
        -> String
    {
        projectText(
            rootObject: "R",
            objects: """
                \t\tR = {isa = PBXProject; mainGroup = M; targets = (T, ); };
                \t\tM = {isa = PBXGroup; children = (\(children)); sourceTree = "<group>"; };
                \t\tT = {isa = PBXNativeTarget; name = "\(name)"; buildPhases = (S, ); dependencies = (\(dependencies)); productType = "com.apple.product-type.application"; };
                \t\tS = {isa = PBXSourcesBuildPhase; files = (\(sources)); };
                \(objects)
                """)
    }

    @Test func groupsThatEncloseEachOtherAreSkippedWithOneWarning() throws {
        let text = project(
            objects: """
                \t\tA = {isa = PBXGroup; children = (B, ); path = a; sourceTree = "<group>"; };
                \t\tB = {isa = PBXGroup; children = (A, F, G, ); path = b; sourceTree = "<group>"; };
                \t\tF = {isa = PBXFileReference; path = F.swift; sourceTree = "<group>"; };
                \t\tG = {isa = PBXFileReference; path = G.swift; sourceTree = "<group>"; };
                \t\tBF = {isa = PBXBuildFile; fileRef = F; };
                \t\tBG = {isa = PBXBuildFile; fileRef = G; };
                \t\tSELF = {isa = PBXGroup; children = (SELF, H, ); path = s; sourceTree = "<group>"; };
                \t\tH = {isa = PBXFileReference; path = H.swift; sourceTree = "<group>"; };
                \t\tBH = {isa = PBXBuildFile; fileRef = H; };
                """,
            sources: "BF, BG, BH, "
        )
        let project = try decodeProject(text)
        // A group listing itself is not its own parent; H is found under it.
        #expect(try target("App", in: project).sources == ["s/H.swift"])
        #expect(
            project.warnings == [
                "App.xcodeproj/project.pbxproj:15: cannot locate 'F.swift': its groups enclose each other in a loop; skipped"
            ])
    }

    @Test func groupsNestedDeeperThanTheBoundAreSkipped() throws {
        var objects =
            "\t\tF = {isa = PBXFileReference; path = F.swift; sourceTree = \"<group>\"; };\n\t\tBF = {isa = PBXBuildFile; fileRef = F; };\n"
        objects += "\t\tG0 = {isa = PBXGroup; children = (F, ); path = g; sourceTree = \"<group>\"; };\n"
        for level in 1..<10_000 {
            objects += "\t\tG\(level) = {isa = PBXGroup; children = (G\(level - 1), ); path = g; sourceTree = \"<group>\"; };\n"
        }
        let project = try decodeProject(project(objects: objects, children: "G9999", sources: "BF"))
        #expect(try target("App", in: project).sources.isEmpty)
        #expect(
            project.warnings == [
                "App.xcodeproj/project.pbxproj:13: cannot locate 'F.swift': it is nested more than 256 groups deep; skipped"
            ])
    }

    @Test func proxiesThatPointAtThemselvesOrNowhere() throws {
        let text = project(
            objects: """
                \t\tD1 = {isa = PBXTargetDependency; targetProxy = P1; };
                \t\tP1 = {isa = PBXContainerItemProxy; containerPortal = P1; proxyType = 1; remoteGlobalIDString = P1; remoteInfo = Loop; };
                \t\tD2 = {isa = PBXTargetDependency; targetProxy = P2; };
                \t\tP2 = {isa = PBXContainerItemProxy; containerPortal = R; proxyType = 1; remoteGlobalIDString = MISSING; };
                \t\tD3 = {isa = PBXTargetDependency; target = D3; targetProxy = D3; };
                \t\tD4 = {isa = PBXTargetDependency; target = T; };
                """,
            dependencies: "D1, D2, D3, D4, MISSING, "
        )
        let project = try decodeProject(text)
        // Only the dependency on itself names a real target.
        #expect(try target("App", in: project).dependencyReferences == [.target(id: "T", name: "App", project: nil)])
        // Each warning names the line and the target, never an object id (issue #34).
        #expect(
            project.warnings == [
                "App.xcodeproj/project.pbxproj:14: a reference to another project names something that is not a file reference; skipped",
                "App.xcodeproj/project.pbxproj:13: target 'App' depends on 'Loop' (of a project the reference to which leads nowhere); skipped",
                "App.xcodeproj/project.pbxproj:15: target 'App' depends on a target neither this nor another project has; skipped",
                "App.xcodeproj/project.pbxproj:17: target 'App' depends on a target neither this nor another project has; skipped",
                "App.xcodeproj/project.pbxproj:11: target 'App': one of its target dependencies is an object the file does not have, not a PBXTargetDependency; skipped",
            ])
    }

    @Test func unknownKindsAndWrongTypesAreIgnored() throws {
        let text = projectText(
            rootObject: "R",
            objects: """
                \t\tR = {isa = PBXProject; mainGroup = M; targets = (T, U, X, NOISA, ); packageReferences = PKG; projectReferences = (ODD, {ProjectRef = (1, 2); }, ); };
                \t\tM = {isa = PBXGroup; children = "not an array"; };
                \t\tT = {isa = PBXNativeTarget; name = (list, of, names); productName = Fallback; buildPhases = (S, Q, W, ); dependencies = {}; productType = "com.apple.product-type.quantum-app"; };
                \t\tU = {isa = PBXLegacyTarget; };
                \t\tX = {isa = PBXFutureTarget; name = Future; };
                \t\tNOISA = {name = Nothing; };
                \t\tS = {isa = PBXSourcesBuildPhase; files = (F1, "", W, ); };
                \t\tQ = {isa = PBXQuantumBuildPhase; files = (F1, ); };
                \t\tW = {isa = PBXWhatever; };
                \t\tF1 = {isa = PBXBuildFile; fileRef = <0a0b>; };
                \t\tSTRAY = <00ff>;
                """)
        let project = try decodeProject(text)
        #expect(project.targets.map(\.name) == ["Fallback", "U"])
        #expect(project.targets.map(\.kind) == [.other("com.apple.product-type.quantum-app"), .legacy])
        #expect(project.targets.map(\.moduleName) == ["Fallback", "U"])
        #expect(project.targets.allSatisfy { $0.dependencies.isEmpty && $0.sources.isEmpty && $0.productFileName == nil })
        #expect(project.packageReferences.isEmpty)
        #expect(project.subprojects.isEmpty)
        #expect(
            project.warnings == [
                "App.xcodeproj/project.pbxproj:9: the project's list of targets names a PBXFutureTarget, not a target; skipped",
                "App.xcodeproj/project.pbxproj:9: the project's list of targets names an object the file does not have, not a target; skipped",
            ])
    }

    static let hostileName = "::add-mask::secret\n::error file=x::owned\u{1B}[31m"

    @Test func hostileNamesAreKeptAsDataAndMessagesStayOneLine() throws {
        let name = Self.hostileName
        let text = project(
            objects: """
                \t\tD = {isa = PBXTargetDependency; targetProxy = P; };
                \t\tP = {isa = PBXContainerItemProxy; containerPortal = R; proxyType = 1; remoteGlobalIDString = "\(name)"; };
                \t\tL = {isa = XCConfigurationList; buildConfigurations = (C, ); defaultConfigurationName = "\(name)"; };
                \t\tC = {isa = XCBuildConfiguration; name = "\(name)"; buildSettings = {PRODUCT_MODULE_NAME = "$(\(name))"; }; };
                """.replacingOccurrences(of: "\n::", with: "\\n::").replacingOccurrences(of: "\u{1B}", with: "\\033"),
            dependencies: "D",
            name: name.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\u{1B}", with: "\\033")
        ).replacingOccurrences(of: "isa = PBXNativeTarget;", with: "isa = PBXNativeTarget; buildConfigurationList = L;")
        let project = try decodeProject(text)
        let app = try #require(project.targets.first)
        #expect(app.name == name)
        // Nothing is set, so the module name falls back to the target name, made an identifier.
        #expect(app.moduleName == "__add_mask__secret___error_file_x__owned__31m")
        #expect(!project.warnings.isEmpty)
        for warning in project.warnings {
            #expect(!warning.replacingOccurrences(of: name, with: "").contains("\n"))
            let shown = Escape.message(warning)
            #expect(!shown.contains("\n") && !shown.contains("\u{1B}"))
            #expect(!Escape.isWorkflowCommand(Substring(shown)))
        }
    }

    @Test func dependencyCyclesBetweenTargetsAreKept() throws {
        let text = projectText(
            rootObject: "R",
            objects: """
                \t\tR = {isa = PBXProject; targets = (A, B, ); };
                \t\tA = {isa = PBXNativeTarget; name = A; dependencies = (DB, ); productType = "com.apple.product-type.framework"; };
                \t\tB = {isa = PBXNativeTarget; name = B; dependencies = (DA, ); productType = "com.apple.product-type.framework"; };
                \t\tDA = {isa = PBXTargetDependency; target = A; };
                \t\tDB = {isa = PBXTargetDependency; target = B; };
                """)
        let project = try decodeProject(text)
        #expect(
            project.targets.map(\.dependencyReferences) == [
                [.target(id: "B", name: "B", project: nil)],
                [.target(id: "A", name: "A", project: nil)],
            ])
    }

    /// 1,000 targets, each compiling a file, depending on and linking the one
    /// before it. Every lookup is by id, so decoding is linear in the objects.
    @Test func aThousandTargets() throws {
        let count = 1_000
        var objects = ""
        var targetIDs: [String] = []
        for index in 0..<count {
            let id = String(format: "AB%022X", index)
            targetIDs.append(id)
            objects += """
                \t\t\(id) /* Module\(index) */ = {
                \t\t\tisa = PBXNativeTarget;
                \t\t\tbuildConfigurationList = \(id)L;
                \t\t\tbuildPhases = (\(id)S, \(id)F, );
                \t\t\tdependencies = (\(index > 0 ? "\(id)D" : ""));
                \t\t\tname = "Module\(index)";
                \t\t\tproductReference = \(id)P;
                \t\t\tproductType = "com.apple.product-type.framework";
                \t\t};
                \t\t\(id)P = {isa = PBXFileReference; explicitFileType = wrapper.framework; path = Module\(index).framework; sourceTree = BUILT_PRODUCTS_DIR; };
                \t\t\(id)L = {isa = XCConfigurationList; buildConfigurations = (\(id)C, ); defaultConfigurationName = Release; };
                \t\t\(id)C = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = "$(TARGET_NAME)"; PRODUCT_MODULE_NAME = "$(PRODUCT_NAME:c99extidentifier)"; }; name = Release; };
                \t\t\(id)S = {isa = PBXSourcesBuildPhase; files = (\(id)B, ); };
                \t\t\(id)B = {isa = PBXBuildFile; fileRef = \(id)R; };
                \t\t\(id)R = {isa = PBXFileReference; path = File\(index).swift; sourceTree = "<group>"; };
                \t\t\(id)G = {isa = PBXGroup; children = (\(id)R, ); path = Module\(index); sourceTree = "<group>"; };
                \t\t\(id)F = {isa = PBXFrameworksBuildPhase; files = (\(index > 0 ? "\(id)K" : "")); };

                """
            if index > 0 {
                let previous = targetIDs[index - 1]
                objects += """
                    \t\t\(id)D = {isa = PBXTargetDependency; target = \(previous); targetProxy = \(id)X; };
                    \t\t\(id)X = {isa = PBXContainerItemProxy; containerPortal = R; proxyType = 1; remoteGlobalIDString = \(previous); remoteInfo = "Module\(index - 1)"; };
                    \t\t\(id)K = {isa = PBXBuildFile; fileRef = \(previous)P; };

                    """
            }
        }
        objects +=
            "\t\tM = {isa = PBXGroup; children = (\(targetIDs.map { $0 + "G" }.joined(separator: ", "))); sourceTree = \"<group>\"; };\n"
        objects += "\t\tR = {isa = PBXProject; mainGroup = M; targets = (\(targetIDs.joined(separator: ", "))); };\n"
        let project = try decodeProject(projectText(rootObject: "R", objects: objects))
        #expect(project.targets.count == count)
        #expect(project.warnings.isEmpty)
        let last = try #require(project.targets.last)
        #expect(last.moduleName == "Module999")
        #expect(last.sources == ["Module999/File999.swift"])
        #expect(last.dependencyReferences == [.target(id: targetIDs[998], name: "Module998", project: nil)])
        #expect(last.dependencies.map(\.declaration) == [.targetDependency, .linkedLibrary])
    }
}
