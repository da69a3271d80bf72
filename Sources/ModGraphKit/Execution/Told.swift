/// What a unit of work gave back: its result and the warnings it gave on the way, held
/// so that units run at once tell their warnings in a fixed order, whichever finished
/// first (``Executor/both(_:_:)``'s `report` does: the check's, then the schedule's).
struct Told<Value: Sendable>: Sendable {
    let result: Result<Value, any Error>
    let warnings: [String]

    /// Runs `body`, collecting what it warns of through the function it is given.
    init(_ body: (_ warn: (String) -> Void) throws -> Value) {
        var told: [String] = []
        result = Result { try body { told.append($0) } }
        warnings = told
    }

    /// Tells the warnings to `warnings`, then gives the value or throws the unit's error.
    func get(telling warnings: (String) -> Void) throws -> Value {
        self.warnings.forEach(warnings)
        return try result.get()
    }
}
