import ModGraphCore
import ModGraphManifest
import ModGraphXcode

/// Which remote package, referenced and not checked out, a product that names no package comes from,
/// judged from the names alone as Xcode cannot be asked (``XcodeGraphBuilder/unnamedPackageEdges``).
extension XcodeGraphBuilder {
    /// Of the remote packages a project references and nobody checked out, the one a product that
    /// names no package comes from: the only one, or among several the one whose name and the
    /// product's contain one another (`swift-composable-architecture`, `ComposableArchitecture`),
    /// when one alone does. A shared run of letters is not enough here: `swift-log` and
    /// `SwiftLintPlugin` share `swiftl`, and ProtonVPN's plugin comes from another package.
    static func likeliestRemote(_ urls: [String], vending product: String) -> String? {
        guard urls.count > 1 else { return urls.first }
        return namedRemote(urls, vending: product)
    }

    /// Of several remote packages a project references, the one a product whose name says nothing comes
    /// from, when the project's other products are each explained by one of them (named by the product
    /// dependency, or named after the product) and one package alone is left (VadimBaby/FinanceCarter:
    /// `.package(product: "MyCoreDataWrapper")` beside `MyCommon`, in a project referencing `MyCommon.git`
    /// and `MyCoreDataWrapped.git`). Xcode resolves the product among the project's packages: one product
    /// and one package left over are each other's. Another product unexplained too (`Logging`, from
    /// `swift-log`) leaves no such pair, and nil is returned: a package left over may be that one's.
    static func unclaimedRemote(_ urls: [String], vending product: String, claimedBy uses: [XcodePackageProduct]) -> String? {
        var claimed: Set<PackageIdentity> = []
        for use in uses where use.name != product {
            if case let .remote(url)? = use.package {
                claimed.insert(PackageIdentity(location: url))
            } else if use.package == nil, let url = namedRemote(urls, vending: use.name) {
                claimed.insert(PackageIdentity(location: url))
            } else if use.package == nil {
                return nil
            }
        }
        let left = Set(urls.map { PackageIdentity(location: $0) }).subtracting(claimed)
        guard left.count == 1, let only = left.first else { return nil }
        return urls.first { PackageIdentity(location: $0) == only }
    }

    /// The package products the targets of `project` use.
    static func productReferences(of project: XcodeProject) -> [XcodePackageProduct] {
        project.targets.flatMap { target in
            target.dependencies.compactMap { dependency -> XcodePackageProduct? in
                if case let .packageProduct(product) = dependency.reference { return product }
                return nil
            }
        }
    }

    /// The one package among `urls` (the same package once however often it is listed) whose name and
    /// the product's contain one another; nil when none or several do, even if it is the only one listed.
    static func namedRemote(_ urls: [String], vending product: String) -> String? {
        let name = letters(product)
        return onlyRemote(urls) { repository in
            let package = letters(repository)
            return !package.isEmpty && (name.contains(package) || package.contains(name))
        }
    }

    /// The one package among `urls` whose name shares a word with the product's: a word of four letters or more
    /// that names no platform or kind of package (``genericWords``), a plural the same as its singular.
    /// 3dollar-in-my-pocket's app takes `.package(product: "FirebaseAnalytics")` from `firebase-ios-sdk`,
    /// `KakaoSDKAuth` from `kakao-ios-sdk` and `CameraPermission` from `PermissionsKit`, which no name
    /// contains; `swift-log` and `SwiftLintPlugin` share no such word. Nil when none or several do.
    static func wordRemote(_ urls: [String], vending product: String) -> String? {
        let wanted = Set(words(product))
        guard !wanted.isEmpty else { return nil }
        return onlyRemote(urls) { !wanted.isDisjoint(with: words($0)) }
    }

    /// The one package among `urls` (the same package once however often it is listed) whose repository's name
    /// (the URL's last component, less `.git`) `matches`; nil when none or several do.
    private static func onlyRemote(_ urls: [String], where matches: (String) -> Bool) -> String? {
        var related: [PackageIdentity: String] = [:]
        for url in urls {
            let last = XcodePath.lastComponent(url)
            guard matches(last.hasSuffix(".git") ? String(last.dropLast(4)) : last) else { continue }
            let identity = PackageIdentity(location: url)
            if related[identity] == nil { related[identity] = url }
        }
        return related.count == 1 ? related.values.first : nil
    }

    /// Words that say what a package is for or runs on, not which it is (`MyCoreDataWrapper` is no product of
    /// `MyCoreDataWrapped` for sharing `data`), singular, as ``words(_:)`` makes them.
    static let genericWords: Set<String> = [
        "swift", "swiftui", "uikit", "appkit", "macos", "tvos", "watchos", "visionos", "apple", "package", "plugin",
        "library", "framework", "core", "manager", "client", "common", "extension", "util", "tool", "data", "network",
        "networking", "service", "model", "view", "helper", "testing", "interface",
    ]

    /// The words of a name (`kakao-ios-sdk`, `KakaoSDKAuth`, `FirebaseInAppMessaging-Beta`), lowercased: split at
    /// what is not a letter or digit and where case turns (`SDKAuth` is `sdk`, `auth`); a trailing `s` dropped;
    /// only those of four letters or more and not ``genericWords``.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        let characters = Array(name.prefix(256))
        func flush() {
            var word = String(current).lowercased()
            current = []
            if word.count > 4, word.hasSuffix("s") { word.removeLast() }
            if word.count >= 4, !genericWords.contains(word) { words.append(word) }
        }
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                flush()
                continue
            }
            if let last = current.last, character.isUppercase {
                // `aB` starts a word; so does `B` in `ABc` (the last capital of an acronym begins the next word).
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if last.isLowercase || last.isNumber || (last.isUppercase && next?.isLowercase == true) { flush() }
            }
            current.append(character)
        }
        flush()
        return words
    }

    /// `text` lowercased, its letters and digits only: how names are compared across spellings.
    static func letters(_ text: String) -> String { String(text.lowercased().filter { $0.isLetter || $0.isNumber }) }
}
