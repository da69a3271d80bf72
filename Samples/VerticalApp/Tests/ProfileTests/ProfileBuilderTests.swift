import Networking
import Profile
import Testing
import VerticalInterfaces

/// Serves fixed bodies by path; anything else is a 404.
struct StubHTTP: HTTPClient {
    var bodies: [String: String]

    func send(_ request: HTTPRequest) -> Result<HTTPResponse, NetworkError> {
        bodies[request.path].map { .success(HTTPResponse(body: $0)) } ?? .failure(.notFound(path: request.path))
    }
}

/// Messaging as Profile sees it: only the interface.
struct StubMessaging: MessagingBuilding {
    var unread: [UserID: Int] = [:]

    func makeConversation(with userID: UserID) -> ScreenDescription {
        ScreenDescription(id: "stub", title: "stub")
    }

    func unreadCount(for userID: UserID) -> Int { unread[userID] ?? 0 }
}

@Suite struct ProfileBuilderTests {
    let ada = UserID("ada")

    func makeFeature(bodies: [String: String], unread: [UserID: Int] = [:]) -> ProfileFeature {
        ProfileBuilder().build(using: .init(http: StubHTTP(bodies: bodies), theme: .light, messaging: StubMessaging(unread: unread)))
    }

    @Test func buildsProfileScreenFromBackendRecord() {
        let feature = makeFeature(bodies: ["/users/ada": "Ada Lovelace | Poet of numbers | London"], unread: [ada: 3])
        let screen = feature.makeProfile(userID: ada)

        #expect(screen.title == "Ada Lovelace")
        #expect(screen.id.rawValue == "profile.ada")
        #expect(screen.sections.first?.rows == ["Poet of numbers", "Lives in London"])
        #expect(screen.sections.last?.rows == ["avatar AL on #0A84FF"])
        #expect(screen.actions == [
            ScreenAction(label: "Messages (3)", route: .conversation(ada)),
            ScreenAction(label: "Settings", route: .settings(ada)),
        ])
    }

    @Test func missingBioAndNoUnreadMessages() {
        let screen = makeFeature(bodies: ["/users/ada": "Ada"]).makeProfile(userID: ada)
        #expect(screen.allRows.first == "No bio yet")
        #expect(screen.actions.first?.label == "Messages")
    }

    @Test func unknownUserGivesUnavailableScreen() {
        let feature = makeFeature(bodies: [:])
        #expect(feature.makeProfile(userID: ada).title == "Profile unavailable")
        #expect(feature.summary(of: ada) == UserSummary(id: ada, displayName: "ada"))
    }
}
