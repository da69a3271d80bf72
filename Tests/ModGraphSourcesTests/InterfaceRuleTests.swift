import ModGraphCore
import ModGraphTestSupport
import Testing
@testable import ModGraphSources

@Suite("interface module contents")
struct InterfaceRuleTests {
    private let yaml = "sources:\n  interfaces: [Interfaces]\n  undeclaredImports: ignore\n  unusedDependencies: ignore\n"

    private func findings(_ text: String, yaml: String? = nil) throws -> [String] {
        try run(
            graph("", types: ["Interfaces": .regular]), yaml ?? self.yaml,
            [id("Interfaces"): files("Interfaces", ["API.swift": text], interface: true)])
    }

    @Test func theSyntaxOfAnAPIPasses() throws {
        let clean = """
            import Prelude
            public protocol Store { associatedtype Key; func value(for key: Key) -> String? }
            public typealias Handler = (Int) -> Void
            public struct Money: Hashable, Codable {
                public static let zero = Money(cents: 0)
                public let cents: Int
                public var note: String = "" { didSet { } }
                public init(cents: Int) { self.cents = cents }
                public var isZero: Bool { cents == 0 }
                public subscript(digit: Int) -> Int { cents / digit }
                public static func == (lhs: Money, rhs: Money) -> Bool { lhs.cents == rhs.cents }
                public func hash(into hasher: inout Hasher) { hasher.combine(cents) }
                public struct Currency { public let code: String }
                public enum Rounding { case up, down }
            }
            public enum Route: Equatable { case home, profile(id: String)
                #if DEBUG
                case debugMenu
                #endif
            }
            extension Money: CustomStringConvertible {
                public var description: String { "\\(cents)" }
                public init(euros: Int) { self.init(cents: euros * 100) }
            }
            extension Route { public typealias ID = String }
            infix operator <+>
            #warning("keep this file small")
            """
        #expect(try findings(clean) == [])
    }

    @Test func eachForbiddenDeclarationIsAnErrorAtItsLineAndColumn() throws {
        // Each marker stands where a finding points (MarkedText): at the declaration's first token.
        let marked = MarkedText(
            """
            1️⃣public final class Cache {}
            2️⃣actor Counter {}
            3️⃣public func makeCache() -> Int { 1 }
            4️⃣public var shared = 0
            5️⃣let limit = 10
            public struct Money {
                public let cents: Int
                6️⃣public func doubled() -> Money { Money(cents: cents * 2) }
                7️⃣static var count = 0
                8️⃣class Box {}
            }
            extension Money {
                9️⃣public func formatted() -> String { "" }
            }
            #if os(Linux)
            0️⃣class LinuxOnly {}
            #endif
            """)
        let module = "an interface module holds only protocols, DTO structs and enums, and typealiases"
        let at = { (marker: String) in "@ Interfaces/API.swift:" + marked.place(marker) }
        #expect(
            try findings(marked.text) == [
                "interface-content: Interfaces declares class Cache; \(module) \(at("1️⃣"))",
                "interface-content: Interfaces declares actor Counter; \(module) \(at("2️⃣"))",
                "interface-content: Interfaces declares free function makeCache(); \(module) \(at("3️⃣"))",
                "interface-content: Interfaces declares global variable shared; \(module) \(at("4️⃣"))",
                "interface-content: Interfaces declares global constant limit; \(module) \(at("5️⃣"))",
                "interface-content: Money declares method doubled(); a DTO holds stored properties, initialisers and computed properties, not behaviour \(at("6️⃣"))",
                "interface-content: Money declares static stored variable count, which is shared mutable state; \(module) \(at("7️⃣"))",
                "interface-content: Interfaces declares class Money.Box; \(module) \(at("8️⃣"))",
                "interface-content: extension of Money adds method formatted() outside the type's definition; the types of an interface module carry data, not behaviour \(at("9️⃣"))",
                // Every clause of an `#if` is read: the class is there on Linux.
                "interface-content: Interfaces declares class LinuxOnly; \(module) \(at("0️⃣"))",
            ])
        // The places are the ones counted by hand before the markers (line 8, column 5 for `doubled`).
        #expect(marked.place("6️⃣") == "8:5")
        #expect(marked.place("0️⃣") == "16:1")
    }

    /// Markers are taken out and their places kept in swift-syntax's counting: lines from 1, columns in UTF-8 bytes.
    @Test func markersArePlacesInTheTextWithoutThem() {
        let marked = MarkedText("let é = 1; 1️⃣struct A {}\r\n  2️⃣enum B {}\n")
        #expect(marked.text == "let é = 1; struct A {}\r\n  enum B {}\n")
        #expect(marked.place("1️⃣") == "1:13")
        #expect(marked.place("2️⃣") == "2:3")
    }

    @Test func aProtocolExtensionWithAnImplementationFollowsItsPolicy() throws {
        let marked = MarkedText(
            """
            public protocol Greeting { func name() -> String }
            extension Greeting {
                1️⃣public func greet() -> String { "Hello, " + name() }
                2️⃣public var shout: String { greet().uppercased() }
            }
            extension Interfaces.Greeting where Self: Sendable {}
            """)
        let text = marked.text
        let warning = "extension of protocol Greeting implements"
        #expect(
            try findings(text) == [
                "warning interface-content: \(warning) method greet(): a default implementation is behaviour, which belongs outside the interface module @ Interfaces/API.swift:\(marked.place("1️⃣"))",
                "warning interface-content: \(warning) computed property shout: a default implementation is behaviour, which belongs outside the interface module @ Interfaces/API.swift:\(marked.place("2️⃣"))",
            ])
        let strict = try findings(text, yaml: yaml + "  protocolExtensions: error\n")
        #expect(strict.count == 2 && strict.allSatisfy { $0.hasPrefix("interface-content: \(warning)") })
        #expect(try findings(text, yaml: yaml + "  protocolExtensions: allowed\n") == [])
    }

    @Test func aProtocolDeclaredInAnotherFileIsStillAProtocol() throws {
        // The extension and the protocol live in different files of the module; the rule joins them.
        let extensionFile = MarkedText("extension Greeting { 1️⃣func greet() {} }\n")
        let scanned = files(
            "Interfaces",
            [
                "A.swift": extensionFile.text,
                "B.swift": "public protocol Greeting {}\n",
            ], interface: true)
        let result = try run(graph("", types: ["Interfaces": .regular]), yaml, [id("Interfaces"): scanned])
        #expect(
            result == [
                "warning interface-content: extension of protocol Greeting implements method greet(): a default implementation is behaviour, which belongs outside the interface module @ Interfaces/A.swift:\(extensionFile.place("1️⃣"))"
            ])
    }

    @Test func onlyInterfaceModulesAreJudgedAndSubjectsNameTheDeclaration() throws {
        let checker = SourceChecker(settings: try settings(yaml))
        let graph = graph("", types: ["Interfaces": .regular, "Feature": .regular])
        let scanned = [
            id("Interfaces"): files("Interfaces", ["Sub/API.swift": "class A {}\n"], interface: true),
            id("Feature"): files("Feature", ["F.swift": "class B {}\n"]),
        ]
        let result = checker.findings(
            graph, scanned: scanned, folders: [id("Interfaces"): "/src/Interfaces", id("Feature"): "/src/Feature"])
        #expect(result.map(\.chain) == [[id("Interfaces")]])
        #expect(result.first?.subject == "Sub/API.swift: class A")
        #expect(result.first?.source?.line == 2)
    }
}
