/// The entries of a layer's `targets` or `isolated` list that can match a
/// name, by the name's first character: an entry whose target part starts
/// with a literal (`Checkout*`, `Prelude*`) matches only names that start
/// with it, so a target is tried against the entries it could match instead
/// of every entry. A check of 100,000 targets against a config of 35
/// patterns otherwise tries each pattern on each target.
///
/// Only a first byte that is printable ASCII narrows the list, as in
/// ``TargetPattern``'s own shortcut: any other first character (a name that
/// may equal an ASCII one, such as the Kelvin sign and `K`) is tried against
/// every entry.
struct PatternCandidates: Sendable {
    let list: [LocatedPattern]
    /// Per printable ASCII byte (indexed from 0x20), the entries, in order, that a name starting with it may match.
    private let byFirstByte: [[Int]]
    /// Every entry, in order.
    private let all: [Int]

    /// - Complexity: O(95 · P) for P entries.
    init(_ list: [LocatedPattern]) {
        self.list = list
        all = Array(list.indices)
        byFirstByte = (Self.plain).map { byte in
            list.indices.filter { list[$0].pattern.firstNameByte.map { $0 == byte } ?? true }
        }
    }

    /// The entries that may match a target named `name`, in list order.
    ///
    /// - Complexity: O(1).
    func candidates(for name: String) -> [Int] {
        guard let first = name.utf8.first, Self.plain.contains(first) else { return all }
        return byFirstByte[Int(first - Self.plain.lowerBound)]
    }

    private static let plain: Range<UInt8> = 0x20..<0x7F
}
