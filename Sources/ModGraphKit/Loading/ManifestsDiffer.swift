/// What `--verify-manifests` ends a run with when an evaluated manifest differs from its dump:
/// like a finding (exit status 1, each difference printed before), not an input error. A value of
/// the use-case layer, so that the CLI maps it to its exit status where it maps every other.
public struct ManifestsDiffer: Error, Sendable {
    /// How many differences were printed.
    public let count: Int

    public init(count: Int) {
        self.count = count
    }
}
