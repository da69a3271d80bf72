/// Every vertical exposes exactly one builder. `Deps` lists what the vertical needs
/// (core services and other verticals, typed by the protocols in this module);
/// `Product` is what the app gets back.
public protocol Builder {
    associatedtype Deps
    associatedtype Product
    func build(using deps: Deps) -> Product
}
