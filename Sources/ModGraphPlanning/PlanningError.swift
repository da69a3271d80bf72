import ModGraphCore

/// Why a build cannot be planned. The command layer turns these into one-line
/// messages naming the input.
public enum PlanningError: Error, Equatable, Sendable {
    /// The graph has dependency cycles: nothing in a cycle can ever start.
    case cycles([CycleGroup])
    /// A weight is negative, infinite or NaN.
    case invalidWeight(vertex: Int, value: Double)
    /// The weights do not match the vertices one to one.
    case weightCountMismatch(expected: Int, actual: Int)
    /// Fewer than one worker.
    case noWorkers(Int)
}

/// Checks what every planning algorithm assumes about its weights.
func validate(weights: [Double], for graph: Digraph) throws(PlanningError) {
    guard weights.count == graph.vertexCount else {
        throw .weightCountMismatch(expected: graph.vertexCount, actual: weights.count)
    }
    for (vertex, weight) in weights.enumerated() where !(weight.isFinite && weight >= 0) {
        throw .invalidWeight(vertex: vertex, value: weight)
    }
}
