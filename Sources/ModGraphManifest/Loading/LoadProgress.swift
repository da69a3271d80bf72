/// How far loading has got, for a progress display.
///
/// `total` grows while loading, as each decoded manifest reveals the
/// packages it depends on.
public struct LoadProgress: Sendable, Equatable {
    /// Packages whose manifests have been loaded (or have failed).
    public let done: Int
    /// Packages found so far, loaded or not.
    public let total: Int
    /// Folders whose manifests are being loaded right now, sorted.
    public let inProgress: [String]

    public init(done: Int, total: Int, inProgress: [String]) {
        self.done = done
        self.total = total
        self.inProgress = inProgress
    }
}
