/// Two versions of a file as a unified diff (`diff -u`, `git diff`): what `modgraph
/// fix` prints, for people to read and for `git apply`/`patch -p1` to apply.
public enum UnifiedDiff {
    /// Lines of context around each change.
    static let context = 3

    /// The diff of `old` to `new`, headed `a/PATH` and `b/PATH`; empty when they are the same.
    ///
    /// - Complexity: O((N + M) · D) in the files' lines and the lines changed (Myers, in the
    ///   standard library's `difference(from:)`); a manifest is at most 1 MiB.
    public static func of(old: String, new: String, path: String) -> String {
        guard old != new else { return "" }
        let before = lines(old)
        let after = lines(new)
        let difference = after.difference(from: before)
        // Each line of `before` kept or removed, each of `after` kept or inserted, walked together.
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case let .remove(offset, _, _): removed.insert(offset)
            case let .insert(offset, _, _): inserted.insert(offset)
            }
        }
        // The script: (kind, old line, new line) in order, " " kept, "-" removed, "+" inserted.
        var script: [(kind: Character, old: Int, new: Int)] = []
        var i = 0
        var j = 0
        while i < before.count || j < after.count {
            if i < before.count, removed.contains(i) {
                script.append(("-", i, j))
                i += 1
            } else if j < after.count, inserted.contains(j) {
                script.append(("+", i, j))
                j += 1
            } else {
                script.append((" ", i, j))
                i += 1
                j += 1
            }
        }
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        var index = 0
        while index < script.count {
            guard script[index].kind != " " else {
                index += 1
                continue
            }
            // A hunk: from `context` lines before this change to `context` after the last change
            // that is within 2 × context of the one before it.
            let start = max(0, index - context)
            var end = index
            var last = index
            while end < script.count {
                if script[end].kind != " " { last = end }
                if end - last > 2 * context { break }
                end += 1
            }
            end = min(script.count, last + context + 1)
            let hunk = script[start..<end]
            let oldCount = hunk.filter { $0.kind != "+" }.count
            let newCount = hunk.filter { $0.kind != "-" }.count
            let oldStart = hunk.first.map { $0.old + (oldCount == 0 ? 0 : 1) } ?? 0
            let newStart = hunk.first.map { $0.new + (newCount == 0 ? 0 : 1) } ?? 0
            output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for step in hunk {
                let line = step.kind == "+" ? after[step.new] : before[step.old]
                output += "\(step.kind)\(line.text)\n"
                if !line.endsWithNewline { output += "\\ No newline at end of file\n" }
            }
            index = end
        }
        return output
    }

    private struct Line: Equatable {
        let text: Substring
        let endsWithNewline: Bool
    }

    private static func lines(_ text: String) -> [Line] {
        var result: [Line] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            if let newline = rest.firstIndex(of: "\n") {
                result.append(Line(text: rest[..<newline], endsWithNewline: true))
                rest = rest[rest.index(after: newline)...]
            } else {
                result.append(Line(text: rest, endsWithNewline: false))
                rest = ""
            }
        }
        return result
    }
}
