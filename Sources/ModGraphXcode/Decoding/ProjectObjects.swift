/// The `objects` table of a `project.pbxproj`: every object by its id, with
/// lenient typed access, because every value is input and a wrong type must
/// read as "absent", never trap.
///
/// Every reference between objects is an id looked up here, so each hop is a
/// hash lookup and nothing follows a chain of ids without a bound.
struct ProjectObjects {
    /// One object: its id, its `isa` and its fields.
    struct Object {
        let id: String
        let isa: String
        let fields: PropertyListDictionary

        /// The 1-based line where the object is written; 0 when not known.
        var line: Int { fields.line }

        func string(_ key: String) -> String? {
            fields[key]?.string
        }

        /// A non-empty string.
        func text(_ key: String) -> String? {
            guard let value = fields[key]?.string, !value.isEmpty else { return nil }
            return value
        }

        /// The strings of an array field; `[]` when absent or not an array.
        func strings(_ key: String) -> [String] {
            fields[key]?.strings ?? []
        }

        func dictionary(_ key: String) -> PropertyListDictionary? {
            fields[key]?.dictionary
        }
    }

    private let table: PropertyListDictionary

    init(_ table: PropertyListDictionary) {
        self.table = table
    }

    /// The object with `id`, when it exists and has an `isa`.
    func object(_ id: String?) -> Object? {
        guard let id, let fields = table[id]?.dictionary, let isa = fields["isa"]?.string else { return nil }
        return Object(id: id, isa: isa, fields: fields)
    }

    /// The object with `id` when its `isa` is one of `kinds`.
    func object(_ id: String?, isa kinds: Set<String>) -> Object? {
        guard let object = object(id), kinds.contains(object.isa) else { return nil }
        return object
    }

    /// Every object, in file order.
    ///
    /// - Complexity: O(n) in the number of objects.
    var all: [Object] {
        table.keys.compactMap { object($0) }
    }
}
