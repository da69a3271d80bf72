/// What a vertical hands out: something that makes a `Product` from `Args`.
/// A vertical asks for another's builder by its arguments and product only.
public protocol Builder<Args, Product> {
    associatedtype Args
    associatedtype Product
    func build(with args: Args) -> Product
}

/// A builder whose arguments are made from narrower ones, as the app wires it.
public struct ScopedBuilder<Base: Builder, Args>: Builder {
    let base: Base
    let scope: (Args) -> Base.Args

    public func build(with args: Args) -> Base.Product {
        base.build(with: scope(args))
    }
}

extension Builder {
    /// This builder, taking `Scope` and making its own arguments from it.
    public func scoped<Scope>(_ scope: @escaping (Scope) -> Args) -> ScopedBuilder<Self, Scope> {
        ScopedBuilder(base: self, scope: scope)
    }
}
