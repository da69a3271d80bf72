/// An error a person can act on: one line that names what is at fault (a file, a line,
/// a key, a port), and notes under it where there is more to say (a compiler's
/// diagnostics). Every error modgraph reports for its input conforms, so that the
/// command line prints them all one way, with exit code 2, from one `catch`.
public protocol UserFacingError: Error, CustomStringConvertible {
    /// Lines printed as notes after the error's own line; none by default.
    var details: [String] { get }
}

extension UserFacingError {
    public var details: [String] { [] }
}

/// Why the platform refused what a command asked of it (a socket, a port): the line to print.
public struct SystemFailure: UserFacingError, Sendable, Equatable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
