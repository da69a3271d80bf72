import ModGraphOutput

/// One part of `modgraph report`: a few summary lines for the terminal and
/// the top of report.md, a Markdown body, its key in report.json, and any
/// files of its own in the report folder.
///
/// The graph's own parts are sections; `check` (layering verdict and
/// violations) and `schedule` (waves, critical path, simulated makespan and
/// `schedule.svg`) add theirs the same way when they run.
public struct ReportSection: Sendable {
    /// A file the section adds to the report folder: a bare file name, no folders.
    public struct File: Sendable {
        public let name: String
        public let bytes: [UInt8]

        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    /// Where report.md puts a section: reference tables (every target, every
    /// package) go in the appendix, after the findings and the schedule, so
    /// that when a comment's room runs out it is they that are cut.
    public enum Placement: Sendable {
        case body, appendix
    }

    public let title: String
    /// Printed by the command and listed under the report's summary.
    public let summary: [String]
    /// The body under the section's heading; empty for summary-only sections.
    public let markdown: String
    /// Long lists after the body, in `<details>`, cut to fit report.md's size
    /// limit (report.json has them whole).
    public let details: [MarkdownBudget.Details]
    /// The section's key and value in report.json.
    public let jsonKey: String
    public let json: JSONValue
    public let files: [File]
    public let placement: Placement

    public init(
        title: String, summary: [String], markdown: String, details: [MarkdownBudget.Details] = [],
        jsonKey: String, json: JSONValue, files: [File] = [], placement: Placement = .body
    ) {
        self.title = title
        self.summary = summary
        self.markdown = markdown
        self.details = details
        self.jsonKey = jsonKey
        self.json = json
        self.files = files
        self.placement = placement
    }
}
