import ModGraphCore
import ModGraphTestSupport
import Testing

/// Filters drop what the workspace's own targets no longer reach, worked out by hand on:
///
///     app/App ──▶ app/Core ──▶ nio/NIOCore ──▶ atomics/Atomics
///     app/AppTests ──▶ app/App, nio/NIOTestUtils ──▶ nio/NIOCore
///     app/Core ──(linux only)──▶ nio/NIOPosix ──▶ nio/NIOCore
///     app/App ──▶ log/Logging (an external product node)
///     app/AppTests ──▶ test-kit/Spy (an external product node)
@Suite("graph filters")
struct FilterTests {
    static func id(_ text: String) -> TargetID {
        let parts = text.split(separator: "/")
        return TargetID(package: PackageIdentity(String(parts[0])), name: String(parts[1]))
    }

    static let graph: ModuleGraph = {
        let packages = [
            Package(identity: PackageIdentity("app"), name: "App", path: ".", origin: .root, location: nil, isLoaded: true),
            Package(
                identity: PackageIdentity("nio"), name: "swift-nio", path: nil, origin: .remote, location: "https://example.com/nio",
                isLoaded: true),
            Package(
                identity: PackageIdentity("atomics"), name: "swift-atomics", path: nil, origin: .remote,
                location: "https://example.com/atomics", isLoaded: true),
            Package(
                identity: PackageIdentity("log"), name: "swift-log", path: nil, origin: .remote, location: "https://example.com/log",
                isLoaded: false),
            Package(
                identity: PackageIdentity("test-kit"), name: "test-kit", path: nil, origin: .remote, location: "https://example.com/kit",
                isLoaded: false),
        ]
        let targets: [Target] = [
            Target(id: id("app/App"), type: .executable, path: nil),
            Target(id: id("app/Core"), type: .regular, path: nil),
            Target(id: id("app/AppTests"), type: .test, path: nil),
            Target(id: id("nio/NIOCore"), type: .regular, path: nil),
            Target(id: id("nio/NIOPosix"), type: .regular, path: nil),
            Target(id: id("nio/NIOTestUtils"), type: .regular, path: nil),
            Target(id: id("atomics/Atomics"), type: .regular, path: nil),
            Target(id: id("log/Logging"), type: .externalProduct, path: nil),
            Target(id: id("test-kit/Spy"), type: .externalProduct, path: nil),
        ]
        let edges: [Edge] = [
            Edge(from: id("app/App"), to: id("app/Core"), kind: .target),
            Edge(from: id("app/App"), to: id("log/Logging"), kind: .product),
            Edge(from: id("app/Core"), to: id("nio/NIOCore"), kind: .product),
            Edge(from: id("app/Core"), to: id("nio/NIOPosix"), kind: .product, condition: Condition(platforms: ["linux"])),
            Edge(from: id("nio/NIOPosix"), to: id("nio/NIOCore"), kind: .target),
            Edge(from: id("nio/NIOCore"), to: id("atomics/Atomics"), kind: .product),
            Edge(from: id("app/AppTests"), to: id("app/App"), kind: .target),
            Edge(from: id("app/AppTests"), to: id("nio/NIOTestUtils"), kind: .product),
            Edge(from: id("app/AppTests"), to: id("test-kit/Spy"), kind: .product),
            Edge(from: id("nio/NIOTestUtils"), to: id("nio/NIOCore"), kind: .target),
        ]
        return ModuleGraph(packages: packages, targets: targets, products: [], edges: edges)
    }()

    /// The digraph of a filtered graph is the induced subgraph of the whole
    /// digraph on the kept targets, numbered the same: a diagram reduces the
    /// latter while the filtered graph is still being made. Every subset of
    /// the nine targets.
    @Test func aFilteredGraphsDigraphIsTheInducedSubgraph() {
        let count = Self.graph.targets.count
        for subset in 0..<(1 << count) {
            let kept = (0..<count).map { subset & (1 << $0) != 0 }
            let filtered = Self.graph.filtered(keeping: kept)
            #expect(filtered.digraph == Self.graph.digraph.inducedSubgraph(keeping: kept).graph, "subset \(subset)")
            let ids = Set(zip(Self.graph.targets, kept).filter(\.1).map(\.0.id))
            #expect(filtered == Self.graph.filtered(targets: { ids.contains($0.id) }), "subset \(subset)")
        }
    }

    @Test func withoutTestsDropsTheOtherPackagesCodeOnlyTestsReached() {
        let names = Self.graph.withoutTests().targets.map(\.id.description)
        #expect(names == ["app/App", "app/Core", "atomics/Atomics", "log/Logging", "nio/NIOCore", "nio/NIOPosix"])
    }

    @Test func aPlatformDropsWhatOnlyItsConditionalEdgesReached() {
        let macOS = Self.graph.restricted(toPlatform: "macos").withoutTests()
        #expect(macOS.targets.map(\.id.description) == ["app/App", "app/Core", "atomics/Atomics", "log/Logging", "nio/NIOCore"])
        // On Linux NIOPosix stays; so does NIOTestUtils while tests are in.
        let linux = Self.graph.restricted(toPlatform: "linux")
        #expect(linux.targets.count == 9)
    }

    @Test func theWorkspacesOwnTargetsStayEvenWhenNothingUsesThem() {
        // Without App → Core, nothing depends on Core any more; it stays, and so does what it reaches.
        let graph = Self.graph
            .filtered(edges: { !($0.from == Self.id("app/App") && $0.to == Self.id("app/Core")) })
            .withoutTests()
        #expect(
            graph.targets.map(\.id.description) == ["app/App", "app/Core", "atomics/Atomics", "log/Logging", "nio/NIOCore", "nio/NIOPosix"])
    }

    @Test func aRemotePackageWhoseTargetsAreAllDroppedIsNoLongerListed() {
        // Without Core's edges into nio, only tests reach nio (and through it
        // atomics); without tests, neither package has a target left.
        let graph = Self.graph
            .filtered(edges: { !($0.from == Self.id("app/Core") && $0.to.package == PackageIdentity("nio")) })
            .withoutTests()
        #expect(graph.targets.map(\.id.description) == ["app/App", "app/Core", "log/Logging"])
        #expect(graph.packages.map(\.identity.rawValue) == ["app", "log"])
        // With tests in, nio and atomics are still built, and listed.
        #expect(Self.graph.withoutTests().packages.map(\.identity.rawValue) == ["app", "atomics", "log", "nio"])
    }

    /// A `path:` package whose folder is missing is of the workspace's own, but
    /// has only external product nodes; like a remote package's, they go when
    /// their last user goes, whichever filter removes it, and so does the package.
    @Test func aMissingLocalPackagesProductsGoWithTheirLastUser() {
        let packages = [
            Package(identity: PackageIdentity("app"), name: "App", path: ".", origin: .root, location: nil, isLoaded: true),
            Package(
                identity: PackageIdentity("missing"), name: "missing", path: nil, origin: .local, location: "../Missing", isLoaded: false),
            Package(
                identity: PackageIdentity("log"), name: "log", path: nil, origin: .remote, location: "https://example.com/log",
                isLoaded: false),
        ]
        let targets = [
            Target(id: Self.id("app/App"), type: .regular, path: "Sources/App"),
            Target(id: Self.id("app/AppTests"), type: .test, path: "Tests/AppTests"),
            Target(id: Self.id("missing/Gone"), type: .externalProduct, path: nil),
            Target(id: Self.id("missing/Linux"), type: .externalProduct, path: nil),
            Target(id: Self.id("missing/Fast"), type: .externalProduct, path: nil),
            Target(id: Self.id("log/Logging"), type: .externalProduct, path: nil),
        ]
        let edges = [
            Edge(from: Self.id("app/AppTests"), to: Self.id("app/App"), kind: .target),
            Edge(from: Self.id("app/AppTests"), to: Self.id("missing/Gone"), kind: .product),
            Edge(from: Self.id("app/AppTests"), to: Self.id("log/Logging"), kind: .product),
            Edge(from: Self.id("app/App"), to: Self.id("missing/Linux"), kind: .product, condition: Condition(platforms: ["linux"])),
            Edge(from: Self.id("app/App"), to: Self.id("missing/Fast"), kind: .product, condition: Condition(traits: ["Fast"])),
        ]
        let graph = ModuleGraph(packages: packages, targets: targets, products: [], edges: edges).withoutUnusedExternals()
        #expect(graph.targets.count == 6)

        let noTests = graph.restricted(to: BuildEnvironment(includesTests: false))
        #expect(noTests.targets.map(\.id.description) == ["app/App", "missing/Fast", "missing/Linux"])
        let macOS = graph.restricted(to: BuildEnvironment(platform: "macos", includesTests: false))
        #expect(macOS.targets.map(\.id.description) == ["app/App", "missing/Fast"])
        let defaults = graph.restricted(
            to: BuildEnvironment(platform: "macos", enabledTraits: [PackageIdentity("app"): []], includesTests: false))
        #expect(defaults.targets.map(\.id.description) == ["app/App"])
        #expect(defaults.packages.map(\.identity.rawValue) == ["app"])
        #expect(
            graph.restricted(to: BuildEnvironment(platform: "macos")).targets.map(\.id.description)
                == ["app/App", "app/AppTests", "log/Logging", "missing/Fast", "missing/Gone"])
    }
}

@Suite("Build environment")
struct BuildEnvironmentTests {
    /// One pass gives what the three filters give one after another, and the graph remembers the environment.
    @Test func onePassEqualsTheFiltersInTurn() {
        let environment = BuildEnvironment(platform: "macos", enabledTraits: nil, includesTests: false)
        let once = FilterTests.graph.restricted(to: environment)
        let inTurn = FilterTests.graph.restricted(toPlatform: "macos").withoutTests()
        #expect(once.targets == inTurn.targets)
        #expect(once.edges == inTurn.edges)
        #expect(once.packages == inTurn.packages)
        #expect(once.environment == environment)
        #expect(inTurn.environment == environment)
        #expect(FilterTests.graph.environment == .everything)
    }

    @Test func filteringKeepsTheEnvironment() {
        let linux = FilterTests.graph.restricted(to: BuildEnvironment(platform: "linux"))
        #expect(linux.filtered(targets: { _ in true }).environment.platform == "linux")
        #expect(linux.withoutTests().environment == BuildEnvironment(platform: "linux", includesTests: false))
    }

    /// A filter keeps each product with the targets it keeps, and drops a
    /// product left with none, whether every product's targets are in the
    /// graph (the kept or the dropped ones are hashed) or some are not (each
    /// is looked up): the definition, on random graphs and filters.
    @Test func productsKeepTheTargetsTheFilterKeeps() {
        var random = SplitMix64(seed: 21)
        let package = PackageIdentity("p")
        for round in 0..<300 {
            let ids = (0..<random.next(below: 30) + 1).map { TargetID(package: package, name: "T\($0)") }
            let targets = ids.map { Target(id: $0, type: .regular, path: nil) }
            // Some rounds name a target that is not in the graph.
            let outsider = TargetID(package: package, name: "Elsewhere")
            let products = (0..<random.next(below: 12)).map { index in
                Product(
                    package: package, name: "P\(index)", type: "library",
                    targets: (0..<random.next(below: 4) + 1).map { _ in
                        round % 3 == 0 && random.next(below: 5) == 0 ? outsider : ids[random.next(below: ids.count)]
                    })
            }
            let graph = ModuleGraph(packages: [], targets: targets, products: products, edges: [])
            // Keeping few, about half, or nearly all targets.
            let share = [10, 50, 90][round % 3 == 0 ? 1 : random.next(below: 3)]
            let kept = Set(ids.filter { _ in random.next(below: 100) < share })
            let filtered = graph.filtered(targets: { kept.contains($0.id) })
            let expected = graph.products.compactMap { product -> Product? in
                let targets = product.targets.filter { kept.contains($0) }
                return targets.isEmpty ? nil : Product(package: product.package, name: product.name, type: product.type, targets: targets)
            }
            #expect(filtered.products == expected, "round \(round)")
        }
    }
}
