import ModGraphCore
import ModGraphRules

/// Judges the declarations of an interface module (docs/configuration.md,
/// "Interface modules"): protocols, DTO structs and enums, and typealiases
/// only.
///
/// What a DTO may hold: stored properties (a `static let` too), initialisers,
/// computed properties, subscripts, enum cases, nested types of the same
/// kinds, and the conformance witnesses below. A method, in the type's body or
/// in an extension anywhere, is behaviour and is reported; so is `static var`
/// storage, which is shared mutable state. An extension may add conformances,
/// computed properties, initialisers and subscripts.
struct InterfaceRule {
    let settings: CheckConfig.SourceChecks

    /// Methods that only witness a standard conformance (`Equatable`,
    /// `Comparable`, `Hashable`, `Encodable`), so a DTO may spell them out.
    static let conformanceWitnesses: Set<String> = ["==", "!=", "<", "<=", ">", ">=", "hash(into:)", "encode(to:)"]

    /// - Complexity: O(d) in the number of declarations listed by the audit.
    func findings(target: TargetID, folder: String, files: [ScannedFile], pattern: LocatedPattern) -> [Finding] {
        let module = target.name
        let protocols = Set(files.flatMap { $0.interface?.protocols ?? [] })
        var findings: [Finding] = []
        for file in files {
            guard let audit = file.interface else { continue }
            for item in audit.items {
                guard let (severity, message) = judge(item, module: module, protocols: protocols) else { continue }
                let qualified = item.container.map { "\($0).\(item.name)" } ?? item.name
                findings.append(
                    Finding(
                        rule: .interfaceContent, severity: severity, chain: [target], message: message, source: pattern.location,
                        sourcePosition: SourcePosition(file: file.path, line: item.line, column: item.column),
                        subject: "\(Self.relative(file.path, to: folder)): \(item.kind.rawValue) \(qualified)"))
            }
        }
        return findings
    }

    private func judge(_ item: InterfaceItem, module: String, protocols: Set<String>) -> (Severity, String)? {
        let only = "an interface module holds only protocols, DTO structs and enums, and typealiases"
        guard let container = item.container else {
            let what =
                switch item.kind {
                case .function: "free function \(item.name)"
                case .variable: "global variable \(item.name)"
                case .constant: "global constant \(item.name)"
                case .topLevelCode: "top-level code `\(item.name)`"
                case .macro: "macro \(item.name), whose expansion this check cannot see"
                default: "\(item.kind.rawValue) \(item.name)"
                }
            return (.error, "\(module) declares \(what); \(only)")
        }
        let extended = Self.unqualified(container, module: module)
        if item.isInExtension, protocols.contains(extended) {
            guard [.method, .computedProperty, .initializer, .subscript, .variable].contains(item.kind) else {
                return (.error, "extension of protocol \(extended) declares \(item.kind.rawValue) \(item.name); \(only)")
            }
            switch settings.protocolExtensions {
            case .allowed: return nil
            case .warning, .error:
                return (
                    settings.protocolExtensions == .error ? .error : .warning,
                    "extension of protocol \(extended) implements \(item.kind.rawValue) \(item.name): a default implementation is behaviour, which belongs outside the interface module"
                )
            }
        }
        switch item.kind {
        case .method:
            if Self.conformanceWitnesses.contains(item.name) { return nil }
            if item.isInExtension {
                return (
                    .error,
                    "extension of \(extended) adds method \(item.name) outside the type's definition; the types of an interface module carry data, not behaviour"
                )
            }
            return (
                .error,
                "\(extended) declares method \(item.name); a DTO holds stored properties, initialisers and computed properties, not behaviour"
            )
        case .computedProperty, .initializer, .subscript:
            return nil
        case .variable:
            return (.error, "\(extended) declares static stored variable \(item.name), which is shared mutable state; \(only)")
        case .class, .actor:
            return (.error, "\(module) declares \(item.kind.rawValue) \(container).\(item.name); \(only)")
        default:
            return (.error, "\(extended) declares \(item.kind.rawValue) \(item.name); \(only)")
        }
    }

    /// `VerticalInterfaces.Money` and `Money` are the same type inside module `VerticalInterfaces`.
    private static func unqualified(_ type: String, module: String) -> String {
        type.hasPrefix(module + ".") ? String(type.dropFirst(module.count + 1)) : type
    }

    static func relative(_ path: String, to folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(prefix) else { return path }
        // A path listed under its folder starts with the folder's very bytes: those are dropped, not walked character by
        // character (the wiring's keys name every file of an app by its relative path, several times a run).
        if startsWithBytes(path, prefix) { return String(Substring(path.utf8.dropFirst(prefix.utf8.count))) }
        return String(path.dropFirst(prefix.count))
    }

    /// Whether the UTF-8 of `text` starts with that of `start`.
    private static func startsWithBytes(_ text: String, _ start: String) -> Bool {
        var (text, start) = (text, start)
        return text.withUTF8 { whole in
            start.withUTF8 { prefix in whole.count >= prefix.count && whole[..<prefix.count].elementsEqual(prefix) }
        }
    }
}
