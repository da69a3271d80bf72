/// Where Profile's data lives on the backend, plus demo records.
public enum ProfileAPI {
    public static let basePath = "/users"

    public static func path(forRawID rawID: String) -> String {
        "\(basePath)/\(rawID)"
    }

    /// `name|bio` per user id.
    public static let demoUsers: [String: String] = [
        "ada": "Ada Lovelace|Writes programs for engines",
        "alan": "Alan Turing|Breaks codes",
    ]
}
