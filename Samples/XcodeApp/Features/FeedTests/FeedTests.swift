import XCTest
@testable import Feed

final class FeedTests: XCTestCase {
    func testABuilderIsMade() {
        XCTAssertNotNil(FeedBuilder.self)
    }
}
