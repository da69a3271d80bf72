import ModGraphManifest

/// `Package.Dependency`'s `.package(...)` methods, their requirements and
/// (6.1) the traits they enable. Overloads that add `name:` (5.2, deprecated
/// since 5.6) or `traits:` (6.1) are one member each; the one pair no
/// overload takes together (`name:` with `traits:` on a URL) falls back.
enum DependencyAPI {
    private static let traits = Parameter("traits", .set(.api(.dependencyTrait)), defaulted: true, since: version(6, 1))

    static let members: [APIMember] = [
        APIMember(
            .packageDependency, "package",
            [
                Parameter("name", .string, defaulted: true, since: version(5, 2)),
                Parameter("path", .string),
                traits,
            ]
        ) { arguments throws(EvaluationFallback) in
            .packageDependency(
                DependencyValue(
                    kind: .fileSystem(path: try arguments.string("path")),
                    explicitName: arguments.optionalString("name"), traits: try dependencyTraits(arguments)))
        },
        sourceControl("from", .api(.version), nameSince: version(5, 2)),
        sourceControl("branch", .string, nameSince: version(5, 5), since: version(5, 5)),
        sourceControl("revision", .string, nameSince: version(5, 5), since: version(5, 5)),
        sourceControl("exact", .api(.version), nameSince: nil, since: version(5, 6)),
        sourceControl(nil, .api(.requirement), nameSince: version(5, 2)),
        registry("from", .api(.version)),
        registry("exact", .api(.version)),
        registry(nil, .api(.requirement)),
        APIMember(.requirement, "upToNextMajor", [Parameter("from", .api(.version))]) { arguments throws(EvaluationFallback) in
            .requirement(try upToNextMajor(arguments.value("from")), legacy: false)
        },
        APIMember(.requirement, "upToNextMinor", [Parameter("from", .api(.version))]) { arguments throws(EvaluationFallback) in
            guard case let .version(version)? = arguments.value("from") else { throw EvaluationFallback("a version of an unknown kind") }
            let upper = SemanticVersion(major: version.major, minor: version.minor + 1, patch: 0)
            return .requirement(.range(lowerBound: version.text, upperBound: upper.text), legacy: false)
        },
        APIMember(.requirement, "exact", [Parameter(unlabelled: "version", .api(.version))]) { arguments throws(EvaluationFallback) in
            guard case let .version(version)? = arguments.value("version") else { throw EvaluationFallback("a version of an unknown kind") }
            return .requirement(.exact(version.text), legacy: true)
        },
        APIMember(.requirement, "branch", [Parameter(unlabelled: "name", .string)]) { arguments throws(EvaluationFallback) in
            .requirement(.branch(try arguments.string("name")), legacy: true)
        },
        APIMember(.requirement, "revision", [Parameter(unlabelled: "revision", .string)]) { arguments throws(EvaluationFallback) in
            .requirement(.revision(try arguments.string("revision")), legacy: true)
        },
        APIMember(
            .version, "init",
            [
                Parameter(unlabelled: "major", .int), Parameter(unlabelled: "minor", .int),
                Parameter(unlabelled: "patch", .int),
            ]
        ) { arguments throws(EvaluationFallback) in
            guard case let .int(major)? = arguments.value("major"), case let .int(minor)? = arguments.value("minor"),
                case let .int(patch)? = arguments.value("patch"), major >= 0, minor >= 0, patch >= 0
            else {
                throw EvaluationFallback("a version with negative numbers")
            }
            return .version(SemanticVersion(major: major, minor: minor, patch: patch))
        },
        APIMember(.dependencyTrait, "defaults", nil, since: version(6, 1)) { _ in .dependencyTrait(DependencyTrait(name: "default")) },
        APIMember(
            .dependencyTraitCondition, "when", [Parameter("traits", .set(.string))], since: version(6, 1),
            result: .optional(.api(.dependencyTraitCondition))
        ) { arguments throws(EvaluationFallback) in
            .dependencyTraitCondition(try arguments.strings("traits"))
        },
    ]
        // `.trait(name:condition:)` and `Package.Dependency.Trait(name:condition:)`: the same trait.
        + ["trait", "init"].map { name in
            APIMember(
                .dependencyTrait, name,
                [
                    Parameter("name", .string),
                    Parameter("condition", .optional(.api(.dependencyTraitCondition)), defaulted: true),
                ], since: version(6, 1)
            ) { arguments throws(EvaluationFallback) in
                .dependencyTrait(try dependencyTrait(arguments))
            }
        }

    /// `.package(url:…)` with the requirement labelled `label` (`nil`: the unlabelled range or requirement).
    private static func sourceControl(_ label: String?, _ type: ValueType, nameSince: ToolsVersion?, since: ToolsVersion? = nil)
        -> APIMember
    {
        var parameters: [Parameter] = []
        if let nameSince { parameters.append(Parameter("name", .string, defaulted: true, since: nameSince)) }
        parameters.append(Parameter("url", .string))
        parameters.append(label.map { Parameter($0, type) } ?? Parameter(unlabelled: "requirement", type))
        parameters.append(traits)
        return APIMember(.packageDependency, "package", parameters, since: since) { arguments throws(EvaluationFallback) in
            if arguments.has("traits") {
                // The `traits:` overloads (6.1) take no `name:` and no old-style requirement.
                guard !arguments.has("name") else { throw EvaluationFallback("name: and traits: together") }
                if case .requirement(_, legacy: true)? = arguments.value("requirement") {
                    throw EvaluationFallback("a Requirement with traits:")
                }
            }
            return .packageDependency(
                DependencyValue(
                    kind: .sourceControl(url: try arguments.string("url")),
                    explicitName: arguments.optionalString("name"),
                    traits: try dependencyTraits(arguments), requirement: try DependencyAPI.requirement(arguments, label)))
        }
    }

    /// `.package(id:…)`, 5.7.
    private static func registry(_ label: String?, _ type: ValueType) -> APIMember {
        let requirement = label.map { Parameter($0, type) } ?? Parameter(unlabelled: "requirement", type)
        return APIMember(
            .packageDependency, "package", [Parameter("id", .string), requirement, traits],
            since: version(5, 7)
        ) { arguments throws(EvaluationFallback) in
            // The registry overloads take only version ranges.
            if case .requirement(_, legacy: true)? = arguments.value("requirement") {
                throw EvaluationFallback("a Requirement for a registry package")
            }
            return .packageDependency(
                DependencyValue(
                    kind: .registry(id: try arguments.string("id")), explicitName: nil,
                    traits: try dependencyTraits(arguments), requirement: try DependencyAPI.requirement(arguments, label)))
        }
    }

    /// The requirement of a `.package(…)` call, as `dump-package` writes it: `from:` is the range up to the next major version.
    private static func requirement(_ arguments: Arguments, _ label: String?) throws(EvaluationFallback) -> DependencyRequirement {
        switch (label, arguments.value(label ?? "requirement")) {
        case ("from", let value): return try upToNextMajor(value)
        case let ("exact", .version(version)?): return .exact(version.text)
        case let ("branch", .string(branch)?): return .branch(branch)
        case let ("revision", .string(revision)?): return .revision(revision)
        case let (nil, .requirement(requirement, _)?): return requirement
        default: throw EvaluationFallback("a requirement of an unknown kind")
        }
    }

    private static func upToNextMajor(_ value: Value?) throws(EvaluationFallback) -> DependencyRequirement {
        guard case let .version(version)? = value else { throw EvaluationFallback("a version of an unknown kind") }
        return .range(lowerBound: version.text, upperBound: SemanticVersion(major: version.major + 1, minor: 0, patch: 0).text)
    }

    /// The traits given, else the default set, as the dump writes them.
    private static func dependencyTraits(_ arguments: Arguments) throws(EvaluationFallback) -> [DependencyTrait] {
        guard arguments.has("traits") else { return [DependencyTrait(name: "default")] }
        var traits: [DependencyTrait] = []
        for value in arguments.list("traits") {
            guard case let .dependencyTrait(trait) = value else { throw EvaluationFallback("a trait of an unknown kind") }
            traits.append(trait)
        }
        return traits
    }

    private static func dependencyTrait(_ arguments: Arguments) throws(EvaluationFallback) -> DependencyTrait {
        var when: [String]?
        if case let .dependencyTraitCondition(traits)? = arguments.value("condition") { when = traits }
        return DependencyTrait(name: try arguments.string("name"), whenTraits: when)
    }
}
