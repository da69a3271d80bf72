import ModGraphManifest

/// One PackageDescription function, static property or enum case the
/// evaluator supports, with the tools-versions it exists in: its signature is
/// what the type check matches a call against, `make` is what it does.
///
/// Overloads that differ only by parameters added in later tools-versions are
/// one member whose parameters carry `since`; a call's labels then pick at
/// most one member, so no overload ranking is needed (and a call two members
/// would both match falls back).
struct APIMember: Sendable {
    let owner: APIType
    let name: String
    /// `nil` for a property or a case without payload (`.linux`, `.v13`, `.static`).
    let parameters: [Parameter]?
    let since: ToolsVersion?
    /// First tools-version where it is gone (`obsoleted:`).
    let until: ToolsVersion?
    let result: ValueType
    let make: @Sendable (Arguments) throws(EvaluationFallback) -> Value

    init(
        _ owner: APIType, _ name: String, _ parameters: [Parameter]?, since: ToolsVersion? = nil, until: ToolsVersion? = nil,
        result: ValueType? = nil, make: @escaping @Sendable (Arguments) throws(EvaluationFallback) -> Value
    ) {
        self.owner = owner
        self.name = name
        self.parameters = parameters
        self.since = since
        self.until = until
        self.result = result ?? .api(owner)
        self.make = make
    }

    func isAvailable(in version: ToolsVersion) -> Bool {
        (since.map { version >= $0 } ?? true) && (until.map { version < $0 } ?? true)
    }
}

/// A parameter: its label (`nil` for `_`), the key `make` reads it by, its
/// type, whether it may be left out, and the tools-version it appeared in.
struct Parameter: Sendable {
    let label: String?
    let key: String
    let type: ValueType
    let hasDefault: Bool
    let since: ToolsVersion?

    /// A labelled parameter, read by its label.
    init(_ label: String, _ type: ValueType, defaulted: Bool = false, since: ToolsVersion? = nil) {
        self.label = label
        self.key = label
        self.type = type
        self.hasDefault = defaulted
        self.since = since
    }

    /// An unlabelled parameter, read by `key`.
    init(unlabelled key: String, _ type: ValueType, defaulted: Bool = false, since: ToolsVersion? = nil) {
        self.label = nil
        self.key = key
        self.type = type
        self.hasDefault = defaulted
        self.since = since
    }
}

/// The arguments of one call, by parameter key; absent when defaulted.
struct Arguments: Sendable {
    private var values: [String: TypedValue]

    init(_ values: [String: TypedValue] = [:]) {
        self.values = values
    }

    mutating func set(_ key: String, _ value: TypedValue) {
        values[key] = value
    }

    func has(_ key: String) -> Bool {
        values[key].map { !$0.value.isNone } ?? false
    }

    func value(_ key: String) -> Value? {
        values[key]?.value
    }

    func string(_ key: String) throws(EvaluationFallback) -> String {
        guard let text = values[key]?.value.string else { throw EvaluationFallback("a missing string argument '\(key)'") }
        return text
    }

    func optionalString(_ key: String) -> String? {
        values[key]?.value.string
    }

    func strings(_ key: String) throws(EvaluationFallback) -> [String] {
        guard let texts = values[key]?.value.strings else { throw EvaluationFallback("a missing list of strings '\(key)'") }
        return texts
    }

    func optionalStrings(_ key: String) throws(EvaluationFallback) -> [String]? {
        guard let value = values[key]?.value, !value.isNone else { return nil }
        guard let texts = value.strings else { throw EvaluationFallback("'\(key)' is not a list of strings") }
        return texts
    }

    func list(_ key: String) -> [Value] {
        values[key]?.value.list ?? []
    }
}

typealias TypedValue = Typed

func version(_ major: Int, _ minor: Int = 0) -> ToolsVersion {
    ToolsVersion(major: major, minor: minor)
}
