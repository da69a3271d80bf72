import Foundation

/// The modules a C-family file (`.m`, `.mm`, `.c`, `.cpp`, `.h`, …) of a mixed
/// target uses, read line by line without a compiler: `@import Module;`
/// (`@import Module.Sub;`), and `#import <Module/Header.h>` or `#include
/// <Module/Header.h>`, where the folder of a framework-style header is its
/// module. A quoted include (`"Header.h"`) is the target's own; `<Header.h>`
/// names no module. Enough to tell whether a dependency is used, which is all it
/// serves: `unused-dependency` never advises removing what an Objective-C file
/// imports (issue #49).
///
/// A file is input: at most ``maximumBytes`` are read, and a file past them
/// counts as unreadable (``Result/unreadable``), so that nothing is called unused.
public enum ClangImports {
    /// Larger than any hand-written source file; generated ones past it are not read.
    public static let maximumBytes = 4 << 20

    public struct Result: Sendable, Hashable {
        /// The modules imported, by name.
        public var modules: Set<String> = []
        /// Files read or tried.
        public var files = 0
        /// Files that could not be read, or were too large: any module may be imported there.
        public var unreadable = 0
    }

    /// What the files at `paths` import.
    public static func read(_ paths: [String]) -> Result {
        var result = Result()
        for path in paths {
            result.files += 1
            guard let handle = FileHandle(forReadingAtPath: path),
                let data = try? handle.read(upToCount: maximumBytes + 1), data.count <= maximumBytes
            else {
                result.unreadable += 1
                continue
            }
            try? handle.close()
            result.modules.formUnion(modules(in: String(decoding: data, as: UTF8.self)))
        }
        return result
    }

    /// The modules `text` imports.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func modules(in text: String) -> Set<String> {
        var found = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) {
            var rest = line.drop { $0 == " " || $0 == "\t" }
            if rest.hasPrefix("@import") {
                rest = rest.dropFirst("@import".count).drop { $0 == " " || $0 == "\t" }
                let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if !name.isEmpty { found.insert(String(name)) }
                continue
            }
            guard rest.hasPrefix("#") else { continue }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            for directive in ["import", "include", "include_next"] where rest.hasPrefix(directive) {
                let target = rest.dropFirst(directive.count).drop { $0 == " " || $0 == "\t" }
                guard target.first == "<", let slash = target.firstIndex(of: "/") else { break }
                let name = target[target.index(after: target.startIndex)..<slash]
                // A framework's folder is its module, `-` made `_` as Xcode and CocoaPods make it (`Harmony-Drive`).
                if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) {
                    found.insert(name.replacingOccurrences(of: "-", with: "_"))
                }
                break
            }
        }
        return found
    }
}
