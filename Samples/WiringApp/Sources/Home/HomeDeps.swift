import AppInterfaces
import BuilderKit

/// What Home needs: a paywall builder (any vertical's, as the app wires it) and messaging.
public protocol HomeDeps {
    associatedtype PaywallBuilderType: Builder<PaywallSource, Screen>
    var paywallBuilder: PaywallBuilderType { get }
    var messaging: any MessagingBuilding { get }
    func history() -> Screen
}

public struct HomeBuilder<Deps: HomeDeps>: Builder {
    public init() {}

    public func build(with deps: Deps) -> Screen {
        let flow = HomeFlow(deps: deps)
        return flow.start()
    }
}
