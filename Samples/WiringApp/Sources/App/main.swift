import Home
import Paywall

let deps = HomeDepsImpl(purchases: InMemoryPurchases(subscribed: false))
let home = HomeBuilder<HomeDepsImpl>().build(with: deps)
print(home.title)
for row in home.rows {
    print("  \(row)")
}
