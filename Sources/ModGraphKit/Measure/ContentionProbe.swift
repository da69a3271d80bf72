import Foundation
import ModGraphSystem
import ModGraphWeights

/// How much slower a compile runs on this machine when other compiles run
/// beside it: the toolchain's `swiftc` type-checks one generated file
/// alone, then as `cores` copies at once, in a few rounds; the slowdown per
/// other busy core is the median copy's CPU time over the median alone,
/// less one, over `cores − 1`. It is what one measured build cannot tell
/// (its jobs' times already hold their share of the machine), measured in
/// seconds rather than by a second build in minutes (docs/planning.md, "Jobs
/// that share the machine").
struct ContentionProbe: Sendable {
    /// The `swiftc` that type-checks.
    let compiler: String
    /// How many copies run at once: the cores the prediction cares about (2 or more).
    let cores: Int
    /// Rounds of one alone and `cores` together; medians are taken over them.
    var rounds = 3
    /// Each type-check's bound; it takes about a second here.
    var timeout: Duration = .seconds(300)

    /// The times the probe saw, in CPU seconds (wall seconds where the platform gives none).
    struct Result: Sendable, Equatable {
        let alone: [Double]
        let together: [Double]
        let cores: Int

        /// `(median together ÷ median alone − 1) ÷ (cores − 1)`, at least 0.
        var slowdownPerCore: Double {
            let base = Self.median(alone)
            guard base > 0, cores > 1 else { return 0 }
            return max(0, (Self.median(together) / base - 1) / Double(cores - 1))
        }

        /// One line for the weights file and the log.
        var calibration: String {
            String(
                format:
                    "probe: swiftc -typecheck of a generated file took %.2f s alone and %.2f s with %d at once (CPU seconds, medians of %d rounds)",
                Self.median(alone), Self.median(together), cores, alone.count)
        }

        static func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return 0 }
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
    }

    /// Runs the rounds in `folder` (modgraph's own scratch folder), where the
    /// generated file is created anew. Throws when the compiler cannot run
    /// or fails on the file.
    func run(in folder: String) throws(CommandError) -> Result {
        let file = (folder as NSString).appendingPathComponent("modgraph-probe-\(UUID().uuidString).swift")
        do {
            try FileCreation.write(Array(Self.source.utf8), toNew: file, permissions: .ownerReadWrite)
        } catch {
            throw CommandError("\(folder): cannot write the compiler probe's file: \(error)")
        }
        defer { FileNames.remove(file) }
        let once: @Sendable (Int) -> Outcome = { [compiler, timeout] _ in
            let started = ContinuousClock.now
            do {
                let result = try ProcessRunner(timeout: timeout).run(
                    compiler, ["-typecheck", file], environment: ProcessInfo.processInfo.environment,
                    output: .capture(limit: 1 << 16, errorHead: 4_096))
                guard result.status.code == 0 else {
                    return .failure(String(decoding: result.standardError.head.prefix(500), as: UTF8.self))
                }
                let wall = ContinuousClock.now - started
                let seconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
                return .success(result.cpuSeconds > 0 ? result.cpuSeconds : seconds)
            } catch {
                return .failure("\(error)")
            }
        }
        var alone: [Double] = []
        var together: [Double] = []
        for _ in 0..<rounds {
            alone += try Self.times(Executor.sequential.map(1, once), compiler: compiler)
            together += try Self.times(Executor(width: cores).map(cores, once), compiler: compiler)
        }
        return Result(alone: alone, together: together, cores: cores)
    }

    /// A unit's outcome, as a value the executor can carry.
    enum Outcome: Sendable {
        case success(Double)
        case failure(String)
    }

    private static func times(_ outcomes: [Outcome], compiler: String) throws(CommandError) -> [Double] {
        var times: [Double] = []
        for outcome in outcomes {
            switch outcome {
            case .success(let seconds): times.append(seconds)
            case .failure(let reason): throw CommandError("\(compiler): the compiler probe failed: \(reason)")
            }
        }
        return times
    }

    /// The probe's program: generic functions, closures and `Codable`
    /// structs, as the generated workspaces of the validation ledger hold,
    /// sized to type-check in about a second; the standard library only.
    static let source: String = (0..<12).map { index in
        """
        struct Item\(index): Codable, Hashable { var id: Int; var name: String; var values: [Double] }
        func work\(index)<T: Numeric & Comparable>(_ input: [T], scale: T) -> [T] {
            let mapped = input.map { $0 * scale + scale }.filter { $0 > scale }
            let folded = mapped.reduce(into: [T]()) { list, x in if list.count < 8 { list.append(x * x) } }
            return folded.sorted().reversed().map { $0 + (scale * 2) }
        }
        let value\(index) = work\(index)([1, 2, 3, 4, 5].map { Double($0) * 1.5 }, scale: 2.0).map {
            Item\(index)(id: Int($0), name: "\\($0)", values: [$0, $0 * 2])
        }

        """
    }.joined()
}
