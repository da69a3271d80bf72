/// A type as the source writes it, reduced to what the wiring matches by name.
public struct WrittenType: Hashable, Sendable, Codable {
    /// As written, trimmed and cut at ``WiringFile/textLimit`` characters.
    public let text: String
    /// The one type it names, past `any`, `some`, `?`, `!`, attributes and a module prefix
    /// (`any M.PurchasesService?` → `PurchasesService`); nil for collections, tuples,
    /// functions and compositions, which name several.
    public let base: String?
    /// The base names of the generic arguments of ``base`` (`Builder<PaywallSource, Screen>` →
    /// `PaywallSource`, `Screen`), `()` for an empty tuple.
    public let arguments: [String]
    /// Every type name it holds, in order, once each.
    public let names: [String]
    /// Written `some …`: an opaque type, which a declaration provides rather than asks for.
    public let isOpaque: Bool

    public init(text: String, base: String?, arguments: [String] = [], names: [String] = [], isOpaque: Bool = false) {
        self.text = text
        self.base = base
        self.arguments = arguments
        self.names = names
        self.isOpaque = isOpaque
    }
}

/// A member of a declaration, as far as the wiring cares.
public struct WiringMember: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case property, function, initializer, `typealias`, `associatedtype`
    }

    /// A function's or an initialiser's parameter: its argument label (`_` for none) and type.
    public struct Parameter: Hashable, Sendable, Codable {
        public let label: String
        public let type: WrittenType

        public init(label: String, type: WrittenType) {
            self.label = label
            self.type = type
        }
    }

    public let kind: Kind
    /// `paywallBuilder`, `build(using:)`, `init(paywall:)`, `Deps`.
    public let name: String
    public let isStatic: Bool
    /// A property's type, a function's result, a typealias's value.
    public let type: WrittenType?
    /// An associated type's constraints (`associatedtype B: Builder<A, P>`).
    public let constraints: [WrittenType]
    public let parameters: [Parameter]
    /// A stored property without an initial value, or a requirement of a protocol: what is handed in.
    public let isInjected: Bool
    /// Type names its initial value, accessors or body use (capitalised names), once each. The values it
    /// reads are not kept: no wiring check matches them, and keeping them made every edit of a body new facts.
    public let references: [String]
    public let line: Int
    public let column: Int

    public init(
        kind: Kind, name: String, isStatic: Bool = false, type: WrittenType? = nil, constraints: [WrittenType] = [],
        parameters: [Parameter] = [], isInjected: Bool = false, references: [String] = [], line: Int, column: Int
    ) {
        self.kind = kind
        self.name = name
        self.isStatic = isStatic
        self.type = type
        self.constraints = constraints
        self.parameters = parameters
        self.isInjected = isInjected
        self.references = references
        self.line = line
        self.column = column
    }
}

/// A type, protocol or extension declared in a file (nested ones too, by their qualified name).
public struct WiringDeclaration: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case `struct`, `class`, `enum`, actor, `protocol`, `extension`
        /// The file's top-level functions and variables, as one declaration named `""`.
        case file
    }

    /// A generic parameter's constraint, from `<P: C>` or `where P: C`.
    public struct Constraint: Hashable, Sendable, Codable {
        public let parameter: String
        public let type: WrittenType

        public init(parameter: String, type: WrittenType) {
            self.parameter = parameter
            self.type = type
        }
    }

    public let kind: Kind
    /// `Outer.Inner`; for an extension the extended type as written (`Builders`, `M.World`),
    /// and a type nested in an extension is `Builders.Records`.
    public let name: String
    /// Whether the outermost declaration around it (or it) is an extension.
    public let isInExtension: Bool
    public let inherited: [WrittenType]
    public let generics: [String]
    public let constraints: [Constraint]
    public let members: [WiringMember]
    /// The types, typealiases and associated types declared directly inside it.
    public let nested: [String]
    /// An enum with at least one case.
    public let hasCases: Bool
    public let line: Int
    public let column: Int

    public init(
        kind: Kind, name: String, isInExtension: Bool = false, inherited: [WrittenType] = [], generics: [String] = [],
        constraints: [Constraint] = [], members: [WiringMember] = [], nested: [String] = [], hasCases: Bool = false,
        line: Int, column: Int
    ) {
        self.kind = kind
        self.name = name
        self.isInExtension = isInExtension
        self.inherited = inherited
        self.generics = generics
        self.constraints = constraints
        self.members = members
        self.nested = nested
        self.hasCases = hasCases
        self.line = line
        self.column = column
    }

    /// The last component of ``name``: what other files name it by.
    public var simpleName: String {
        // Most names have no dot: the analysis asks this of every declaration several times.
        guard name.utf8.contains(UInt8(ascii: ".")) else { return name }
        return String(WiringName.components(of: name).last ?? Substring(name))
    }
}

/// Dotted names as the wiring reader writes them (`Builders.Records.make`): a raw identifier keeps its
/// backticks, and a `.` inside them (`` `a.b` ``, Swift 6's raw identifiers) is part of the name, not a
/// separator, so a name is never shown cut at such a dot.
public enum WiringName {
    /// The components of `name`, split at each `.` outside backticks; empty ones kept.
    ///
    /// Read byte by byte: `.` and `` ` `` are ASCII, so no UTF-8 sequence holds them, and the cut
    /// indices fall on characters. The analysis splits every declaration's name (a wiring-seen edit of
    /// the generated app of 5,000 files splits some 40,000), and walking them by `Character` was the
    /// most of ``parts(of:)``'s time.
    public static func components(of name: String) -> [Substring] {
        let utf8 = name.utf8
        guard utf8.contains(UInt8(ascii: ".")) else { return [name[...]] }
        var components: [Substring] = []
        var start = utf8.startIndex
        var quoted = false
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "`") {
                quoted.toggle()
            } else if byte == UInt8(ascii: "."), !quoted {
                components.append(name[start..<index])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        components.append(name[start...])
        return components
    }

    /// The names `name` may be found by: each of its components, and the part of one before its generic
    /// arguments (an extension of `World<T>` is found by `World`, its type's name).
    static func parts(of name: String) -> [String] {
        // Most names are one plain component: the name itself.
        if !name.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "<") }) { return [name] }
        var parts: [String] = []
        for component in components(of: name) {
            parts.append(String(component))
            if let generic = component.utf8.firstIndex(of: UInt8(ascii: "<")) { parts.append(String(component[..<generic])) }
        }
        return parts
    }
}

/// A name used in a file, where it is first used.
public struct NameSite: Hashable, Sendable, Codable {
    public let name: String
    public let line: Int
    public let column: Int

    public init(name: String, line: Int, column: Int) {
        self.name = name
        self.line = line
        self.column = column
    }
}

/// A call whose callee is a capitalised name: `HomeBuilder(paywall: …)`, with what each argument uses.
public struct ConstructionSite: Hashable, Sendable, Codable {
    public struct Argument: Hashable, Sendable, Codable {
        public let label: String
        public let references: [String]

        public init(label: String, references: [String]) {
            self.label = label
            self.references = references
        }
    }

    public let type: String
    public let arguments: [Argument]
    public let line: Int
    public let column: Int

    public init(type: String, arguments: [Argument], line: Int, column: Int) {
        self.type = type
        self.arguments = arguments
        self.line = line
        self.column = column
    }
}

/// `builder.scoped { args in Deps(…) }`: the capitalised names the builder expression and the closure use.
public struct ScopedSite: Hashable, Sendable, Codable {
    public let builders: [String]
    public let dependencies: [String]
    public let line: Int
    public let column: Int

    public init(builders: [String], dependencies: [String], line: Int, column: Int) {
        self.builders = builders
        self.dependencies = dependencies
        self.line = line
        self.column = column
    }
}

/// What one file declares and uses, as the wiring inventory reads it (``WiringCollector``).
/// Lists of names hold each name once, at its first use, and at most ``nameLimit`` of them.
public struct WiringFile: Hashable, Sendable, Codable {
    public var declarations: [WiringDeclaration] = []
    /// Names written where a type goes, outside inheritance clauses (which say what a type is, not what it uses).
    public var mentions: [NameSite] = []
    /// Capitalised names used in expressions: `PaywallBuilder()`, `LoginScreenModule.createScreen`.
    public var references: [NameSite] = []
    /// Member chains from a capitalised name, two to four long: `Builders.Records.makeHistory`, `Dependencies.shared.storage`.
    public var paths: [NameSite] = []
    public var constructions: [ConstructionSite] = []
    public var scopedCalls: [ScopedSite] = []
    /// Some list reached its bound and stopped growing.
    public var isTruncated = false

    public init() {}

    /// The most entries of each list kept per file (a generated file of 1 MiB holds fewer distinct names).
    public static let nameLimit = 20_000
    /// The most names kept per member or argument.
    public static let memberNameLimit = 128
    /// The longest type text kept.
    public static let textLimit = 200
}
