import ModGraphCore
import Testing
@testable import ModGraphChanges

@Suite("file owners")
struct FileOwnersTests {
    private let app = PackageIdentity("app")
    private func id(_ name: String) -> TargetID { TargetID(package: app, name: name) }

    @Test func swiftPMTargetsOwnTheirFolderLessExcludesAndOutsideSources() {
        let owners = FileOwners([
            id("Core"): .folder("/r/Sources/Core", sources: nil, exclude: ["Generated", "notes.txt"]),
            id("Mixed"): .folder("/r/Sources/Mixed", sources: ["swift", "c/main.c"], exclude: []),
            id("Whole"): .folder("/r/Sources", sources: nil, exclude: ["Core", "Mixed"]),
        ])
        #expect(owners.owners(of: "/r/Sources/Core/A.swift") == [id("Core")])
        #expect(owners.owners(of: "/r/Sources/Core/Deep/B.swift") == [id("Core")])
        #expect(owners.owners(of: "/r/Sources/Core/Generated/G.swift") == [])
        #expect(owners.owners(of: "/r/Sources/Core/notes.txt") == [])
        #expect(owners.owners(of: "/r/Sources/Mixed/swift/S.swift") == [id("Mixed")])
        #expect(owners.owners(of: "/r/Sources/Mixed/c/main.c") == [id("Mixed")])
        #expect(owners.owners(of: "/r/Sources/Mixed/c/other.c") == [])
        #expect(owners.owners(of: "/r/Sources/Top.swift") == [id("Whole")])
        #expect(owners.owners(of: "/r/Sources/CoreX/A.swift") == [id("Whole")])
        #expect(owners.owners(of: "/r/Package.swift") == [])
    }

    @Test func xcodeTargetsOwnTheirListedFilesAndSynchronisedFolders() {
        let owners = FileOwners([
            id("App"): .project(
                files: ["/r/App/AppDelegate.swift", "/r/Shared/Util.swift"],
                folders: [.init(path: "/r/App/Views", only: nil, excluded: ["Preview Content"])]),
            id("Widget"): .project(
                files: ["/r/Shared/Util.swift"], folders: [.init(path: "/r/Widget", only: ["Widget.swift"], excluded: [])]),
        ])
        #expect(owners.owners(of: "/r/Shared/Util.swift") == [id("App"), id("Widget")])
        #expect(owners.owners(of: "/r/App/Views/Feed.swift") == [id("App")])
        #expect(owners.owners(of: "/r/App/Views/Preview Content/P.swift") == [])
        #expect(owners.owners(of: "/r/Widget/Widget.swift") == [id("Widget")])
        #expect(owners.owners(of: "/r/Widget/Other.swift") == [])
        #expect(owners.owners(of: "/r/App/Other.swift") == [])
    }

    /// XcodeGen's `includes:` keep only what they match, a folder matched with everything under it;
    /// its `excludes:` still win.
    @Test func anXcodeGenFolderWithIncludesOwnsOnlyWhatTheyMatch() throws {
        let folder = TargetFiles.SynchronizedFolder(
            path: "/r/Shared", only: nil, excluded: [], excludedPatterns: [try PathPattern("/Legacy")],
            includedPatterns: [try PathPattern("/Resources"), try PathPattern("/**/*Model.swift")])
        let owners = FileOwners([id("App"): .project(files: [], folders: [folder])])
        #expect(owners.owners(of: "/r/Shared/Resources/Deep/icon.png") == [id("App")])
        #expect(owners.owners(of: "/r/Shared/UserModel.swift") == [id("App")])
        #expect(owners.owners(of: "/r/Shared/Deep/OrderModel.swift") == [id("App")])
        #expect(owners.owners(of: "/r/Shared/Other.swift") == [])
        #expect(owners.owners(of: "/r/Shared/Legacy/OldModel.swift") == [])
    }
}
