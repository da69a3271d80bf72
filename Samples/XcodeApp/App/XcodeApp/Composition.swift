import VerticalInterfaces

/// The verticals, seen only through their interfaces.
public struct Composition {
    public let feed: any FeedBuilding
    public let profile: any ProfileBuilding
    public let checkout: any CheckoutBuilding
}
