import ModGraphCore
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
        // Hand-counted lines: the class is on line 1, the actor on 2, and so on; members are indented by 4.
        let text = """
            public final class Cache {}
            actor Counter {}
            public func makeCache() -> Int { 1 }
            public var shared = 0
            let limit = 10
            public struct Money {
                public let cents: Int
                public func doubled() -> Money { Money(cents: cents * 2) }
                static var count = 0
                class Box {}
            }
            extension Money {
                public func formatted() -> String { "" }
            }
            #if os(Linux)
            class LinuxOnly {}
            #endif
            """
        #expect(
            try findings(text) == [
                "interface-content: Interfaces declares class Cache; an interface module holds only protocols, DTO structs and enums, and typealiases @ Interfaces/API.swift:1:1",
                "interface-content: Interfaces declares actor Counter; an interface module holds only protocols, DTO structs and enums, and typealiases @ Interfaces/API.swift:2:1",
                "interface-content: Interfaces declares free function makeCache(); an interface module holds only protocols, DTO structs and enums, and typealiases @ Interfaces/API.swift:3:1",
                "interface-content: Interfaces declares global variable shared; an interface module holds only protocols, DTO structs and enums, and typealiases @ Interfaces/API.swift:4:1",
                "interface-content: Interfaces declares global constant limit; an interface module holds only protocols, DTO structs and enums, and typealiases @ Interfaces/API.swift:5:1",
                "interface-content: Money declares method doubled(); a DTO holds stored properties, initialisers and computed properties, not behaviour @ Interfaces/API.swift:8:5",
                "interface-content: Money declares static stored variable count, which is shared mutable state; an interface module holds only protocols, DTO structs and enums, and typealiases @ Interfaces/API.swift:9:5",
                "interface-content: Interfaces declares class Money.Box; an interface module holds only protocols, DTO structs and enums, and typealiases @ Interfaces/API.swift:10:5",
                "interface-content: extension of Money adds method formatted() outside the type's definition; the types of an interface module carry data, not behaviour @ Interfaces/API.swift:13:5",
                // Every clause of an `#if` is read: the class is there on Linux.
                "interface-content: Interfaces declares class LinuxOnly; an interface module holds only protocols, DTO structs and enums, and typealiases @ Interfaces/API.swift:16:1",
            ])
    }

    @Test func aProtocolExtensionWithAnImplementationFollowsItsPolicy() throws {
        let text = """
            public protocol Greeting { func name() -> String }
            extension Greeting {
                public func greet() -> String { "Hello, " + name() }
                public var shout: String { greet().uppercased() }
            }
            extension Interfaces.Greeting where Self: Sendable {}
            """
        let warning = "extension of protocol Greeting implements"
        #expect(
            try findings(text) == [
                "warning interface-content: \(warning) method greet(): a default implementation is behaviour, which belongs outside the interface module @ Interfaces/API.swift:3:5",
                "warning interface-content: \(warning) computed property shout: a default implementation is behaviour, which belongs outside the interface module @ Interfaces/API.swift:4:5",
            ])
        let strict = try findings(text, yaml: yaml + "  protocolExtensions: error\n")
        #expect(strict.count == 2 && strict.allSatisfy { $0.hasPrefix("interface-content: \(warning)") })
        #expect(try findings(text, yaml: yaml + "  protocolExtensions: allowed\n") == [])
    }

    @Test func aProtocolDeclaredInAnotherFileIsStillAProtocol() throws {
        // The extension and the protocol live in different files of the module; the rule joins them.
        let scanned = files(
            "Interfaces",
            [
                "A.swift": "extension Greeting { func greet() {} }\n",
                "B.swift": "public protocol Greeting {}\n",
            ], interface: true)
        let result = try run(graph("", types: ["Interfaces": .regular]), yaml, [id("Interfaces"): scanned])
        #expect(
            result == [
                "warning interface-content: extension of protocol Greeting implements method greet(): a default implementation is behaviour, which belongs outside the interface module @ Interfaces/A.swift:1:22"
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
