import Testing

@testable import ModGraphTuist

/// A suite that evaluates manifests written out in its tests, with helpers and plugins beside them, at
/// the paths a repository would hold them.
protocol EvaluatesManifests {}

extension EvaluatesManifests {
    func parsed(_ text: String, _ path: String) throws -> TuistStaticEvaluator.ParsedFile {
        try TuistStaticEvaluator.parse(Array(text.utf8), path: path).get()
    }

    /// The project `manifest` declares with `helpers` as its helper module, or why it fell back.
    func evaluate(
        _ manifest: String, helpers: [String] = [], plugins: [String: [String]] = [:], environment: [String: String] = [:]
    ) throws -> Result<TuistDump.Project, StaticFallback> {
        let helperFiles = try helpers.enumerated().map { try parsed($1, "/repo/Tuist/ProjectDescriptionHelpers/H\($0).swift") }
        var pluginFiles: [String: [TuistStaticEvaluator.ParsedFile]] = [:]
        for (name, texts) in plugins {
            pluginFiles[name] = try texts.enumerated().map {
                try parsed($1, "/repo/Plugins/\(name)/ProjectDescriptionHelpers/P\($0).swift")
            }
        }
        return TuistStaticEvaluator.project(
            manifest: try parsed(manifest, "/repo/Projects/App/Project.swift"), helpers: helperFiles, plugins: pluginFiles,
            environment: environment)
    }

    func project(_ manifest: String, helpers: [String] = [], plugins: [String: [String]] = [:], environment: [String: String] = [:])
        throws -> TuistDump.Project
    {
        switch try evaluate(manifest, helpers: helpers, plugins: plugins, environment: environment) {
        case let .success(project): return project
        case let .failure(fallback): throw fallback
        }
    }

    func reason(_ manifest: String, helpers: [String] = []) throws -> String? {
        if case let .failure(fallback) = try evaluate(manifest, helpers: helpers) { return fallback.reason }
        return nil
    }
}
