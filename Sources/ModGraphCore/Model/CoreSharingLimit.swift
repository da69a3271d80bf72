/// The bound on how much a compile job slows down for each other busy core,
/// in one place for the weights file that records it (ModGraphWeights) and
/// the schedule that applies it (ModGraphPlanning), which know nothing of
/// each other.
public enum CoreSharingLimit {
    /// The largest slowdown per core read from a file or solved from two
    /// builds: 10 (a job beside one other takes 11 times as long) is past
    /// anything a machine does; more is a wrong file, not a slow machine.
    public static let maximumSlowdownPerCore = 10.0
}
