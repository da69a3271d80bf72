/// A count and its noun in agreement (`1 error`, `2 errors`), so that no
/// format of the check says "1 warnings".
enum Counted {
    /// `value` and `noun`, with an `s` unless `value` is 1; `plural` when the noun takes another form.
    static func text(_ value: Int, _ noun: String, plural: String? = nil) -> String {
        "\(value) \(value == 1 ? noun : plural ?? noun + "s")"
    }
}
