import ModGraphXcode
import Testing

@testable import ModGraphFix

/// Edits of an XcodeGen spec's `dependencies:`, line by line, with the results worked out by hand.
@Suite("fix: editing an XcodeGen spec")
struct SpecEditorTests {
    /// App lists its items at the key's column (element-x-ios's style), Widget two deeper; Core has no list.
    /// Lines: 1 `targets:`, 2 `App:`, 7 `- package: BuildExtensions`, 11 `Widget:`, 17 `Core:`.
    static let spec = """
        targets:
          App:
            type: application
            dependencies:
            - target: Core
            - package: Kingfisher
            - package: BuildExtensions
              product: Macros

            info: {path: Info.plist}
          Widget:
            type: app-extension
            dependencies:
              - target: Core
              - package: Analytics
                product: AnalyticsEvents
          Core:
            type: framework
            sources: [Core]
        targetTemplates:
          Feature:
            dependencies:
              - target: Core
        """

    @Test func anItemGoesWithItsContinuationLines() throws {
        let edited = try SpecEditor(Self.spec).removing(itemAt: 7, written: "Macros", targetLine: 2)
        #expect(edited == Self.spec.replacingOccurrences(of: "    - package: BuildExtensions\n      product: Macros\n", with: ""))
        let other = try SpecEditor(Self.spec).removing(itemAt: 5, written: "Core", targetLine: 2)
        #expect(other == Self.spec.replacingOccurrences(of: "    - target: Core\n    - package: Kingfisher", with: "    - package: Kingfisher"))
    }

    /// The last item gone: `dependencies: []`, not a key with nothing under it.
    @Test func anEmptiedListIsWrittenEmpty() throws {
        let spec = "targets:\n  Tests:\n    dependencies:\n    - target: Kit\n\n    configFiles:\n      Debug: Debug.xcconfig\n"
        let edited = try SpecEditor(spec).removing(itemAt: 4, written: "Kit", targetLine: 2)
        #expect(edited == "targets:\n  Tests:\n    dependencies: []\n\n    configFiles:\n      Debug: Debug.xcconfig\n")
        // One of two: the list stays a list.
        let two = "targets:\n  Tests:\n    dependencies:\n      - target: Kit\n      - target: Core\n"
        #expect(try SpecEditor(two).removing(itemAt: 4, written: "Kit", targetLine: 2) == "targets:\n  Tests:\n    dependencies:\n      - target: Core\n")
        #expect(try SpecEditor(two).removing(itemAt: 5, written: "Core", targetLine: 2) == "targets:\n  Tests:\n    dependencies:\n      - target: Kit\n")
    }

    @Test func anItemIsAddedAfterTheLastAtItsColumn() throws {
        let app = try SpecEditor(Self.spec).adding([("package", "Nuke")], toTargetAt: 2)
        #expect(app == Self.spec.replacingOccurrences(of: "      product: Macros\n", with: "      product: Macros\n    - package: Nuke\n"))
        let widget = try SpecEditor(Self.spec).adding([("package", "Analytics"), ("product", "Tracking")], toTargetAt: 11)
        #expect(
            widget
                == Self.spec.replacingOccurrences(
                    of: "        product: AnalyticsEvents\n",
                    with: "        product: AnalyticsEvents\n      - package: Analytics\n        product: Tracking\n"))
    }

    @Test func aTargetWithoutAListGetsOneAtTheEndOfItsBlock() throws {
        let edited = try SpecEditor(Self.spec).adding([("target", "Logging")], toTargetAt: 17)
        #expect(
            edited
                == Self.spec.replacingOccurrences(
                    of: "    sources: [Core]\n", with: "    sources: [Core]\n    dependencies:\n      - target: Logging\n"))
    }

    /// The edits are checked with the spec reader's own bounded YAML parser.
    @Test func theResultIsReadAsTheLoaderReadsSpecs() {
        #expect(XcodeProject.xcodeGenSpecProblem(in: Self.spec) == nil)
        #expect(XcodeProject.xcodeGenSpecProblem(in: "targets:\n  App: [unclosed\n") != nil)
    }

    @Test func whatIsNotPlainBlockStyleIsRefused() throws {
        let editor = SpecEditor(Self.spec)
        // A template's item, outside the target's block: other targets share it.
        #expect(throws: ManifestRefusal.self) { try editor.removing(itemAt: 23, written: "Core", targetLine: 17) }
        // The line does not declare what the finding names.
        #expect(throws: ManifestRefusal.self) { try editor.removing(itemAt: 6, written: "Nuke", targetLine: 2) }
        // Not a target's key.
        #expect(throws: ManifestRefusal.self) { try editor.adding([("target", "X")], toTargetAt: 3) }
        // A name YAML would read otherwise.
        #expect(throws: ManifestRefusal.self) { try editor.adding([("target", "- x: y")], toTargetAt: 2) }
        let flow = "targets:\n  App:\n    dependencies: [{target: Core}]\n"
        #expect(throws: ManifestRefusal.self) { try SpecEditor(flow).adding([("target", "Kit")], toTargetAt: 2) }
        let tabs = "targets:\n  App:\n\tdependencies:\n"
        #expect(throws: ManifestRefusal.self) { try SpecEditor(tabs).adding([("target", "Kit")], toTargetAt: 2) }
        let several = "targets:\n  App:\n    dependencies:\n      - package: Sentry\n        products: [Sentry, SentrySwiftUI]\n"
        #expect(throws: ManifestRefusal.self) { try SpecEditor(several).removing(itemAt: 4, written: "Sentry", targetLine: 2) }
    }
}
