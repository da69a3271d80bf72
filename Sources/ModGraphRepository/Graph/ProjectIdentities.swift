import ModGraphCore
import ModGraphXcode

/// The identity each project's targets are filed under: the project's name,
/// lowercased as package identities are, so `App.xcodeproj`'s target `Feed`
/// is `app/Feed`. When a package or an earlier project already has that
/// identity, `app.xcodeproj`, then `app-2.xcodeproj`, and so on (projects in
/// path order, so the choice does not depend on the order they were found).
struct ProjectIdentities {
    private(set) var byPath: [String: PackageIdentity] = [:]

    init(projects: [XcodeProject], taken packages: Set<PackageIdentity>) {
        var taken = packages
        for project in projects.sorted(by: { $0.path < $1.path }) {
            var candidate = PackageIdentity(project.name)
            if taken.contains(candidate) { candidate = PackageIdentity(project.name + ".xcodeproj") }
            var number = 2
            while taken.contains(candidate) {
                candidate = PackageIdentity("\(project.name)-\(number).xcodeproj")
                number += 1
            }
            taken.insert(candidate)
            byPath[project.path] = candidate
        }
    }
}
