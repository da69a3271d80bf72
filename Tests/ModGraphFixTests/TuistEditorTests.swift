import Testing

@testable import ModGraphFix

/// Edits of a Tuist `Project.swift`'s targets, with the results worked out by hand.
@Suite("fix: editing a Tuist manifest")
struct TuistEditorTests {
    /// Feature written out (Tuist 4), Legacy in Tuist 3's `Target(…)`, Made by a helper, NoList without `dependencies:`.
    static let manifest = """
        import ProjectDescription

        let shared: [TargetDependency] = [.target(name: "Core")]

        let project = Project(
            name: "Feature",
            targets: [
                .target(
                    name: "Feature", destinations: .iOS, product: .framework, bundleId: "dev.feature",
                    dependencies: [
                        .target(name: "Core"),
                        .external(name: "Nuke"), // images
                        .sdk(name: "c++", type: .library),
                    ]),
                Target(name: "Legacy", platform: .iOS, product: .framework, bundleId: "dev.legacy", dependencies: [.project(target: "Old", path: "../Old")]),
                .target(name: "Core", destinations: .iOS, product: .framework, bundleId: "dev.core", dependencies: shared),
                .makeModule(name: "Made"),
                .target(name: "NoList", destinations: .iOS, product: .framework, bundleId: "dev.nolist"),
            ])
        """

    @Test func aDependencyIsAddedInTheArraysLayoutAndOneIsRemovedWithItsLine() throws {
        let outcome = try TuistEditor(Self.manifest).apply([
            .remove(target: "Feature", name: "Nuke"),
            .add(target: "Feature", written: ".project(target: \"HomeInterface\", path: \"../Home\")", name: "HomeInterface"),
            // Already there: nothing to add. A dependency's own `.target(name: "Core")` is no declaration of Core.
            .add(target: "Feature", written: ".target(name: \"Core\")", name: "Core"),
        ])
        #expect(outcome.refused.isEmpty)
        // Nuke's line goes with its comment; the new element follows the last, with the array's trailing comma.
        let expected = Self.manifest.replacingOccurrences(
            of: "                .external(name: \"Nuke\"), // images\n                .sdk(name: \"c++\", type: .library),\n",
            with:
                "                .sdk(name: \"c++\", type: .library),\n                .project(target: \"HomeInterface\", path: \"../Home\"),\n"
        )
        #expect(expected != Self.manifest)
        #expect(outcome.text == expected)
    }

    @Test func tuist3TargetsOnOneLineStayOnOneLine() throws {
        let outcome = try TuistEditor(Self.manifest).apply([
            .add(target: "Legacy", written: ".external(name: \"Alamofire\")", name: "Alamofire"),
            .remove(target: "Legacy", name: "Old"),
        ])
        #expect(outcome.refused.isEmpty)
        #expect(outcome.text.contains("bundleId: \"dev.legacy\", dependencies: [.external(name: \"Alamofire\")]),"))
    }

    @Test func whatIsNotWrittenOutIsRefusedWithTheReason() throws {
        let outcome = try TuistEditor(Self.manifest).apply([
            .add(target: "Core", written: ".external(name: \"Nuke\")", name: "Nuke"),
            .add(target: "Made", written: ".target(name: \"Core\")", name: "Core"),
            .remove(target: "Feature", name: "Missing"),
        ])
        #expect(outcome.text == Self.manifest)
        #expect(
            outcome.refused.map(\.reason) == [
                "target \"Core\" has no dependencies: array literal in the manifest: add the dependency there by hand",
                "target \"Feature\" does not list \"Missing\" by name in its dependencies",
                "target \"Made\" is not written as .target(name: \"Made\", …) in the manifest (a helper, a loop or a variable makes it): edit it where its dependencies are written",
            ])
    }

    /// A target written without `dependencies:` gets one where Tuist's initializer takes it: after the last
    /// argument, or before `settings:` and what follows it, in the arguments' layout.
    @Test func aTargetWithoutDependenciesGetsTheArgument() throws {
        let oneLine = try TuistEditor(Self.manifest).apply([
            .add(target: "NoList", written: ".target(name: \"Core\")", name: "Core"),
            .add(target: "NoList", written: ".target(name: \"Core\")", name: "Core"),
            .remove(target: "NoList", name: "Old"),
        ])
        #expect(
            oneLine.text
                == Self.manifest.replacingOccurrences(
                    of: "bundleId: \"dev.nolist\")", with: "bundleId: \"dev.nolist\", dependencies: [.target(name: \"Core\")])"))
        #expect(oneLine.refused.map(\.reason) == ["target \"NoList\" does not list \"Old\" by name in its dependencies"])
        let multiLine = """
            let project = Project(name: "M", targets: [
                .target(
                    name: "Multi",
                    destinations: .iOS,
                    product: .framework,
                    bundleId: "dev.multi",
                    settings: .settings(base: [:])
                ),
                .target(
                    name: "Last",
                    destinations: .iOS,
                    product: .framework,
                    bundleId: "dev.last",
                ),
            ])
            """
        let outcome = try TuistEditor(multiLine).apply([
            .add(target: "Multi", written: ".external(name: \"Nuke\")", name: "Nuke"),
            .add(target: "Multi", written: ".target(name: \"Core\")", name: "Core"),
            .add(target: "Last", written: ".target(name: \"Core\")", name: "Core"),
        ])
        #expect(outcome.refused.isEmpty)
        #expect(
            outcome.text
                == multiLine.replacingOccurrences(
                    of: "        bundleId: \"dev.multi\",\n",
                    with: "        bundleId: \"dev.multi\",\n        dependencies: [.external(name: \"Nuke\"), .target(name: \"Core\")],\n"
                ).replacingOccurrences(
                    of: "        bundleId: \"dev.last\",\n",
                    with: "        bundleId: \"dev.last\",\n        dependencies: [.target(name: \"Core\")],\n"))
    }

    /// `dependencies: […] + (flag ? […] : [])`: the literal that starts the concatenation is edited; anything
    /// else (another operator, a variable first) is refused.
    @Test func anArrayThatStartsAConcatenationIsEdited() throws {
        let manifest = """
            let project = Project(name: "C", targets: [
                .target(name: "Kit", destinations: .iOS, product: .framework, bundleId: "k", dependencies: [
                    .external(name: "Nuke"),
                ] + (isAppStore ? [.external(name: "Rollbar")] : [])),
                .target(name: "Other", destinations: .iOS, product: .framework, bundleId: "o", dependencies: shared + [.target(name: "A")]),
            ])
            """
        let outcome = try TuistEditor(manifest).apply([
            .add(target: "Kit", written: ".target(name: \"Core\")", name: "Core"),
            .remove(target: "Kit", name: "Rollbar"),
            .add(target: "Other", written: ".target(name: \"Core\")", name: "Core"),
        ])
        #expect(
            outcome.text
                == manifest.replacingOccurrences(
                    of: "        .external(name: \"Nuke\"),\n",
                    with: "        .external(name: \"Nuke\"),\n        .target(name: \"Core\"),\n"))
        #expect(
            outcome.refused.map(\.reason) == [
                "target \"Kit\" does not list \"Rollbar\" by name in its dependencies",
                "target \"Other\" has no dependencies: array literal in the manifest: add the dependency there by hand",
            ])
    }

    /// Targets a function of the manifest makes (kMail's two apps): a change every one of them asks is made
    /// once in the function's `.target(…)`; one only some ask is refused, since it would reach the others.
    @Test func aChangeEveryTargetOfAFunctionNeedsIsMadeInTheFunction() throws {
        let manifest = """
            func app(name: String, destinations: Destinations) -> Target {
                .target(
                    name: name, destinations: destinations, product: .app, bundleId: "dev.app",
                    dependencies: [
                        .target(name: "Core"),
                        .external(name: "Old"),
                    ])
            }

            let project = Project(name: "Apps", targets: [
                app(name: "Phone", destinations: .iOS),
                app(name: "Mac", destinations: [.macCatalyst]),
            ])
            """
        let outcome = try TuistEditor(manifest).apply([
            .add(target: "Phone", written: ".external(name: \"Nuke\")", name: "Nuke"),
            .add(target: "Mac", written: ".external(name: \"Nuke\")", name: "Nuke"),
            .remove(target: "Phone", name: "Old"),
            .remove(target: "Mac", name: "Old"),
            .add(target: "Mac", written: ".external(name: \"MacOnly\")", name: "MacOnly"),
        ])
        #expect(
            outcome.text
                == manifest.replacingOccurrences(
                    of: "            .external(name: \"Old\"),\n", with: "            .external(name: \"Nuke\"),\n"))
        #expect(
            outcome.refused.map(\.reason) == [
                "target \"Mac\" is made by app(…) in the manifest with \"Phone\", \"Mac\", which do not all need this change: edit it by hand"
            ])
        // Made one at a time, as `fix` makes them, with the others asked for context: the same text.
        let all: [TuistEditor.Change] = [
            .add(target: "Phone", written: ".external(name: \"Nuke\")", name: "Nuke"),
            .add(target: "Mac", written: ".external(name: \"Nuke\")", name: "Nuke"),
            .add(target: "Mac", written: ".external(name: \"MacOnly\")", name: "MacOnly"),
        ]
        let first = try TuistEditor(manifest).apply([all[0]], asked: all)
        let second = try TuistEditor(first.text).apply([all[1]], asked: all)
        #expect(first.refused.isEmpty && second.refused.isEmpty && second.text == first.text)
        #expect(first.text.contains(".external(name: \"Old\"),\n            .external(name: \"Nuke\"),\n"))
        #expect(try TuistEditor(second.text).apply([all[2]], asked: all).refused.count == 1)
        #expect(try TuistEditor(manifest).apply([all[0]]).refused.count == 1)
        // A function whose calls do not all name their target with a literal makes no target the editor can follow.
        let unknown = manifest.replacingOccurrences(of: "app(name: \"Mac\"", with: "app(name: macName")
        let refused = try TuistEditor(unknown).apply([.add(target: "Phone", written: ".external(name: \"Nuke\")", name: "Nuke")])
        #expect(refused.text == unknown && refused.refused.count == 1)
    }

    @Test func aManifestThatDoesNotParseIsNotEdited() {
        #expect(throws: ManifestRefusal.self) { try TuistEditor("let project = Project(name: \"X\", targets: [") }
    }

    /// A dependency a helper makes, at the line the evaluator made it at: the one array element starting on that line is
    /// taken out with its line, or a new one appended to its array; a line starting no element, or two, is refused.
    @Test func anElementAtALineIsRemovedOrAddedBeside() throws {
        let manifest = """
            let project = Project.make(
                dependencies: [
                    .domain,
                    .core(implements: .Network)
                ],
                more: [.a, .b]
            )
            """
        let editor = try TuistEditor(manifest)
        #expect(
            try editor.removingElement(at: 3)
                == manifest.replacingOccurrences(of: "        .domain,\n", with: ""))
        #expect(
            try editor.addingElement(".project(target: \"Core\", path: \"../Core\")", besideTheElementAt: 4)
                == manifest.replacingOccurrences(
                    of: ".core(implements: .Network)\n",
                    with: ".core(implements: .Network),\n        .project(target: \"Core\", path: \"../Core\")\n"))
        #expect(throws: ManifestRefusal(reason: "line 1, where a helper makes its dependency, is no element of an array in the manifest")) {
            try editor.removingElement(at: 1)
        }
        #expect(
            throws: ManifestRefusal(reason: "line 6, where a helper makes its dependency, starts 2 elements of arrays: edit it by hand")
        ) {
            try editor.removingElement(at: 6)
        }
    }
}
