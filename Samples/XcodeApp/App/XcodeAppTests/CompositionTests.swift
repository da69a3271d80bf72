import XCTest
@testable import Xcode_App

final class CompositionTests: XCTestCase {
    func testTheFeedHasItems() {
        XCTAssertFalse(AppDelegate().composition.feed.items().isEmpty)
    }
}
