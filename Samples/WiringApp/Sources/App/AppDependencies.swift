import AppInterfaces
import BuilderKit
import Home
import Messaging
import Paywall
import Records

/// The app implements each vertical's dependencies: the only place verticals meet.
struct HomeDepsImpl: HomeDeps {
    let purchases: any PurchasesService

    var paywallBuilder: ScopedBuilder<PaywallBuilder<PaywallDepsImpl>, PaywallSource> {
        PaywallBuilder<PaywallDepsImpl>().scoped { source in PaywallDepsImpl(source: source, purchases: purchases) }
    }

    var messaging: any MessagingBuilding { Inbox() }

    func history() -> Screen {
        Builders.Records.makeHistory(with: "recent")
    }
}

struct PaywallDepsImpl: PaywallDeps {
    let source: PaywallSource
    let purchases: any PurchasesService
}
