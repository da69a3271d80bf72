import ModGraphTestSupport
import Testing
@testable import ModGraphSources

@Suite("collecting imports")
struct ImportCollectorTests {
    @Test func everySpellingOfImportIsRead() {
        let file = SourceScanner.scan(
            text: """
                import Plain
                @testable import Tested
                @_exported import Reexported
                @_implementationOnly import Hidden
                internal import Internal
                package import Shared
                public import struct Models.User
                import Darwin.C
                @preconcurrency @_spi(Experimental) import Legacy
                func body() { }
                """)
        #expect(
            file.imports.map(\.module) == ["Plain", "Tested", "Reexported", "Hidden", "Internal", "Shared", "Models", "Darwin", "Legacy"])
        #expect(
            file.imports.map(\.text) == [
                "import Plain", "@testable import Tested", "@_exported import Reexported", "@_implementationOnly import Hidden",
                "internal import Internal", "package import Shared", "public import struct Models.User", "import Darwin.C",
                "@preconcurrency @_spi(Experimental) import Legacy",
            ])
        #expect(file.imports.filter(\.isReexport).map(\.module) == ["Reexported"])
        #expect(file.imports[6].kind == "struct")
        #expect(file.imports[6].path == ["Models", "User"])
        // Line and column of the statement, attributes included; lines are 1-based.
        #expect(file.imports.map(\.line) == Array(1...9))
        #expect(file.imports.allSatisfy { $0.column == 1 && $0.condition == nil })
    }

    @Test func conditionsAreKeptAsWrittenWithEarlierClausesNegated() {
        let marked = MarkedText(
            """
            #if canImport(Glibc)
            import Glibc
            #elseif canImport(Musl)
              1️⃣import Musl
            #else
            import Darwin
            #endif
            #if os(Linux) || os(Android) && DEBUG
            #if !targetEnvironment(simulator)
            import Nested
            #endif
            #endif
            """)
        let file = SourceScanner.scan(text: marked.text)
        #expect(file.imports.map(\.module) == ["Glibc", "Musl", "Darwin", "Nested"])
        #expect(
            file.imports.map { $0.condition?.description ?? "always" } == [
                "canImport(Glibc)",
                "!canImport(Glibc) && canImport(Musl)",
                "!canImport(Glibc) && !canImport(Musl)",
                // `&&` binds tighter than `||`; the nested `#if` joins its parent's with `&&`.
                "(os(Linux) || os(Android) && DEBUG) && !targetEnvironment(simulator)",
            ])
        // The indented import's column counts the two spaces before it.
        #expect("\(file.imports[1].line):\(file.imports[1].column)" == marked.place("1️⃣"))
    }

    @Test func onlyOperatingSystemChecksAreJudgedForAPlatform() throws {
        let file = SourceScanner.scan(
            text: """
                #if os(macOS) || os(iOS)
                import AppleOnly
                #elseif os(Linux)
                import LinuxOnly
                #endif
                #if canImport(Foo)
                import Foo
                #endif
                #if os(Linux) && canImport(Bar)
                import Bar
                #endif
                #if false
                import Never
                #endif
                """)
        func judged(_ platform: String) -> [String] {
            file.imports.map { statement in
                switch statement.condition?.holds(onPlatform: platform) {
                case true?: "\(statement.module): yes"
                case false?: "\(statement.module): no"
                case nil: "\(statement.module): unknown"
                }
            }
        }
        #expect(judged("linux") == ["AppleOnly: no", "LinuxOnly: yes", "Foo: unknown", "Bar: unknown", "Never: no"])
        // On macOS the `#elseif` is false because its `#if` holds; `os(Linux) && …` is false whatever Bar is.
        #expect(judged("macos") == ["AppleOnly: yes", "LinuxOnly: no", "Foo: unknown", "Bar: no", "Never: no"])
    }

    @Test func importsOutsideTheTopLevelAreNotSearched() {
        // Swift rejects an import inside a function; the collector walks only the top level and `#if` blocks.
        let file = SourceScanner.scan(text: "struct S { func f() { } }\nlet text = \"import Fake\"\n// import Commented\n")
        #expect(file.imports.isEmpty)
    }
}

@Suite("the part of a file that holds its imports")
struct ImportRegionTests {
    private func region(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in String(decoding: bytes[0..<ImportRegion.end(in: bytes)], as: UTF8.self) }
    }

    @Test func theRegionEndsAfterTheLastImportsLine() {
        #expect(region("import A\nimport B // note\nstruct S {\n  func f() {}\n}\n") == "import A\nimport B // note\n")
        // A path broken over lines, and a scoped import, are kept whole.
        #expect(region("import struct\n  Models\n  .User\nlet x = 1\n") == "import struct\n  Models\n  .User\n")
        // `important` and `imports` are other words; a file without imports parses nothing.
        #expect(region("let important = imports\n") == "")
        // The word in a comment or string late in the file moves the end there: more is parsed, nothing is lost.
        #expect(
            region("import A\nfunc f() {}\n// import is explained here\nfunc g() {}\n")
                == "import A\nfunc f() {}\n// import is explained here\n")
    }

    @Test func aCutFileYieldsTheSameImportsAsTheWholeOne() {
        let text = """
            import A
            #if canImport(B)
            @testable import B
            #endif
            struct S {
                func f() -> String { "not an import" }
            }
            import C
            #if os(Linux)
            import D
            #elseif os(macOS)
            import E
            #endif
            final class Later {
                func body() { let x = [1, 2, 3].map { $0 * 2 }; print(x) }
            }
            """
        // The interface audit parses the whole file; the import scan only the region.
        let whole = SourceScanner.scan(text: text, auditInterface: true)
        let cut = SourceScanner.scan(text: text)
        #expect(cut.imports == whole.imports)
        #expect(cut.imports.map(\.module) == ["A", "B", "C", "D", "E"])
        #expect(cut.imports.map(\.line) == [1, 3, 8, 10, 12])
    }

    @Test func windowsAndClassicLineBreaksCountAsLines() {
        let file = SourceScanner.scan(text: "import A\r\nimport B\rimport C\n")
        #expect(file.imports.map(\.line) == [1, 2, 3])
    }
}
