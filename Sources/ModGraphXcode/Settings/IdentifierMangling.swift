import Foundation

/// The identifier operators of Xcode's build-setting language, as Swift Build
/// applies them: `:c99extidentifier` makes the default module name out of
/// `PRODUCT_NAME`, `:identifier` and `:rfc1034identifier` are common in
/// bundle identifiers and names. Each replaces what its kind of identifier
/// does not allow, so `My App` becomes `My_App` and `3D Touch` `_D_Touch`.
public enum IdentifierMangling {
    /// A C99 extended identifier: letters, digits and `_` of the C99 Annex D
    /// ranges kept, anything else `_`, and a leading digit `_`.
    ///
    /// ASCII is exact; beyond ASCII, Unicode letters and decimal digits up to
    /// U+D7A3 stand in for Annex D's table (which lists scripts of Unicode 2.0).
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func c99Extended(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            scalars.append(isC99Extended(scalar) ? scalar : "_")
        }
        if let first = scalars.first, first.properties.numericType == .decimal {
            scalars.replaceSubrange(scalars.startIndex...scalars.startIndex, with: CollectionOfOne("_"))
        }
        return String(scalars)
    }

    private static func isC99Extended(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F:
            return true
        case 0x80...0xD7A3:
            return scalar.properties.isAlphabetic || scalar.properties.numericType == .decimal
        default:
            return false
        }
    }

    /// A C identifier: ASCII letters, digits (not first) and `_`; anything else `_`.
    static func c(_ text: String) -> String {
        mangled(text, allowed: ["_"], replacement: "_")
    }

    /// An RFC 1034 label: ASCII letters, digits (not first) and `-`; anything else `-`.
    static func rfc1034(_ text: String) -> String {
        mangled(text, allowed: ["-"], replacement: "-")
    }

    /// Works on characters of the decomposed text, as Swift Build does, so `é` is one replaced character.
    private static func mangled(_ text: String, allowed: Set<Character>, replacement: Character) -> String {
        var output = ""
        for (offset, character) in text.decomposedStringWithCanonicalMapping.enumerated() {
            if character.isASCII, character.isLetter || allowed.contains(character) || (offset > 0 && character.isNumber) {
                output.append(character)
            } else {
                output.append(replacement)
            }
        }
        return output
    }
}
