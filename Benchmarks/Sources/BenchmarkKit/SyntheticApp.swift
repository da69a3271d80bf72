import ModGraphCore
import GraphTestSupport

/// The blueprint of a synthetic modular app, deterministic by seed: the
/// modules, who depends on whom, which package each lives in, and how much
/// source each has. ``SyntheticGraph`` turns it into a graph in memory and
/// ``SyntheticProjectWriter`` into SwiftPM packages or dump JSON on disk.
///
/// The layout follows the samples: core modules in layers (`Prelude` at the
/// bottom), one `VerticalInterfaces` module above them, verticals that use
/// both (each a main module over `UI`, `Domain` and `Data` sub-modules, with a
/// test target), and app targets that assemble the verticals. Verticals never
/// depend on each other unless a violation or cycle is planted.
public struct SyntheticApp: Sendable {
    public enum Role: String, Sendable {
        case core, interfaces, vertical, app, test
    }

    public struct Module: Sendable {
        public let name: String
        public let role: Role
        /// Index into ``SyntheticApp/packages``.
        public let package: Int
        /// Indices into ``SyntheticApp/modules``, ascending.
        public internal(set) var dependencies: [Int]
        /// Lines of each source file; at least one file.
        public let sourceLines: [Int]
        /// For vertical modules and their tests: which vertical.
        public let vertical: Int?

        public var type: TargetType {
            switch role {
            case .app: .executable
            case .test: .test
            case .core, .interfaces, .vertical: .regular
            }
        }
    }

    /// A fault put in on purpose, for `modgraph check` and cycle reports to find.
    public struct PlantedFault: Sendable, CustomStringConvertible {
        public enum Kind: String, Sendable { case verticalToVertical = "vertical -> vertical", coreToVertical = "core -> vertical (upward)", cycle }
        public let kind: Kind
        /// Module names along the added edges (`A -> B` for one edge, `A -> B -> A` for a cycle).
        public let path: [String]
        public var description: String { "\(kind.rawValue): \(path.joined(separator: " -> "))" }
    }

    /// Package names; the first is the root.
    public let packages: [String]
    public private(set) var modules: [Module]
    public private(set) var planted: [PlantedFault] = []
    public let seed: UInt64

    /// Names the verticals cycle through, numbered once used up.
    static let verticalNames = ["Onboarding", "Profile", "Settings", "Search", "Checkout", "Messaging", "Feed", "Payments",
                                "Orders", "Cart", "Wishlist", "Reviews", "Support", "Rewards", "Stores", "Tracking"]
    static let coreNames = ["Prelude", "Networking", "Persistence", "DesignSystem", "Analytics", "Logging", "Storage", "ImageLoading",
                            "Localization", "FeatureFlags", "Authentication", "Routing", "Telemetry", "Keychain", "Formatting", "Caching"]

    /// How many of each kind an app of `targets` targets in `packages` packages has.
    struct Counts {
        var apps, corePackages, verticalPackages, core, coreTests, verticals, extraModules: Int
    }

    /// `nil` when `targets` are too few for `packages` (see ``minimumTargets(packages:)``).
    static func counts(targets: Int, packages: Int, verticals wanted: Int? = nil) -> Counts? {
        guard targets >= 12, packages == 1 || packages >= 4 else { return nil }
        let apps = targets >= 100 ? 2 : 1
        let corePackages = packages == 1 ? 0 : max(1, (packages - 2) / 16)
        let verticalPackages = packages == 1 ? 0 : packages - 2 - corePackages
        func attempt(core: Int) -> Counts? {
            let coreTests = core / 4
            let remaining = targets - apps - 1 - core - coreTests
            let verticals = min(remaining / 5, max(wanted ?? .max, verticalPackages, 1))
            guard verticals >= max(1, verticalPackages) else { return nil }
            return Counts(apps: apps, corePackages: corePackages, verticalPackages: verticalPackages, core: core,
                          coreTests: coreTests, verticals: verticals, extraModules: remaining - 5 * verticals)
        }
        // A tenth of the targets are core; small apps split into many packages get fewer.
        return attempt(core: max(4, targets / 10, corePackages)) ?? attempt(core: max(4, corePackages))
    }

    /// The fewest targets an app split into `packages` packages can have; `nil` for 2 or 3 packages.
    public static func minimumTargets(packages: Int) -> Int? {
        guard packages == 1 || packages >= 4 else { return nil }
        return (12...).first { counts(targets: $0, packages: packages) != nil }
    }

    /// An app of exactly `targets` targets (see ``minimumTargets(packages:)``). With
    /// `packages` above 1 it is split into that many local packages linked by `path:`:
    /// the root `App` with the app targets, `Interfaces`, a core package per 16
    /// packages, and the rest one per vertical (or a run of verticals, when there are
    /// more verticals than packages). Planted core → vertical violations make two
    /// packages depend on each other, which SwiftPM accepts only from tools 6.0
    /// (`dump-package` and modgraph do not mind).
    /// `verticals` fixes their number (within what fits); the rest of the targets
    /// become support modules of the verticals.
    public init(targets: Int, packages packageCount: Int = 1, verticals: Int? = nil, violations: Int = 0, cycles: Int = 0, seed: UInt64 = 1) {
        guard let counts = Self.counts(targets: targets, packages: packageCount, verticals: verticals) else {
            preconditionFailure("\(targets) targets cannot make \(packageCount) packages; see SyntheticApp.minimumTargets(packages:)")
        }
        var random = SplitMix64(seed: seed)
        self.seed = seed
        let (appCount, corePackageCount, verticalPackageCount) = (counts.apps, counts.corePackages, counts.verticalPackages)
        let (coreCount, coreTestCount, verticalCount, extraModules) = (counts.core, counts.coreTests, counts.verticals, counts.extraModules)

        // Packages: the root first, then interfaces, core, verticals.
        var packageNames: [String]
        if packageCount == 1 {
            packageNames = ["ModularApp"]
        } else {
            packageNames = ["App", "Interfaces"] + (0..<corePackageCount).map { $0 == 0 ? "Core" : "Core\($0 + 1)" }
            // Each vertical package is named after its first vertical.
            packageNames += (0..<verticalPackageCount).map { Self.verticalName(($0 * verticalCount + verticalPackageCount - 1) / verticalPackageCount) }
        }
        self.packages = packageNames
        // Consecutive runs, lowest first: core modules use only lower ones and planted
        // vertical edges go from lower verticals to higher ones, so packages never
        // depend on each other in a circle (SwiftPM rejects that before tools 6.0).
        func corePackage(_ index: Int) -> Int { packageCount == 1 ? 0 : 2 + index * corePackageCount / coreCount }
        func verticalPackage(_ vertical: Int) -> Int { packageCount == 1 ? 0 : 2 + corePackageCount + vertical * verticalPackageCount / verticalCount }
        let interfacesPackage = packageCount == 1 ? 0 : 1

        var modules: [Module] = []
        func lines(_ range: ClosedRange<Int>, files: ClosedRange<Int> = 1...2) -> [Int] {
            (0..<Int.random(in: files, using: &random)).map { _ in Int.random(in: range, using: &random) }
        }
        func add(_ name: String, _ role: Role, package: Int, dependencies: Set<Int>, sourceLines: [Int], vertical: Int? = nil) -> Int {
            modules.append(Module(name: name, role: role, package: package, dependencies: dependencies.sorted(), sourceLines: sourceLines, vertical: vertical))
            return modules.count - 1
        }

        // Core: each module uses one to three lower ones, mostly near it.
        var core: [Int] = []
        for index in 0..<coreCount {
            var uses = Set<Int>()
            if index > 0 {
                for _ in 0..<Int.random(in: 1...min(3, index), using: &random) {
                    let span = min(index, 6)
                    uses.insert(core[index - 1 - Int.random(in: 0..<span, using: &random)])
                }
                uses.insert(core[0])
            }
            core.append(add(Self.coreName(index), .core, package: corePackage(index), dependencies: uses, sourceLines: lines(30...400, files: 1...4)))
        }
        for index in 0..<coreTestCount {
            let tested = core[index * coreCount / max(coreTestCount, 1)]
            _ = add(modules[tested].name + "Tests", .test, package: modules[tested].package, dependencies: [tested], sourceLines: lines(20...120))
        }
        func someCore() -> Int { core[Int.random(in: 0..<core.count, using: &random)] }
        let interfaces = add("VerticalInterfaces", .interfaces, package: interfacesPackage,
                             dependencies: [core[0], someCore()], sourceLines: lines(50...300, files: 1...3))

        // Verticals: Data → Domain → UI → main, each part on interfaces and core.
        var mains: [Int] = []
        var dataModules: [Int] = []
        for vertical in 0..<verticalCount {
            let name = Self.verticalName(vertical)
            let package = verticalPackage(vertical)
            let data = add(name + "Data", .vertical, package: package, dependencies: [interfaces, someCore(), someCore()],
                           sourceLines: lines(20...250), vertical: vertical)
            let domain = add(name + "Domain", .vertical, package: package, dependencies: [data, interfaces, core[0]],
                             sourceLines: lines(20...250), vertical: vertical)
            let ui = add(name + "UI", .vertical, package: package, dependencies: [domain, interfaces, someCore()],
                         sourceLines: lines(40...400, files: 1...3), vertical: vertical)
            var mainUses: Set<Int> = [ui, domain, interfaces]
            // Leftover targets become support modules of the first verticals.
            let supportCount = extraModules / verticalCount + (vertical < extraModules % verticalCount ? 1 : 0)
            for support in 0..<supportCount {
                mainUses.insert(add(name + "Support\(support + 1)", .vertical, package: package, dependencies: [interfaces, someCore()],
                                    sourceLines: lines(10...150), vertical: vertical))
            }
            let main = add(name, .vertical, package: package, dependencies: mainUses, sourceLines: lines(20...200), vertical: vertical)
            _ = add(name + "Tests", .test, package: package, dependencies: [main, domain], sourceLines: lines(30...200), vertical: vertical)
            mains.append(main)
            dataModules.append(data)
        }

        // Apps: one with every vertical, a second (extensions, widgets) with a third of them.
        _ = add("App", .app, package: 0, dependencies: Set(mains + [interfaces, core[0]]), sourceLines: lines(50...300))
        if appCount > 1 {
            let some = mains.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
            _ = add("AppExtension", .app, package: 0, dependencies: Set(some + [mains[0], interfaces]), sourceLines: lines(20...100))
        }
        self.modules = modules
        plant(violations: violations, cycles: cycles, mains: mains, dataModules: dataModules, core: core, random: &random)
    }

    /// Adds the faults asked for. Violations never close a cycle (they go from a lower
    /// vertical to a higher one, or from a core module the vertical cannot reach);
    /// each cycle is a vertical's `Data` module using its own main module.
    private mutating func plant(violations: Int, cycles: Int, mains: [Int], dataModules: [Int], core: [Int], random: inout SplitMix64) {
        for index in 0..<violations {
            if index % 2 == 1, let (from, to) = upwardCoreEdge(mains: mains, dataModules: dataModules, core: core, random: &random) {
                addEdge(from, to)
                planted.append(PlantedFault(kind: .coreToVertical, path: [modules[from].name, modules[to].name]))
            } else if mains.count > 1 {
                let first = Int.random(in: 0..<mains.count, using: &random)
                var second = Int.random(in: 0..<(mains.count - 1), using: &random)
                if second >= first { second += 1 }
                let (low, high) = (min(first, second), max(first, second))
                // A sub-module of the lower vertical uses the higher vertical's main module directly.
                let from = modules[mains[low]].dependencies.first { modules[$0].role == .vertical && modules[$0].vertical == low } ?? mains[low]
                addEdge(from, mains[high])
                planted.append(PlantedFault(kind: .verticalToVertical, path: [modules[from].name, modules[mains[high]].name]))
            }
        }
        for index in 0..<min(cycles, mains.count) {
            let vertical = (index * 7919) % mains.count
            addEdge(dataModules[vertical], mains[vertical])
            planted.append(PlantedFault(kind: .cycle, path: [modules[mains[vertical]].name, "…", modules[dataModules[vertical]].name, modules[mains[vertical]].name]))
        }
    }

    /// A core module that a vertical's `Data` module does not reach, so the edge adds no cycle.
    private func upwardCoreEdge(mains: [Int], dataModules: [Int], core: [Int], random: inout SplitMix64) -> (Int, Int)? {
        let vertical = Int.random(in: 0..<dataModules.count, using: &random)
        let target = dataModules[vertical]
        var reached = Set<Int>()
        var stack = [target]
        while let module = stack.popLast() {
            for next in modules[module].dependencies where reached.insert(next).inserted { stack.append(next) }
        }
        let candidates = core.filter { !reached.contains($0) }
        guard !candidates.isEmpty else { return nil }
        return (candidates[Int.random(in: 0..<candidates.count, using: &random)], target)
    }

    private mutating func addEdge(_ from: Int, _ to: Int) {
        var module = modules[from]
        module.dependencies = Array(Set(module.dependencies + [to])).sorted()
        modules[from] = module
    }

    static func verticalName(_ index: Int) -> String {
        let base = verticalNames[index % verticalNames.count]
        return index < verticalNames.count ? base : base + "\(index / verticalNames.count + 1)"
    }

    static func coreName(_ index: Int) -> String {
        let base = coreNames[index % coreNames.count]
        return index < coreNames.count ? base : base + "\(index / coreNames.count + 1)"
    }

    /// How many dependency edges the blueprint has.
    public var edgeCount: Int { modules.reduce(0) { $0 + $1.dependencies.count } }
}
