import Foundation
import ModGraphCore
@testable import ModGraphManifest

// Foundation's `JSONDecoder` reading dumps, written apart from ModGraph's one
// reader (ManifestReader) as the oracle its differential tests compare with:
// the Decodable conformances modgraph used before it had a reader of its own.

private struct AnyKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(_ string: String) {
        stringValue = string
        intValue = nil
    }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// SwiftPM encodes enums as one-key objects (`{"byName": [...]}`).
private struct OneKeyObject {
    let key: AnyKey
    let container: KeyedDecodingContainer<AnyKey>

    init(_ container: KeyedDecodingContainer<AnyKey>) throws {
        guard let key = container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }).first else {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath, debugDescription: "expected an object with one key"))
        }
        self.key = key
        self.container = container
    }

    init(from decoder: any Decoder) throws {
        try self.init(decoder.container(keyedBy: AnyKey.self))
    }

    var name: String { key.stringValue }

    func payload<T: Decodable>(_ type: T.Type) throws -> T {
        try container.decode(T.self, forKey: key)
    }

    func unkeyedPayload() throws -> UnkeyedDecodingContainer {
        try container.nestedUnkeyedContainer(forKey: key)
    }
}

private struct Skip: Decodable {
    init(from decoder: any Decoder) throws {}
}

extension ToolsVersion: Decodable {
    public init(from decoder: any Decoder) throws {
        let text: String
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            text = try container.decode(String.self, forKey: AnyKey("_version"))
        } else {
            text = try decoder.singleValueContainer().decode(String.self)
        }
        guard let parsed = ToolsVersion(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a tools version"))
        }
        self = parsed
    }
}

extension Manifest: Decodable {
    private enum Keys: String, CodingKey {
        case name, toolsVersion, packageKind, targets, products, dependencies, traits
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        var packageDirectory: String?
        if container.contains(.packageKind), (try? container.decodeNil(forKey: .packageKind)) == false,
            let kind = try? OneKeyObject(container.nestedContainer(keyedBy: AnyKey.self, forKey: .packageKind)),
            let paths = try? kind.payload([String].self)
        {
            packageDirectory = paths.first
        }
        self.init(
            name: try container.decode(String.self, forKey: .name),
            toolsVersion: try container.decodeIfPresent(ToolsVersion.self, forKey: .toolsVersion),
            packageDirectory: packageDirectory,
            targets: try container.decodeIfPresent([ManifestTarget].self, forKey: .targets) ?? [],
            products: try container.decodeIfPresent([ManifestProduct].self, forKey: .products) ?? [],
            dependencies: try container.decodeIfPresent([PackageDependency].self, forKey: .dependencies) ?? [],
            traits: try container.decodeIfPresent([PackageTrait].self, forKey: .traits) ?? [])
    }
}

extension PackageTrait: Decodable {
    private enum Keys: String, CodingKey { case name, enabledTraits }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            enabledTraits: try container.decodeIfPresent([String].self, forKey: .enabledTraits) ?? [])
    }
}

extension ManifestTarget: Decodable {
    private enum Keys: String, CodingKey {
        case name, type, dependencies, path, sources, exclude, resources, pluginUsages
    }

    private struct Resource: Decodable {
        let path: String?

        private enum Keys: String, CodingKey { case path }

        init(from decoder: any Decoder) throws {
            path = try? decoder.container(keyedBy: Keys.self).decodeIfPresent(String.self, forKey: .path)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let typeName = try container.decodeIfPresent(String.self, forKey: .type) ?? "regular"
        guard let type = TargetType(rawValue: typeName), Self.swiftPMTypes.contains(type) else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown target type '\(typeName)'")
        }
        self.init(
            name: try container.decode(String.self, forKey: .name), type: type,
            dependencies: try container.decodeIfPresent([TargetDependency].self, forKey: .dependencies) ?? [],
            path: try container.decodeIfPresent(String.self, forKey: .path),
            sources: try container.decodeIfPresent([String].self, forKey: .sources),
            exclude: try container.decodeIfPresent([String].self, forKey: .exclude) ?? [],
            resources: ((try? container.decodeIfPresent([Resource].self, forKey: .resources)) ?? nil)?.compactMap(\.path) ?? [],
            pluginUsages: try container.decodeIfPresent([PluginUsage].self, forKey: .pluginUsages) ?? [])
    }
}

extension TargetDependency: Decodable {
    public init(from decoder: any Decoder) throws {
        let object = try OneKeyObject(from: decoder)
        var payload = try object.unkeyedPayload()
        let name = try payload.decode(String.self)
        switch object.name {
        case "byName", "target":
            let condition = try payload.isAtEnd ? nil : payload.decodeIfPresent(ConditionJSON.self)?.condition
            self = object.name == "byName" ? .byName(name, condition: condition) : .target(name, condition: condition)
        case "product":
            let count = payload.count ?? 4
            let package = try payload.isAtEnd ? nil : payload.decodeIfPresent(String.self)
            if count >= 4, !payload.isAtEnd { _ = try payload.decode(Skip.self) }
            let condition = try payload.isAtEnd ? nil : payload.decodeIfPresent(ConditionJSON.self)?.condition
            self = .product(name, package: package, condition: condition)
        default:
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown target dependency kind '\(object.name)'"))
        }
    }
}

private struct ConditionJSON: Decodable {
    let condition: Condition

    private enum Keys: String, CodingKey { case platformNames, traits }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let platforms = try container.decodeIfPresent([String].self, forKey: .platformNames) ?? []
        let traits = try container.decodeIfPresent([String].self, forKey: .traits) ?? []
        condition = Condition(platforms: platforms, traits: traits)
    }
}

extension PluginUsage: Decodable {
    public init(from decoder: any Decoder) throws {
        let object = try OneKeyObject(from: decoder)
        var payload = try object.unkeyedPayload()
        let name = try payload.decode(String.self)
        self.init(name: name, package: try payload.isAtEnd ? nil : payload.decodeIfPresent(String.self))
    }
}

extension ManifestProduct: Decodable {
    private enum Keys: String, CodingKey { case name, type, targets }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        var type = "library"
        if container.contains(.type), let kind = try? OneKeyObject(container.nestedContainer(keyedBy: AnyKey.self, forKey: .type)) {
            if kind.name == "library", let linkage = (try? kind.payload([String].self))?.first, linkage != "automatic" {
                type = "library (\(linkage))"
            } else {
                type = kind.name
            }
        }
        self.init(
            name: try container.decode(String.self, forKey: .name), type: type,
            targets: try container.decodeIfPresent([String].self, forKey: .targets) ?? [])
    }
}

extension PackageDependency: Decodable {
    private enum Keys: String, CodingKey {
        case identity, path, location, name, nameForTargetDependencyResolutionOnly, url, requirement, traits
    }

    public init(from decoder: any Decoder) throws {
        let flat = try decoder.container(keyedBy: Keys.self)
        if flat.contains(.url) {
            let url = try flat.decode(String.self, forKey: .url)
            let name = try flat.decodeIfPresent(String.self, forKey: .name)
            var isLocal = false
            if let requirement = try? flat.nestedContainer(keyedBy: AnyKey.self, forKey: .requirement) {
                let keys = Set(requirement.allKeys.map(\.stringValue))
                let type = try? requirement.decode(String.self, forKey: AnyKey("type"))
                isLocal = keys.contains("localPackage") || type == "localPackage"
            }
            self.init(kind: isLocal ? .fileSystem : .sourceControl, identity: PackageIdentity(location: url), explicitName: name, location: url)
            return
        }
        let object = try OneKeyObject(from: decoder)
        var list = try object.unkeyedPayload()
        let body = try list.nestedContainer(keyedBy: Keys.self)
        let explicitName =
            try body.decodeIfPresent(String.self, forKey: .nameForTargetDependencyResolutionOnly)
            ?? body.decodeIfPresent(String.self, forKey: .name)
        let identity = try body.decodeIfPresent(String.self, forKey: .identity)
        let traits = try body.decodeIfPresent([DependencyTrait].self, forKey: .traits)
        switch object.name {
        case "fileSystem", "local":
            let path = try body.decode(String.self, forKey: .path)
            self.init(
                kind: .fileSystem, identity: identity.map { PackageIdentity($0) } ?? PackageIdentity(location: path),
                explicitName: explicitName, location: path, traits: traits)
        case "sourceControl", "scm":
            let location: String
            if let plain = try? body.decode(String.self, forKey: .location) {
                location = plain
            } else {
                let object = try OneKeyObject(body.nestedContainer(keyedBy: AnyKey.self, forKey: .location))
                guard let first = try object.payload([LocationEntry].self).first else {
                    throw DecodingError.dataCorrupted(.init(codingPath: body.codingPath, debugDescription: "an empty package location"))
                }
                location = first.value
            }
            self.init(
                kind: .sourceControl, identity: identity.map { PackageIdentity($0) } ?? PackageIdentity(location: location),
                explicitName: explicitName, location: location, traits: traits)
        case "registry":
            guard let identity else {
                throw DecodingError.keyNotFound(
                    Keys.identity, .init(codingPath: body.codingPath, debugDescription: "a registry dependency needs an identity"))
            }
            self.init(kind: .registry, identity: PackageIdentity(identity), explicitName: explicitName, location: identity, traits: traits)
        default:
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown package dependency kind '\(object.name)'"))
        }
    }
}

extension DependencyTrait: Decodable {
    private enum Keys: String, CodingKey { case name, condition }
    private enum ConditionKeys: String, CodingKey { case traits }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        var whenTraits: [String]?
        if container.contains(.condition), try !container.decodeNil(forKey: .condition) {
            let condition = try container.nestedContainer(keyedBy: ConditionKeys.self, forKey: .condition)
            whenTraits = try condition.decodeIfPresent([String].self, forKey: .traits)
        }
        self.init(name: try container.decode(String.self, forKey: .name), whenTraits: whenTraits)
    }
}

private struct LocationEntry: Decodable {
    let value: String

    init(from decoder: any Decoder) throws {
        if let plain = try? decoder.singleValueContainer().decode(String.self) {
            value = plain
        } else {
            value = try decoder.container(keyedBy: AnyKey.self).decode(String.self, forKey: AnyKey("urlString"))
        }
    }
}
