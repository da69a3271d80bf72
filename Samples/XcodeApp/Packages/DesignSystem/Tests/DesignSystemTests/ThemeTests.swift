import XCTest
@testable import DesignSystem

final class ThemeTests: XCTestCase {
    func testTheStandardTheme() {
        XCTAssertEqual(Theme.standard.name, "standard")
    }
}
