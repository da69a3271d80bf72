import VerticalInterfaces

enum ScreenPrinter {
    static func render(_ screen: ScreenDescription) -> String {
        var lines = ["┌ \(screen.title)  [\(screen.id)]"]
        for section in screen.sections {
            lines.append("│ \(section.header)")
            lines += section.rows.map { "│   \($0)" }
        }
        if !screen.actions.isEmpty {
            lines.append("└ " + screen.actions.map { "[\($0.label)]" }.joined(separator: " "))
        } else {
            lines.append("└")
        }
        return lines.joined(separator: "\n")
    }
}
