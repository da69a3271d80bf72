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

    public let title: String
    /// Printed by the command and listed under the report's summary.
    public let summary: [String]
    /// The body under the section's heading; empty for summary-only sections.
    public let markdown: String
    /// The section's key and value in report.json.
    public let jsonKey: String
    public let json: JSONValue
    public let files: [File]

    public init(title: String, summary: [String], markdown: String, jsonKey: String, json: JSONValue, files: [File] = []) {
        self.title = title
        self.summary = summary
        self.markdown = markdown
        self.jsonKey = jsonKey
        self.json = json
        self.files = files
    }
}
