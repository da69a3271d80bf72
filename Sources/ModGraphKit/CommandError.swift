import ModGraphSystem

/// A failure of a command itself (as opposed to the input it read): one line
/// that says what failed and, where there is something to do, what.
public struct CommandError: UserFacingError, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
