import Networking
import VerticalInterfaces

public struct OrderConfirmation: Equatable {
    public let orderNumber: String
    public let total: Money
    public let buyer: UserID
}

public enum CheckoutError: Error, Equatable {
    case emptyCart
    case signedOut
    case network(NetworkError)
}

/// The wire format of `POST /orders`: `<user>;<product>x<quantity>;...`.
enum OrderPayload {
    static func encode(_ cart: Cart, buyer: UserID) -> String {
        ([buyer.rawValue] + cart.items.map { "\($0.productID.rawValue)x\($0.quantity)" }).joined(separator: ";")
    }
}
