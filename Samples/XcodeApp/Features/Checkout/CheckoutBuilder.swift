import Core
import DesignSystem
import VerticalInterfaces

/// Sums a basket, in the app's theme.
public struct CheckoutBuilder: CheckoutBuilding {
    let theme: Theme
    let log = Logger()

    public init(theme: Theme) {
        self.theme = theme
    }

    public func total(ofItems count: Int) -> Int {
        log.log("total in \(theme.name)")
        return count * 100
    }
}
