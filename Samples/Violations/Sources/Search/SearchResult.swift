import Prelude
import VerticalInterfaces

/// One line of `GET /search/<query>`: `product:<id>:<name>:<cents>` or `user:<id>`.
enum SearchResult: Equatable {
    case product(CartItem)
    case person(UserID)

    init?(line: Substring) {
        let fields = line.split(separator: ":").map { String($0).trimmed }
        switch (fields.first, fields.count) {
        case ("product", 4):
            guard let cents = Int(fields[3]) else { return nil }
            self = .product(CartItem(productID: ProductID(fields[1]), name: fields[2], unitPrice: Money(cents: cents)))
        case ("user", 2):
            self = .person(UserID(fields[1]))
        default:
            return nil
        }
    }

    static func parse(_ body: String) -> [SearchResult] {
        body.split(separator: "\n").compactMap(SearchResult.init(line:))
    }
}
