import AppInterfaces

public struct Inbox: MessagingBuilding {
    public init() {}

    public func makeInbox(unread: Int) -> Screen {
        Screen(title: "Inbox", rows: ["\(unread) unread"])
    }
}
