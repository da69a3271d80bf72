import AppInterfaces

extension Builders {
    /// Records' screens, called through the namespace by whoever shows them.
    public enum Records {
        public static func makeHistory(with filter: String) -> Screen {
            Screen(title: "History", rows: ["filter: \(filter)"])
        }
    }
}
