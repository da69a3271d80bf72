// Which of two answers the judge keeps: ordered values instead of integer ranks.

extension AffectedReason {
    /// How well a reason explains a selection, best first: a target keeps the best reason it is
    /// given: its own files, then its declaration, its project or pins, the package folder it is
    /// in, and last what it depends on.
    enum Precedence: Int, Comparable {
        case ownFiles, declaration, projectOrPins, packageFolder, dependency

        static func < (left: Precedence, right: Precedence) -> Bool { left.rawValue < right.rawValue }
    }

    var precedence: Precedence {
        switch self {
        case .changedFiles: .ownFiles
        case .manifest, .added, .triggered, .submodule: .declaration
        case .project, .pins: .projectOrPins
        case .packageFolder: .packageFolder
        case .dependency, .everything: .dependency
        }
    }
}

extension AffectedReport.Verdict {
    /// How much a file's verdict selects, least first: a file given several (a file in two
    /// projects' folders, a spec that is also a target's file) keeps the one that selects most.
    enum Strength: Int, Comparable {
        case nothingHere, notSelecting, ownedFiles, pins, packageFolder, projectOrTests, declaration, everything

        static func < (left: Strength, right: Strength) -> Bool { left.rawValue < right.rawValue }
    }

    var strength: Strength {
        switch self {
        case .everything: .everything
        case .manifest, .triggered, .submodule: .declaration
        case .project, .tests: .projectOrTests
        case .packageFolder: .packageFolder
        case .pins: .pins
        case .owned: .ownedFiles
        case .ignored, .configuration: .notSelecting
        case .outside, .notLoaded: .nothingHere
        }
    }
}
