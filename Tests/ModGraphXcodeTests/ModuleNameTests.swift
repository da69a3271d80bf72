import Testing
@testable import ModGraphXcode

/// How a target's module name comes out of its build settings.
@Suite("Module names")
struct ModuleNameTests {
    private func settings(_ target: [String: String], project: [String: String] = [:], name: String = "My App") -> BuildSettings {
        BuildSettings(levels: [dictionary(target), dictionary(project)], targetName: name, projectName: "Shop", configuration: "Release")
    }

    private func dictionary(_ values: [String: String]) -> PropertyListDictionary {
        var dictionary = PropertyListDictionary()
        for (key, value) in values.sorted(by: { $0.key < $1.key }) { dictionary.set(key, .string(value)) }
        return dictionary
    }

    private func moduleName(_ target: [String: String], project: [String: String] = [:], name: String = "My App") -> String? {
        var settings = settings(target, project: project, name: name)
        return settings.value(of: "PRODUCT_MODULE_NAME")
    }

    @Test(
        arguments: [
            // PRODUCT_MODULE_NAME wins.
            (["PRODUCT_MODULE_NAME": "Shopping", "PRODUCT_NAME": "Other"], "Shopping"),
            // Else PRODUCT_NAME, made an identifier, as Xcode's default `$(PRODUCT_NAME:c99extidentifier)` does.
            (["PRODUCT_NAME": "Store Front"], "Store_Front"),
            (["PRODUCT_NAME": "$(TARGET_NAME)"], "My_App"),
            (["PRODUCT_NAME": "${TARGET_NAME}"], "My_App"),
            (["PRODUCT_NAME": "$(TARGET_NAME:c99extidentifier)"], "My_App"),
            // Else the target name.
            ([:], "My_App"),
            // References to other settings, nested and with operators.
            (["PRODUCT_MODULE_NAME": "$(PROJECT_NAME)$(PRODUCT_NAME)"], "ShopMy App"),
            (["PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:rfc1034identifier)"], "My-App"),
            (["PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:identifier:lower)"], "my_app"),
            (["PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:upper)"], "MY APP"),
            (["PRODUCT_MODULE_NAME": "$(SUFFIX:default=Kit)"], "Kit"),
            (["PRODUCT_MODULE_NAME": "$(NAME_$(FLAVOUR))", "NAME_PRO": "ShopPro", "FLAVOUR": "PRO"], "ShopPro"),
            (["PRODUCT_MODULE_NAME": "$(CONFIGURATION)Build"], "ReleaseBuild"),
            (["PRODUCT_MODULE_NAME": "$(INFOPLIST_FILE:base)", "INFOPLIST_FILE": "Config/Shop-Info.plist"], "Shop-Info"),
        ] as [([String: String], String)])
    func fromSettings(_ target: [String: String], _ expected: String) {
        #expect(moduleName(target) == expected)
    }

    @Test func inheritedReachesTheProjectThenTheDefault() {
        #expect(moduleName(["PRODUCT_NAME": "$(inherited)Kit"], project: ["PRODUCT_NAME": "Shop"]) == "ShopKit")
        #expect(moduleName(["PRODUCT_NAME": "$(inherited)Kit"]) == "My_AppKit")
        #expect(moduleName([:], project: ["PRODUCT_MODULE_NAME": "FromProject"]) == "FromProject")
    }

    @Test func unknownSettingsReadAsEmptyAndAreNamed() {
        var settings = settings(["PRODUCT_MODULE_NAME": "$(PREFIX)Core$(SUFFIX:default=)"])
        #expect(settings.value(of: "PRODUCT_MODULE_NAME") == "Core")
        #expect(settings.unresolved == ["PREFIX"])
    }

    @Test func selfReferenceIsEmptyNotEndless() {
        var settings = settings(["PRODUCT_MODULE_NAME": "$(A)", "A": "x$(B)", "B": "$(A)"])
        #expect(settings.value(of: "PRODUCT_MODULE_NAME") == "x")
        #expect(settings.unresolved == ["A"])
    }

    @Test func deepAndWideReferencesAreBounded() {
        // 10,000 settings each naming the next: evaluation stops at the depth bound, without recursion to match.
        var chain: [String: String] = ["PRODUCT_MODULE_NAME": "$(S0)"]
        for index in 0..<10_000 { chain["S\(index)"] = "$(S\(index + 1))" }
        var settings = settings(chain)
        #expect(settings.value(of: "PRODUCT_MODULE_NAME") == "")
        #expect(!settings.unresolved.isEmpty)
        // Each level doubles the text: cut at the length bound instead of 2^21 characters.
        var doubling: [String: String] = ["PRODUCT_MODULE_NAME": "$(D0)", "D20": "ab"]
        for index in 0..<20 { doubling["D\(index)"] = "$(D\(index + 1))$(D\(index + 1))" }
        var wide = self.settings(doubling)
        #expect(wide.value(of: "PRODUCT_MODULE_NAME")?.count == BuildSettings.maximumLength)
        // Brackets nested deep, closed or not, and values no name could need.
        let nested = String(repeating: "$(", count: 1_000) + String(repeating: ")", count: 1_000)
        #expect(moduleName(["PRODUCT_MODULE_NAME": nested]) == "")
        #expect(moduleName(["PRODUCT_MODULE_NAME": String(repeating: "$(", count: 1_000)])?.count == BuildSettings.maximumLength)
        #expect(moduleName(["PRODUCT_MODULE_NAME": String(repeating: "$(", count: 100_000) + String(repeating: ")", count: 100_000)]) == "")
    }

    @Test func arrayValuesAreJoined() {
        var dictionary = PropertyListDictionary()
        dictionary.set("PRODUCT_NAME", .array([.string("Two"), .string("Words")]))
        var settings = BuildSettings(levels: [dictionary], targetName: "T", projectName: "P", configuration: "Release")
        #expect(settings.value(of: "PRODUCT_MODULE_NAME") == "Two_Words")
    }

    @Test(arguments: [
        ("My App", "My_App"),
        ("3D Touch", "_D_Touch"),
        ("Café", "Café"),
        ("模块", "模块"),
        ("a-b.c", "a_b_c"),
        ("😀x", "_x"),
        ("", ""),
    ])
    func c99ExtendedIdentifiers(_ name: String, _ expected: String) {
        #expect(IdentifierMangling.c99Extended(name) == expected)
    }

    @Test func cAndRFC1034Identifiers() {
        #expect(IdentifierMangling.c("3D Café") == "_D_Caf_")
        #expect(IdentifierMangling.rfc1034("3D Touch_App") == "-D-Touch-App")
    }
}
