import ModGraphOutput

/// The legend under every picture that uses colour or line style: a sample of
/// each style beside what it means, drawn by Graphviz as an HTML-like table.
enum DiagramLegend {
    struct Entry: Equatable {
        enum Sample: Equatable {
            enum Stroke: Equatable { case solid, bold, dashed, dotted }
            /// An edge in `colour`, drawn with `stroke`.
            case line(String, Stroke)
            /// A box in a layer's colours.
            case swatch(DiagramPalette.Colours)
            /// The count a node shows for its findings.
            case count
        }

        let sample: Sample
        /// Raw text; escaped when written.
        let text: String

        init(_ sample: Sample, _ text: String) {
            self.sample = sample
            self.text = text
        }
    }

    /// A DOT `label=<…>` value for `entries`; nil when there are none.
    /// Text goes through ``Escape/xml(_:limit:)``: Graphviz reads these labels as XML.
    static func dotLabel(_ entries: [Entry], caption: String? = nil) -> String? {
        guard !entries.isEmpty || caption != nil else { return nil }
        var rows: [String] = []
        if let caption {
            rows.append("<TR><TD ALIGN=\"LEFT\" COLSPAN=\"2\"><I>\(Escape.xml(caption, limit: Escape.messageLimit))</I></TD></TR>")
        }
        if !entries.isEmpty { rows.append("<TR><TD ALIGN=\"LEFT\" COLSPAN=\"2\"><B>Legend</B></TD></TR>") }
        for entry in entries {
            rows.append("<TR>\(sampleCell(entry.sample))<TD ALIGN=\"LEFT\">\(Escape.xml(entry.text, limit: Escape.messageLimit))</TD></TR>")
        }
        return "<<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"1\" CELLPADDING=\"2\">\(rows.joined())</TABLE>>"
    }

    private static func sampleCell(_ sample: Entry.Sample) -> String {
        switch sample {
        case .line(let colour, let stroke):
            let glyphs =
                switch stroke {
                case .solid: "———"
                case .bold: "<B>━━━</B>"
                case .dashed: "– – –"
                case .dotted: "·····"
                }
            return "<TD ALIGN=\"CENTER\"><FONT COLOR=\"\(colour)\">\(glyphs)</FONT></TD>"
        case .swatch(let colours):
            return "<TD BGCOLOR=\"\(colours.fill)\" COLOR=\"\(colours.outline)\" BORDER=\"1\" WIDTH=\"28\"></TD>"
        case .count:
            return "<TD ALIGN=\"CENTER\"><FONT COLOR=\"\(DiagramPalette.problem)\" POINT-SIZE=\"9\">3 findings</FONT></TD>"
        }
    }
}
