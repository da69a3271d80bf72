public struct Money: Hashable, Sendable, CustomStringConvertible {
    public let cents: Int
    public let currency: String

    public init(cents: Int, currency: String = "EUR") {
        self.cents = cents
        self.currency = currency
    }

    public var description: String {
        let fraction = abs(cents % 100)
        return "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction) \(currency)"
    }
}

public struct CartItem: Hashable, Sendable {
    public let productID: ProductID
    public let name: String
    public let unitPrice: Money
    public let quantity: Int

    public init(productID: ProductID, name: String, unitPrice: Money, quantity: Int = 1) {
        self.productID = productID
        self.name = name
        self.unitPrice = unitPrice
        self.quantity = quantity
    }

    public var subtotal: Money {
        Money(cents: unitPrice.cents * quantity, currency: unitPrice.currency)
    }
}

public struct Cart: Hashable, Sendable {
    public let items: [CartItem]

    public init(items: [CartItem]) {
        self.items = items
    }

    public var isEmpty: Bool { items.isEmpty }

    public var total: Money {
        Money(cents: items.reduce(0) { $0 + $1.subtotal.cents }, currency: items.first?.unitPrice.currency ?? "EUR")
    }
}

extension Money {
    public func adding(_ other: Money) -> Money { // FAULT (d): a method added to a DTO in an extension.
        Money(cents: cents + other.cents, currency: currency)
    }
}
