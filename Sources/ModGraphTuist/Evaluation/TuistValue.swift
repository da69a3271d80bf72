import SwiftSyntax

/// A value of the Swift that Tuist manifests and their helpers are written in, as the static
/// evaluator computes it.
///
/// ProjectDescription's values stay symbolic (``APIValue``: the member that made one and its
/// arguments); ``StaticProjectReading`` takes from them what modgraph reads, as the compiled
/// manifest's JSON would have it. What the evaluator cannot compute (`UUID()`, `FileManager`,
/// `Environment`) is ``unknown(_:)``: an error only where it decides something modgraph reads
/// (a condition, a name, a dependency), not inside a scheme or an Info.plist modgraph never reads.
indirect enum TuistValue {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// `nil`.
    case none
    /// Arrays, and sets (kept in the order first written, duplicates removed).
    case list([TuistValue])
    /// Dictionaries, in the order written: keyed by strings, or by cases without a payload.
    case dictionary([(key: TuistKey, value: TuistValue)])
    case api(APIValue)
    /// A case of an enum the helpers declare.
    case userCase(UserCase)
    /// A value of a struct the helpers declare, made by its memberwise initializer.
    case instance(Instance)
    case function(Callable)
    /// A type named as a value: the base of `Feature.allCases`, `Module.self`.
    case type(String)
    /// A key path of properties (`\.rawValue`), used as a function.
    case keyPath([String])
    /// What the evaluator does not compute, and why.
    case unknown(String)

    var isUnknown: Bool {
        if case .unknown = self { return true }
        return false
    }

    /// Swift's `==` on the values the evaluator knows; `nil` when it cannot tell.
    func equals(_ other: TuistValue) -> Bool? {
        switch (self, other) {
        case let (.string(a), .string(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case (.none, .none): return true
        case (.none, .string), (.none, .int), (.none, .bool), (.none, .userCase), (.string, .none), (.int, .none), (.bool, .none),
            (.userCase, .none):
            return false
        case let (.list(a), .list(b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) {
                guard let same = x.equals(y) else { return nil }
                if !same { return false }
            }
            return true
        case let (.userCase(a), .userCase(b)):
            guard a.type == b.type else { return nil }
            guard a.name == b.name else { return false }
            guard a.payload.count == b.payload.count else { return false }
            for (x, y) in zip(a.payload, b.payload) {
                guard let same = x.value.equals(y.value) else { return nil }
                if !same { return false }
            }
            return true
        case let (.api(a), .api(b)) where a.arguments == nil && b.arguments == nil:
            return a.member == b.member
        default:
            return nil
        }
    }
}

/// A dictionary's key: a string (settings, Info.plist), or a case without a payload of an enum the
/// helpers declare (`[TargetType: [TargetDependency]]` keyed by `.interface`), as Swift's `Hashable` compares
/// them: by type and case.
enum TuistKey: Hashable {
    case string(String)
    case userCase(UserCase)

    /// The key `value` makes; nil for a value the evaluator does not key by.
    init?(_ value: TuistValue) {
        switch value {
        case let .string(text): self = .string(text)
        case let .userCase(value) where value.payload.isEmpty: self = .userCase(value)
        default: return nil
        }
    }

    /// The key as a value, where code reads it back.
    var value: TuistValue {
        switch self {
        case let .string(text): .string(text)
        case let .userCase(value): .userCase(value)
        }
    }

    /// The string of a string key.
    var string: String? {
        if case let .string(text) = self { return text }
        return nil
    }

    static func == (a: TuistKey, b: TuistKey) -> Bool {
        switch (a, b) {
        case let (.string(x), .string(y)): x == y
        case let (.userCase(x), .userCase(y)): x.type == y.type && x.name == y.name
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case let .string(text): hasher.combine(text)
        case let .userCase(value):
            hasher.combine(value.type)
            hasher.combine(value.name)
        }
    }
}

/// A labelled argument, as written at a call.
struct Argument {
    var label: String?
    var value: TuistValue
}

/// A ProjectDescription value: the type, the member that made it (`init` for an initializer), and
/// its arguments (`nil` for a case or static property without them).
struct APIValue {
    var type: String
    var member: String
    var arguments: [Argument]?
    /// The file the call is written in, absolute: what `#file` says there (`.relativeToCurrentFile`).
    var file: String
    /// The line of the manifest's innermost expression being evaluated when it was made: where the
    /// manifest writes it (`.project(target: "Home", …)`), or the helper call that made it
    /// (`.feature(implements: .Home)`), or the name of the helper constant it is (`.domain`). What a
    /// finding on the target or dependency points at; nil outside a manifest's evaluation.
    var line: Int? = nil

    func argument(_ label: String) -> TuistValue? {
        arguments?.first { $0.label == label }?.value
    }

    /// The first unlabelled argument.
    var unlabelled: TuistValue? {
        arguments?.first { $0.label == nil }?.value
    }
}

struct UserCase {
    var type: String
    var name: String
    var raw: TuistValue?
    var payload: [Argument]
}

struct Instance {
    var type: String
    var fields: [(name: String, value: TuistValue)]

    func field(_ name: String) -> TuistValue? {
        if let value = fields.first(where: { $0.name == name })?.value { return value }
        // A tuple's element is also read by its position (`.1`), labelled or not.
        guard type == TuistInterpreter.tupleType, let index = Int(name), fields.indices.contains(index) else { return nil }
        return fields[index].value
    }
}

/// A function value: a closure with the scope it captured, or a declared function with the value
/// `self` is in it.
final class Callable {
    enum Body {
        case closure(ClosureExprSyntax)
        case function(FunctionDeclSyntax)
    }

    let body: Body
    /// The scope it captured; a declared function's own scope is made inside it at each call.
    let scope: Scope

    init(body: Body, scope: Scope) {
        self.body = body
        self.scope = scope
    }
}

/// The names visible at a point of the program: a function's parameters and locals, a closure's,
/// and the type a member runs in (for `self` and for the type's other members written unqualified).
/// A class, as Swift closures capture variables by reference.
final class Scope {
    struct Slot {
        var value: TuistValue
        var isMutable: Bool
        /// The type written in its declaration, which a value assigned later is inferred to be.
        var hint: TypeHint?
    }

    private var slots: [String: Slot] = [:]
    let parent: Scope?
    /// The declared type whose member runs here, qualified (`ModulePaths.Feature`).
    let typeContext: String?
    /// `self` in an instance member.
    let selfValue: TuistValue?
    /// The file the code runs from, absolute: what `#file` says there.
    let file: String

    /// The type a `return` in the function or closure running here returns, which its expression is inferred to be.
    private(set) var returnHint: TypeHint?

    init(parent: Scope?, file: String? = nil, typeContext: String? = nil, selfValue: TuistValue? = nil) {
        self.parent = parent
        self.returnHint = parent?.returnHint
        self.file = file ?? parent?.file ?? ""
        self.typeContext = typeContext ?? parent?.typeContext
        self.selfValue = selfValue ?? parent?.selfValue
    }

    func lookup(_ name: String) -> TuistValue? {
        var scope: Scope? = self
        while let current = scope {
            if let slot = current.slots[name] { return slot.value }
            scope = current.parent
        }
        return nil
    }

    func declare(_ name: String, _ value: TuistValue, mutable: Bool, hint: TypeHint? = nil) {
        slots[name] = Slot(value: value, isMutable: mutable, hint: hint)
    }

    /// Makes this scope a function's or closure's body, whose `return` gives `hint`.
    func returns(_ hint: TypeHint?) -> Scope {
        returnHint = hint
        return self
    }

    /// The type written where `name` was declared.
    func hint(for name: String) -> TypeHint? {
        var scope: Scope? = self
        while let current = scope {
            if let slot = current.slots[name] { return slot.hint }
            scope = current.parent
        }
        return nil
    }

    /// Assigns a variable declared in this scope or an outer one; false when there is none, or it is a `let`.
    func assign(_ name: String, _ value: TuistValue) -> Bool {
        var scope: Scope? = self
        while let current = scope {
            if let slot = current.slots[name] {
                guard slot.isMutable else { return false }
                current.slots[name]?.value = value
                return true
            }
            scope = current.parent
        }
        return false
    }
}
