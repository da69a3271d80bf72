/// The module a name builds where the tool that names it keeps to ASCII: CocoaPods' default
/// module of a pod (`c99ext_identifier`) and the module names SwiftPM's build writes in its
/// statistics files. One rule for both, so a pod and a measured module are matched alike.
public enum ModuleIdentifier {
    /// `name` with every character outside `[A-Za-z0-9_]` replaced by `_`, and `_` before a
    /// leading digit: `Harmony-Drive` → `Harmony_Drive`, `1Password` → `_1Password`.
    ///
    /// - Complexity: O(n) in the length of `name`.
    public static func c99(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            let isWordCharacter = scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            result.unicodeScalars.append(isWordCharacter ? scalar : "_")
        }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
        return result
    }
}
