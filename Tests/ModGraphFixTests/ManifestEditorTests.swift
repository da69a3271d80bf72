import Foundation
import Testing
@testable import ModGraphFix

/// Edits of Package.swift texts, each with the whole expected result written out:
/// what the author's file looks like after `modgraph fix`, byte for byte.
@Suite("fix: editing Package.swift")
struct ManifestEditorTests {
    private func edit(
        _ text: String, _ changes: [ManifestEditor.Change], packages: [String: ManifestEditor.PackageEntry] = [:]
    ) throws -> ManifestEditor.Outcome {
        try ManifestEditor(text).apply(changes, packages: packages)
    }

    static let multiline = """
        // swift-tools-version: 5.9
        import PackageDescription

        let package = Package(
            name: "App",
            dependencies: [
                .package(path: "../Low"),
            ],
            targets: [
                .target(
                    name: "Feed",
                    dependencies: [
                        "Core",
                        .product(name: "Low", package: "Low"), // the networking layer
                        "Unused",
                    ]
                ),
                .target(name: "Core"),
                .target(name: "Unused"),
                .testTarget(name: "FeedTests", dependencies: ["Feed", "Core"]),
            ]
        )

        """

    @Test func aRemovalTakesTheElementsLine() throws {
        let outcome = try edit(Self.multiline, [.remove(target: "Feed", written: "Unused")])
        #expect(outcome.refused.isEmpty)
        #expect(outcome.text == Self.multiline.replacingOccurrences(of: "                \"Unused\",\n", with: ""))
    }

    @Test func anAdditionFollowsItsNeighboursLayout() throws {
        let outcome = try edit(
            Self.multiline,
            [.add(target: "Feed", element: .target("Models")), .add(target: "FeedTests", element: .target("Models"))])
        #expect(
            outcome.text
                == Self.multiline
                .replacingOccurrences(
                    of: "                \"Unused\",\n", with: "                \"Unused\",\n                \"Models\",\n"
                )
                .replacingOccurrences(of: "[\"Feed\", \"Core\"]", with: "[\"Feed\", \"Core\", \"Models\"]"))
    }

    /// The element after which the new one goes has a comment: the comma goes before it, the new line after it.
    @Test func aCommentStaysWithItsElement() throws {
        let text = """
            let package = Package(name: "A", targets: [
                .target(name: "T", dependencies: [
                    "A" // first
                ]),
            ])
            """
        let outcome = try edit(text, [.add(target: "T", element: .target("B"))])
        #expect(
            outcome.text == """
                let package = Package(name: "A", targets: [
                    .target(name: "T", dependencies: [
                        "A", // first
                        "B"
                    ]),
                ])
                """)
    }

    @Test func aTargetWithoutDependenciesGetsTheArgumentAfterItsName() throws {
        let text = """
            let package = Package(name: "A", targets: [
                .target(name: "T", path: "Sources/T"),
                .target(
                    name: "U",
                    path: "Sources/U"
                ),
                .target(name: "V"),
            ])
            """
        let outcome = try edit(
            text,
            [
                .add(target: "T", element: .target("B")), .add(target: "U", element: .target("B")),
                .add(target: "V", element: .target("B")),
            ])
        #expect(
            outcome.text == """
                let package = Package(name: "A", targets: [
                    .target(name: "T", dependencies: ["B"], path: "Sources/T"),
                    .target(
                        name: "U",
                        dependencies: ["B"],
                        path: "Sources/U"
                    ),
                    .target(name: "V", dependencies: ["B"]),
                ])
                """)
    }

    /// A product of a package the manifest does not declare: the target's line and the package's.
    @Test func aNewPackageIsDeclaredBesideTheOthers() throws {
        let text = """
            let package = Package(
                name: "Top",
                dependencies: [
                    .package(path: "../Mid")
                ],
                targets: [
                    .target(name: "Top", dependencies: [.product(name: "Mid", package: "Mid")]),
                ]
            )
            """
        let outcome = try edit(
            text, [.add(target: "Top", element: .product(name: "Low", package: "Low"))],
            packages: ["Low": ManifestEditor.PackageEntry(names: ["Low", "low"], entry: ".package(path: \"../Low\")")])
        #expect(outcome.packagesAdded == [".package(path: \"../Low\")"])
        #expect(
            outcome.text == """
                let package = Package(
                    name: "Top",
                    dependencies: [
                        .package(path: "../Mid"),
                        .package(path: "../Low")
                    ],
                    targets: [
                        .target(name: "Top", dependencies: [.product(name: "Mid", package: "Mid"), .product(name: "Low", package: "Low")]),
                    ]
                )
                """)
        // A package declared already is not declared again, whatever case `package:` uses.
        let again = try edit(
            text, [.add(target: "Top", element: .product(name: "Mid2", package: "mid"))],
            packages: ["mid": ManifestEditor.PackageEntry(names: ["mid"], entry: ".package(path: \"../Mid\")")])
        #expect(again.packagesAdded.isEmpty)
        // Nobody says where it comes from: refused with why, nothing written for it.
        let unknown = try edit(text, [.add(target: "Top", element: .product(name: "X", package: "x"))])
        #expect(unknown.refused.count == 1 && unknown.refused[0].reason.contains("does not declare package \"x\""))
    }

    @Test func removingEveryElementLeavesAnEmptyArray() throws {
        let text = """
            let package = Package(name: "A", targets: [
                .target(name: "T", dependencies: [
                    "A",
                    "B",
                ]),
                .target(name: "U", dependencies: ["A", "B", "C"]),
            ])
            """
        let outcome = try edit(
            text,
            [
                .remove(target: "T", written: "A"), .remove(target: "T", written: "B"), .remove(target: "U", written: "C"),
                .remove(target: "U", written: "A"),
            ])
        #expect(
            outcome.text == """
                let package = Package(name: "A", targets: [
                    .target(name: "T", dependencies: []),
                    .target(name: "U", dependencies: ["B"]),
                ])
                """)
    }

    /// What the edits cannot see as written is refused with the reason, never guessed at.
    @Test func whatIsNotWrittenAsALiteralIsRefused() throws {
        let text = """
            let names = ["A", "B"]
            let package = Package(name: "P", targets: names.map { .target(name: $0) } + [
                .target(name: "T", dependencies: common),
                .target(name: "U", dependencies: ["A"]),
            ])
            #if os(Linux)
            package.targets.append(.target(name: "U"))
            #endif
            """
        let outcome = try edit(
            text,
            [
                .add(target: "A", element: .target("B")), .add(target: "T", element: .target("B")),
                .remove(target: "U", written: "A"),
            ])
        #expect(outcome.text == text)
        let reasons = Dictionary(uniqueKeysWithValues: outcome.refused.map { ($0.change.target, $0.reason) })
        #expect(reasons["A"]?.contains("is not written as .target(name: \"A\"") == true)
        #expect(reasons["T"]?.contains("not an array literal") == true)
        #expect(reasons["U"]?.contains("is written 2 times") == true)
    }

    /// `dependencies: ["A"] + extra`: the literal that starts the concatenation is edited; `extra + ["A"]` is refused.
    @Test func anArrayThatStartsAConcatenationIsEdited() throws {
        let text = """
            let package = Package(name: "P", targets: [
                .target(name: "T", dependencies: ["A"] + extra),
                .target(name: "U", dependencies: extra + ["A"]),
                .target(name: "A"), .target(name: "B"),
            ])
            """
        let outcome = try edit(text, [.add(target: "T", element: .target("B")), .add(target: "U", element: .target("B"))])
        #expect(
            outcome.text == text.replacingOccurrences(of: "dependencies: [\"A\"] + extra", with: "dependencies: [\"A\", \"B\"] + extra"))
        #expect(outcome.refused.map(\.change.target) == ["U"])
    }

    /// A manifest that does not parse, or holds control characters, is not edited at all.
    @Test func aManifestThatDoesNotParseIsNotEdited() {
        #expect(throws: ManifestRefusal.self) { try ManifestEditor("let package = Package(name: \"A\", targets: [") }
        #expect(throws: ManifestRefusal(reason: "it holds control characters, which a diff would carry to the terminal")) {
            try ManifestEditor("let package = Package(name: \"A\u{1B}[31m\")")
        }
        #expect(throws: ManifestRefusal(reason: "it nests deeper than modgraph reads")) {
            try ManifestEditor("let x = " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40))
        }
    }

    /// Names from the graph are data: a quote or a backslash in one stays inside its string literal.
    @Test func namesAreWrittenAsStringLiterals() throws {
        let text = "let package = Package(name: \"A\", targets: [.target(name: \"T\", dependencies: [])])"
        let outcome = try edit(text, [.add(target: "T", element: .target("B\"), .target(name: \"evil\\"))])
        #expect(outcome.text.contains(#"dependencies: ["B\"), .target(name: \"evil\\"]"#))
        #expect(try ManifestSyntax(outcome.text).targetCalls(named: "evil").isEmpty)
        // A bidirectional override is spelled out, so the line shows what the name is.
        let hidden = try edit(text, [.add(target: "T", element: .target("Name\u{202E}gnp.exe"))])
        #expect(hidden.text.contains(#"dependencies: ["Name\u{202E}gnp.exe"]"#))
    }
}

@Suite("fix: package-level dependencies")
struct PackageEntryTests {
    /// The last product of a package removed: the package's entry goes too; one still used stays.
    @Test func aPackageNothingUsesIsNoLongerDeclared() throws {
        let text = """
            let package = Package(
                name: "A",
                dependencies: [
                    .package(url: "https://example.com/tools/swift-log.git", from: "1.5.0"),
                    .package(path: "../Kit"),
                ],
                targets: [
                    .target(name: "T", dependencies: [.product(name: "Logging", package: "swift-log"), .product(name: "Kit", package: "Kit")]),
                    .target(name: "U", dependencies: [.product(name: "Kit", package: "Kit")]),
                ]
            )
            """
        let outcome = try ManifestEditor(text).apply(
            [.remove(target: "T", written: "Logging"), .remove(target: "T", written: "Kit")], packages: [:])
        #expect(outcome.packagesRemoved == [#".package(url: "https://example.com/tools/swift-log.git", from: "1.5.0")"#])
        #expect(
            outcome.text == """
                let package = Package(
                    name: "A",
                    dependencies: [
                        .package(path: "../Kit"),
                    ],
                    targets: [
                        .target(name: "T", dependencies: []),
                        .target(name: "U", dependencies: [.product(name: "Kit", package: "Kit")]),
                    ]
                )
                """)
    }

    /// A dependency written by name alone might be a product of the package: it stays declared.
    @Test func aNameThatMayBeItsProductKeepsIt() throws {
        let text = """
            let package = Package(
                name: "A",
                dependencies: [.package(url: "https://example.com/Nimble.git", from: "13.0.0")],
                targets: [
                    .target(name: "T", dependencies: [.product(name: "Nimble", package: "Nimble")]),
                    .testTarget(name: "TTests", dependencies: ["T", "Nimble"]),
                ]
            )
            """
        let outcome = try ManifestEditor(text).apply([.remove(target: "T", written: "Nimble")], packages: [:])
        #expect(outcome.packagesRemoved.isEmpty)
        #expect(outcome.text.contains(".package(url: \"https://example.com/Nimble.git\""))
    }
}

@Suite("fix: packages declared however they are written")
struct DeclaredPackageTests {
    /// `package.dependencies += […]` under an `if` is no literal of `Package(…)`: the dump says the
    /// package is declared, so a product of it is added without an entry (and without a refusal).
    @Test func aPackageTheDumpDeclaresNeedsNoEntry() throws {
        let text = """
            let package = Package(name: "A", targets: [.target(name: "T", dependencies: [])])
            if Context.environment["LOCAL"] == nil {
                package.dependencies += [.package(url: "https://example.com/swift-atomics.git", from: "1.1.0")]
            }
            """
        let editor = try ManifestEditor(text)
        let change = ManifestEditor.Change.add(target: "T", element: .product(name: "Atomics", package: "swift-atomics"))
        let declared = try editor.apply([change], packages: [:], declared: ["swift-atomics"])
        #expect(declared.refused.isEmpty && declared.packagesAdded.isEmpty)
        #expect(declared.text.contains(#"dependencies: [.product(name: "Atomics", package: "swift-atomics")]"#))
        // Without what the dump says, the literal alone does not declare it, and nobody says where it comes from.
        #expect(try editor.apply([change], packages: [:]).refused.count == 1)
    }
}

@Suite("fix: the manifest's own names for products")
struct ProductVariableTests {
    static let text = """
        let swiftAtomics: PackageDescription.Target.Dependency = .product(name: "Atomics", package: "swift-atomics")
        let package = Package(
            name: "N",
            targets: [
                .target(name: "A", dependencies: [swiftAtomics, "B"]),
                .target(name: "C", dependencies: ["B"]),
            ]
        )
        """

    /// A product the manifest names with a variable is added through it, and removed where the variable is written.
    @Test func aProductIsWrittenThroughItsVariable() throws {
        let editor = try ManifestEditor(Self.text)
        let added = try editor.apply(
            [.add(target: "C", element: .product(name: "Atomics", package: "swift-atomics"))], packages: [:], declared: ["swift-atomics"])
        #expect(
            added.text
                == Self.text.replacingOccurrences(
                    of: #"name: "C", dependencies: ["B"]"#, with: #"name: "C", dependencies: ["B", swiftAtomics]"#))
        let removed = try editor.apply([.remove(target: "A", written: "Atomics")], packages: [:])
        #expect(removed.refused.isEmpty)
        #expect(removed.text == Self.text.replacingOccurrences(of: "[swiftAtomics, \"B\"]", with: "[\"B\"]"))
    }
}
