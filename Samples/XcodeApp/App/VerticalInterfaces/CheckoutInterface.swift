/// What the checkout vertical offers the rest of the app.
public protocol CheckoutBuilding {
    func total(ofItems count: Int) -> Int
}
