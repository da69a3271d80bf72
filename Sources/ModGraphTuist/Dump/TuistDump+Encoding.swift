import Foundation

extension TuistDump.Project {
    /// The project as the JSON a compiled manifest prints (the shapes ``TuistDump/project(from:)``
    /// reads), so that a project evaluated from its text is cached as a compiled one is and read back
    /// by the one reader.
    func json() -> Data? {
        let object: [String: Any] = [
            "name": name, "targets": targets.map(Self.target), "packages": packages.map(Self.package),
        ]
        return try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    private static func target(_ target: TuistDump.Target) -> [String: Any] {
        var object: [String: Any] = [
            "name": target.name, "product": target.product, "destinations": target.destinations,
            "sources": ["globs": target.sources.map { ["glob": path($0.pattern), "excluding": $0.excluding.map(path)] }],
            "resources": [
                "resources": target.resources.map { ["glob": ["pattern": path($0.pattern), "excluding": $0.excluding.map(path)]] }
            ],
            "buildableFolders": target.buildableFolders.map { ["path": path($0)] },
            "dependencies": target.dependencies.map(dependency),
            "settings": ["base": target.settings],
        ]
        if let productName = target.productName { object["productName"] = productName }
        if let line = target.line { object[TuistDump.lineKeys.target] = line }
        if target.dependencyLines.contains(where: { $0 != nil }) {
            object[TuistDump.lineKeys.dependencies] = target.dependencyLines.map { $0.map { $0 as Any } ?? NSNull() }
        }
        return object
    }

    private static func dependency(_ dependency: TuistDump.Dependency) -> [String: Any] {
        func condition(_ filters: [String]) -> [String: Any] {
            filters.isEmpty ? [:] : ["condition": ["platformFilters": filters]]
        }
        switch dependency {
        case let .target(name, filters):
            return ["target": ["name": name].merging(condition(filters)) { $1 }]
        case let .project(target, path, filters):
            return ["project": ["target": target, "path": Self.path(path)].merging(condition(filters)) { $1 }]
        case let .external(name, filters):
            return ["external": ["name": name].merging(condition(filters)) { $1 }]
        case let .package(product, isPlugin, filters):
            return ["package": ["product": product, "type": isPlugin ? "plugin" : "runtime"].merging(condition(filters)) { $1 }]
        case let .macro(name):
            return ["macro": ["name": name]]
        case let .prebuilt(kind):
            return [kind: [String: Any]()]
        }
    }

    private static func package(_ package: TuistDump.Package) -> [String: Any] {
        switch package {
        case let .remote(url): ["remote": ["url": url]]
        case let .registry(identifier): ["registry": ["identifier": identifier]]
        case let .local(path): ["local": ["path": Self.path(path)]]
        }
    }

    private static func path(_ path: TuistDump.Path) -> [String: Any] {
        var object: [String: Any] = ["type": path.base.rawValue, "pathString": path.text]
        if let caller = path.callerPath { object["callerPath"] = caller }
        return object
    }
}
