import ModGraphCore
import ModGraphManifest
import SwiftSyntax

/// Literals, typed by their context as Swift types them: a string literal becomes
/// whichever `ExpressibleByStringLiteral` type PackageDescription expects there
/// (a `Target.Dependency`, a `Version`, a trait, …), an array literal an array or a set.
extension Interpreter {
    /// The text of a plain string literal, with escapes and `\(string)` interpolations resolved.
    func stringValue(_ literal: StringLiteralExprSyntax, depth: Int) throws(EvaluationFallback) -> String {
        guard literal.openingPounds == nil, literal.openingQuote.tokenKind == .stringQuote else {
            throw fallback("a raw or multi-line string literal", at: literal)
        }
        var text = ""
        for segment in literal.segments {
            if let plain = segment.as(StringSegmentSyntax.self) {
                text += try unescape(plain.content.text, at: plain)
            } else if let interpolation = segment.as(ExpressionSegmentSyntax.self) {
                guard interpolation.pounds == nil, interpolation.expressions.count == 1, let only = interpolation.expressions.first,
                    only.label == nil
                else { throw fallback("an interpolation of another form", at: segment) }
                let value = try evaluate(only.expression, expected: nil, depth: depth + 1)
                guard value.type == .string, let part = value.value.string else {
                    throw fallback("an interpolation of a \(value.type)", at: segment)
                }
                text += part
            }
            guard text.utf8.count <= EvaluationBounds.maximumStringBytes else {
                throw fallback("a string past the size bound", at: literal)
            }
        }
        return text
    }

    func unescape(_ source: String, at node: some SyntaxProtocol) throws(EvaluationFallback) -> String {
        guard source.contains("\\") else { return source }
        var result = ""
        var scalars = source.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalars.next() {
            case "n": result += "\n"
            case "t": result += "\t"
            case "r": result += "\r"
            case "0": result += "\0"
            case "\\": result += "\\"
            case "\"": result += "\""
            case "'": result += "'"
            case "u":
                guard scalars.next() == "{" else { throw fallback("a malformed \\u escape", at: node) }
                var hex = ""
                while let digit = scalars.next(), digit != "}" {
                    hex.unicodeScalars.append(digit)
                    guard hex.count <= 8 else { throw fallback("a malformed \\u escape", at: node) }
                }
                guard let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) else {
                    throw fallback("a malformed \\u escape", at: node)
                }
                result.unicodeScalars.append(decoded)
            default:
                throw fallback("an escape sequence not evaluated", at: node)
            }
        }
        return result
    }

    /// A string literal where `expected` is wanted: the types PackageDescription makes `ExpressibleByStringLiteral`.
    func stringLiteral(_ text: String, expected: ValueType?, at node: some SyntaxProtocol) throws(EvaluationFallback) -> Typed {
        guard let target = expected?.unwrapped else { return Typed(type: .string, value: .string(text)) }
        switch target {
        case .string:
            return Typed(type: .string, value: .string(text))
        case .api(.targetDependency):
            return Typed(type: target, value: .targetDependency(.byName(text, condition: nil)))
        case .api(.pluginUsage) where toolsVersion >= version(5, 5):
            return Typed(type: target, value: .pluginUsage(PluginUsage(name: text, package: nil)))
        case .api(.trait) where toolsVersion >= version(6, 1):
            return Typed(type: target, value: .trait(PackageTrait(name: text)))
        case .api(.dependencyTrait) where toolsVersion >= version(6, 1):
            return Typed(type: target, value: .dependencyTrait(DependencyTrait(name: text)))
        case .api(.version):
            guard let version = Self.semanticVersion(text) else { throw fallback("a version that is not N.N.N (with -pre.release and +build parts)", at: node) }
            return Typed(type: target, value: .version(version))
        case .api(.languageTag) where toolsVersion >= version(5, 3):
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }) else {
                throw fallback("a language tag SwiftPM may reject", at: node)
            }
            return Typed(type: target, value: .name(text))
        default:
            throw fallback("a string literal where a \(target) is expected", at: node)
        }
    }

    /// `N.N.N`, with `-pre.release` identifiers and `+build` metadata as `Version(_:)` reads them
    /// (each identifier letters, digits and `-`, none empty); nil for any other form, which then falls back.
    static func semanticVersion(_ text: String) -> SemanticVersion? {
        guard text.utf8.count <= 256 else { return nil }
        let core = text.prefix { $0 != "-" && $0 != "+" }
        var rest = text.dropFirst(core.count)
        func identifiers(_ part: Substring) -> [String]? {
            let items = part.split(separator: ".", omittingEmptySubsequences: false)
            guard items.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } }) else { return nil }
            return items.map(String.init)
        }
        var prerelease: [String] = []
        var build: [String] = []
        if rest.first == "-" {
            let part = rest.dropFirst().prefix { $0 != "+" }
            guard let items = identifiers(part) else { return nil }
            prerelease = items
            rest = rest.dropFirst(1 + part.count)
        }
        if rest.first == "+" {
            guard let items = identifiers(rest.dropFirst()) else { return nil }
            build = items
            rest = ""
        }
        guard rest.isEmpty, var version = numericVersion(String(core)) else { return nil }
        version.prerelease = prerelease
        version.build = build
        return version
    }

    private static func numericVersion(_ text: String) -> SemanticVersion? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard (1...9).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
                part.count == 1 || part.first != "0", let number = Int(part)
            else { return nil }
            numbers.append(number)
        }
        return SemanticVersion(major: numbers[0], minor: numbers[1], patch: numbers[2])
    }

    func arrayLiteral(_ array: ArrayExprSyntax, expected: ValueType?, depth: Int) throws(EvaluationFallback) -> Typed {
        guard array.elements.count <= EvaluationBounds.maximumArrayCount else { throw fallback("an array past the size bound", at: array) }
        var elementType: ValueType?
        var collection: ValueType?
        switch expected?.unwrapped {
        case let .array(element)?: (elementType, collection) = (element, .array(element))
        case let .set(element)?: (elementType, collection) = (element, .set(element))
        case nil: break
        default: throw fallback("an array literal where a \(expected.map(String.init(describing:)) ?? "value") is expected", at: array)
        }
        var values: [Value] = []
        values.reserveCapacity(array.elements.count)
        for element in array.elements {
            let value = try evaluate(element.expression, expected: elementType, depth: depth + 1)
            if elementType == nil { elementType = value.type }
            guard value.type == elementType else { throw fallback("an array literal of mixed types", at: element) }
            values.append(value.value)
        }
        guard let elementType else { throw fallback("an empty array literal without a type", at: array) }
        let type = collection ?? .array(elementType)
        if case .set = type { try checkDistinct(values, at: array) }
        return Typed(type: type, value: .list(values))
    }

    /// Set literals whose elements repeat are left to the compiler and SwiftPM.
    func checkDistinct(_ values: [Value], at node: some SyntaxProtocol) throws(EvaluationFallback) {
        var seen = Set<String>()
        for value in values {
            let key: String
            switch value {
            case let .string(text): key = text
            case let .trait(trait): key = trait.name
            case let .dependencyTrait(trait): key = trait.name
            default: throw fallback("a set of values that cannot be compared", at: node)
            }
            guard seen.insert(key).inserted else { throw fallback("a set literal with '\(key)' twice", at: node) }
        }
    }
}
