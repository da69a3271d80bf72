import AppInterfaces
import ScreenKit

enum PaywallScreenModule: ScreenModule {
    struct State {
        var subscribed: Bool
    }

    enum Action {
        case subscribe
    }

    enum Output {
        case subscribed
    }

    static func screen(store: PaywallStore, origin: String) -> Screen {
        Screen(title: "Paywall", rows: ["from \(origin)", store.state.subscribed ? "subscribed" : "subscribe"])
    }
}

final class PaywallStore: LassoStore<PaywallScreenModule> {
    override func handleAction(_ action: PaywallScreenModule.Action) {
        update { $0.subscribed = true }
        outputs.append(.subscribed)
    }
}
