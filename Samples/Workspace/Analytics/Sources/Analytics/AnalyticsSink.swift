public protocol AnalyticsSink: AnyObject {
    func record(_ event: AnalyticsEvent)
}

/// Keeps events in memory, optionally capped to the newest `limit`.
public final class InMemoryAnalyticsSink: AnalyticsSink {
    public private(set) var events: [AnalyticsEvent] = []
    private let limit: Int?

    public init(limit: Int? = nil) {
        self.limit = limit
    }

    public func record(_ event: AnalyticsEvent) {
        events.append(event)
        if let limit, events.count > limit {
            events.removeFirst(events.count - limit)
        }
    }

    public func count(named name: String) -> Int {
        events.filter { $0.name == name }.count
    }
}
