/// A tiny seeded pseudo-random generator (SplitMix64), so property tests
/// explore many graphs yet fail reproducibly (the seed is the test argument)
/// and benchmarks generate the same synthetic graphs on every machine.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A value in `0..<bound` (the modulo bias is irrelevant for tests).
    public mutating func next(below bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next() % UInt64(bound))
    }

    /// A value in `range`.
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + next(below: range.count)
    }

    /// The elements of `0..<count` in random order (Fisher–Yates).
    public mutating func permutation(of count: Int) -> [Int] {
        var values = Array(0..<count)
        for index in values.indices.reversed() where index > 0 {
            values.swapAt(index, next(below: index + 1))
        }
        return values
    }
}
