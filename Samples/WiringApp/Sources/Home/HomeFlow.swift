import AppInterfaces
import BuilderKit
import ScreenKit

enum HomeFlowModule: FlowModule {
    enum Output {
        case didFinish
    }

    typealias RequiredContext = Void
}

final class HomeFlow<Deps: HomeDeps>: Flow<HomeFlowModule> {
    let deps: Deps

    init(deps: Deps) {
        self.deps = deps
    }

    func start() -> Screen {
        let paywall = deps.paywallBuilder.build(with: PaywallSource(origin: "home"))
        let inbox = deps.messaging.makeInbox(unread: 2)
        let history = deps.history()
        return Screen(title: "Home", rows: [paywall.title, inbox.title, history.title])
    }
}
