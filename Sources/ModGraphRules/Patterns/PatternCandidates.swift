/// The entries of a layer's `targets` or `isolated` list that can match a
/// name, by the name's first character: an entry whose target part starts
/// with a literal (`Checkout*`, `Prelude*`) matches only names that start
/// with it, so a target is tried against the entries it could match instead
/// of every entry; otherwise a check tries each pattern on each target.
///
/// Only a first byte that is printable ASCII narrows the list, as in
/// ``TargetPattern``'s own shortcut, which decides which entries a first
/// byte rules out (``TargetPattern/mayMatchName(startingWith:)``): any other
/// first character (a name that may equal an ASCII one, such as the Kelvin
/// sign and `K`) is tried against every entry.
struct PatternCandidates: Sendable {
    let list: [LocatedPattern]
    /// Per first byte of a name, the entries, in order, that such a name may match.
    private let byFirstByte: [[Int]]
    /// Every entry, in order: for an empty name.
    private let all: [Int]

    /// - Complexity: O(256 · P) for P entries.
    init(_ list: [LocatedPattern]) {
        self.list = list
        all = Array(list.indices)
        byFirstByte = (0...UInt8.max).map { byte in list.indices.filter { list[$0].pattern.mayMatchName(startingWith: byte) } }
    }

    /// The entries that may match a target named `name`, in list order.
    ///
    /// - Complexity: O(1).
    func candidates(for name: String) -> [Int] {
        name.utf8.first.map { byFirstByte[Int($0)] } ?? all
    }
}
