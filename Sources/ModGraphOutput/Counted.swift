/// A count and its noun in agreement (`1 error`, `2 errors`), so that no
/// output says "1 warnings": the one helper every format uses.
public enum Counted {
    /// `value` and `noun`, with an `s` unless `value` is 1; `plural` when the noun takes another form.
    public static func text(_ value: Int, _ noun: String, plural: String? = nil) -> String {
        "\(value) \(value == 1 ? noun : plural ?? noun + "s")"
    }
}
