import Prelude
import VerticalInterfaces

/// A user as served by `GET /users/<id>`: `name|bio|city`.
struct ProfileRecord: Equatable {
    let id: UserID
    let name: String
    let bio: String
    let city: String?

    init?(id: UserID, payload: String) {
        let fields = payload.split(separator: "|", omittingEmptySubsequences: false).map { String($0).trimmed }
        guard let name = fields.first, !name.isEmpty else { return nil }
        self.id = id
        self.name = name
        self.bio = fields.count > 1 ? fields[1] : ""
        self.city = fields.count > 2 && !fields[2].isEmpty ? fields[2] : nil
    }

    static func path(for id: UserID) -> String { "/users/\(id.rawValue)" }
}
