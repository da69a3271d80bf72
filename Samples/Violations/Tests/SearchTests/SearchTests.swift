import Search
import Testing
import VerticalInterfaces

struct StubData: RemoteDataFetching {
    var bodies: [String: String]
    func fetch(path: String) -> String? { bodies[path] }
}

struct StubProfile: ProfileBuilding {
    func makeProfile(userID: UserID) -> ScreenDescription { ScreenDescription(id: "p", title: userID.rawValue) }
    func summary(of userID: UserID) -> UserSummary { UserSummary(id: userID, displayName: "User \(userID.rawValue)") }
}

struct StubCheckout: CheckoutBuilding {
    func makeCheckout(cart: Cart) -> ScreenDescription {
        ScreenDescription(id: "checkout", title: "Pay \(cart.total)")
    }
}

@Suite struct SearchTests {
    func feature(_ bodies: [String: String]) -> SearchFeature {
        SearchBuilder().build(using: .init(data: StubData(bodies: bodies), profile: StubProfile(), checkout: StubCheckout()))
    }

    @Test func listsProductsPeopleAndAShareMessage() {
        let screen = feature(["/search/tea": "product:t-1:Earl Grey:650\nuser:u7\ngarbage"]).makeSearch(query: " tea ")
        #expect(screen.title == "Results for “tea”")
        #expect(screen.sections.map(\.header) == ["Products", "People", "Share"])
        #expect(screen.sections[0].rows == ["Earl Grey — 6.50 EUR"])
        #expect(screen.sections[1].rows == ["User u7"])
        // This row is produced via SharedHelpers -> Messaging: the planted indirect dependency.
        #expect(screen.sections[2].rows == ["Look at this: Results for tea app://search/tea"])
        #expect(screen.actions == [ScreenAction(label: "User u7", route: .profile(UserID("u7")))])
    }

    @Test func emptyResults() {
        let screen = feature([:]).makeSearch(query: "nothing")
        #expect(screen.title == "No results for “nothing”")
        #expect(screen.sections.isEmpty)
    }

    @Test func buyingHandsTheCartToCheckout() {
        let search = feature(["/search/tea": "user:u1\nproduct:t-1:Earl Grey:650\nproduct:t-2:Assam:500"])
        #expect(search.buyFirstProduct(matching: "tea")?.title == "Pay 6.50 EUR")
        #expect(search.buyFirstProduct(matching: "coffee") == nil)
    }
}
