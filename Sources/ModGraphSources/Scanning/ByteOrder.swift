import Foundation

/// The order the scan cache's shelves write strings in (issue #48): by their UTF-8 bytes. An edit the wiring sees
/// writes several tables of one entry per file of the app (the digests of their facts by their scans' keys, the
/// partition by places), and sorting them by `String`'s `<` was most of writing them: a comparison of whole strings
/// through the standard library's Unicode-aware path, for keys that differ in their first bytes. Here each string's
/// first eight bytes are one integer, compared first; the bytes only when those are the same.
///
/// The same order as `<` for ASCII (every key and place); for other strings, an order of their bytes, as fixed. What
/// reads a shelf does not depend on its order: the order only makes a run's bytes the same as every other's.
enum ByteOrder {
    /// The indices of `strings`, sorted by the strings' bytes; equal strings by their index.
    static func sortedIndices(_ strings: [String]) -> [Int] {
        let leads = strings.map(lead)
        return strings.indices.sorted { left, right in
            if leads[left] != leads[right] { return leads[left] < leads[right] }
            if let order = precedes(strings[left], strings[right]) { return order }
            return left < right
        }
    }

    /// `strings` sorted by their bytes.
    static func sorted(_ strings: some Collection<String>) -> [String] {
        let strings = Array(strings)
        return sortedIndices(strings).map { strings[$0] }
    }

    /// The first eight bytes of `string` as one big-endian integer, zeros after a shorter string's.
    static func lead(_ string: String) -> UInt64 {
        var value: UInt64 = 0
        var count = 0
        for byte in string.utf8.prefix(8) {
            value = value << 8 | UInt64(byte)
            count += 1
        }
        // Past 63, Swift's shift gives 0: an empty string leads with zeros.
        return value << (8 * (8 - count))
    }

    /// Whether `left`'s bytes come before `right`'s; nil when they are the same.
    static func precedes(_ left: String, _ right: String) -> Bool? {
        var left = left
        var right = right
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in
                let order =
                    if let leftStart = leftBytes.baseAddress, let rightStart = rightBytes.baseAddress {
                        memcmp(leftStart, rightStart, min(leftBytes.count, rightBytes.count))
                    } else {
                        Int32(0)
                    }
                if order != 0 { return order < 0 }
                return leftBytes.count == rightBytes.count ? nil : leftBytes.count < rightBytes.count
            }
        }
    }
}
