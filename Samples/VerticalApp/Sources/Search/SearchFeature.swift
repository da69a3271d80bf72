import Networking
import Prelude
import VerticalInterfaces

public struct SearchFeature: SearchBuilding {
    let http: any HTTPClient
    let profile: any ProfileBuilding
    let checkout: any CheckoutBuilding

    public func makeSearch(query: String) -> ScreenDescription {
        let query = query.trimmed
        let results = results(for: query)
        var products: [String] = []
        var people: [UserSummary] = []
        for result in results {
            switch result {
            case let .product(item): products.append("\(item.name) — \(item.unitPrice)")
            case let .person(userID): people.append(profile.summary(of: userID))
            }
        }
        var sections: [ScreenSection] = []
        if !products.isEmpty { sections.append(ScreenSection(header: "Products", rows: products)) }
        if !people.isEmpty { sections.append(ScreenSection(header: "People", rows: people.map(\.displayName))) }
        return ScreenDescription(
            id: "search",
            title: results.isEmpty ? "No results for “\(query)”" : "Results for “\(query)”",
            sections: sections,
            actions: people.map { ScreenAction(label: $0.displayName, route: .profile($0.id)) }
        )
    }

    /// Puts the first product matching `query` in a cart and hands over to Checkout.
    public func buyFirstProduct(matching query: String) -> ScreenDescription? {
        for case let .product(item) in results(for: query.trimmed) {
            return checkout.makeCheckout(cart: Cart(items: [item]))
        }
        return nil
    }

    private func results(for query: String) -> [SearchResult] {
        guard !query.isEmpty else { return [] }
        return SearchResult.parse(http.get("/search/\(query)", orElse: ""))
    }
}
