import ModGraphDiagrams
import ModGraphReport

/// Graphviz for the commands: warnings to standard error, failures as one-line errors.
enum Diagrams {
    static func draw(_ dot: String, layout: GraphvizLayout, format: ImageFormat) throws(CommandError) -> [UInt8] {
        do {
            let image = try GraphvizRenderer().render(dot: dot, layout: layout, format: format)
            for warning in image.warnings { Console.warning("Graphviz: \(warning)") }
            return image.bytes
        } catch {
            throw CommandError(error.description)
        }
    }
}
