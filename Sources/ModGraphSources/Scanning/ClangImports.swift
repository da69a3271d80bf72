import Foundation
import ModGraphSystem

/// The modules a C-family file (`.m`, `.mm`, `.c`, `.cpp`, `.h`, …) of a mixed
/// target uses, read line by line without a compiler: `@import Module;`
/// (`@import Module.Sub;`), and `#import <Module/Header.h>` or `#include
/// <Module/Header.h>`, where the folder of a framework-style header is its
/// module. A quoted include (`"Header.h"`) is the target's own; `<Header.h>`
/// names no module. Enough to tell whether a dependency is used, which is all it
/// serves: `unused-dependency` never advises removing what an Objective-C file
/// imports (issue #49).
///
/// A header a file includes in quotes (`#include "ALTConnection+Private.h"`)
/// is read too when it lies in the file's folder or below it, not through a
/// link: Xcode lists no header of an application in its phases, and AltStore's
/// AltServer uses `libimobiledevice` only from such a header, which made its
/// link read as unused (and `fix` would have removed it, breaking the build).
///
/// A file is input: at most ``maximumBytes`` are read, and a file past them
/// counts as unreadable (``Result/unreadable``), so that nothing is called unused;
/// at most ``maximumHeaders`` headers are followed from one target's files.
public enum ClangImports {
    /// Larger than any hand-written source file; generated ones past it are not read.
    public static let maximumBytes = 4 << 20
    /// The most headers followed from one target's files: a project's own headers are hundreds.
    public static let maximumHeaders = 10_000

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
        // A target's own files by path; a header they include by its folder and its name below it,
        // read without following a link anywhere on the way (a folder link planted below the
        // file's folder could otherwise lead outside the repository).
        var queue: [(path: String, below: (root: String, relative: String)?)] = paths.map { ($0, nil) }
        var seen = Set(paths)
        var next = 0
        while next < queue.count {
            let (path, below) = queue[next]
            next += 1
            result.files += 1
            let bytes: [UInt8]?
            if let below {
                bytes = ConfinedFiles.read(below.relative, in: below.root, limit: maximumBytes)
            } else if case let .bytes(read) = ConfinedFiles.read(path: path, limit: maximumBytes) {
                bytes = read
            } else {
                bytes = nil
            }
            guard let bytes else {
                result.unreadable += 1
                continue
            }
            let found = scan(bytes)
            result.modules.formUnion(found.modules)
            let folder = (path as NSString).deletingLastPathComponent
            for name in found.quoted where queue.count - paths.count < maximumHeaders {
                // Below the file's folder only: no absolute path, no `..`, no link.
                guard !name.hasPrefix("/"), !name.split(separator: "/").contains("..") else { continue }
                let header = (folder as NSString).appendingPathComponent(name)
                guard !seen.contains(header), FileStatus.isRegularFile(header, followingLinks: false) else { continue }
                seen.insert(header)
                let relative = below.map { ($0.relative as NSString).deletingLastPathComponent } ?? ""
                queue.append((header, (below?.root ?? folder, relative.isEmpty ? name : relative + "/" + name)))
            }
        }
        return result
    }

    /// The modules `text` imports.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func modules(in text: String) -> Set<String> {
        modules(in: Array(text.utf8))
    }

    /// The same on the file's bytes.
    static func modules(in bytes: [UInt8]) -> Set<String> {
        scan(bytes).modules
    }

    /// The modules the file's bytes import, and the headers it includes in quotes, in order: one pass,
    /// a line looked at only when it starts with `@` or `#`.
    static func scan(_ bytes: [UInt8]) -> (modules: Set<String>, quoted: [String]) {
        var found = Set<String>()
        var quoted: [String] = []
        var index = 0
        let count = bytes.count
        func skipBlanks() { while index < count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 } }
        func starts(with word: String) -> Bool {
            let word = Array(word.utf8)
            guard index + word.count <= count else { return false }
            return bytes[index..<index + word.count].elementsEqual(word)
        }
        /// The name from `index` on: letters, digits, `_`, and `-` where `dash` allows it.
        func name(dash: Bool) -> String {
            let start = index
            while index < count {
                let byte = bytes[index]
                let isWord =
                    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
                guard isWord || (dash && byte == UInt8(ascii: "-")) else { break }
                index += 1
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        while index < count {
            skipBlanks()
            if starts(with: "@import") {
                index += 7
                skipBlanks()
                let module = name(dash: false)
                if !module.isEmpty { found.insert(module) }
            } else if index < count, bytes[index] == UInt8(ascii: "#") {
                index += 1
                skipBlanks()
                for directive in ["include_next", "import", "include"] where starts(with: directive) {
                    index += directive.utf8.count
                    skipBlanks()
                    if index < count, bytes[index] == UInt8(ascii: "\"") {
                        // A quoted include: a header of the target's own, up to the closing quote on the same line.
                        let start = index + 1
                        var end = start
                        while end < count, end - start < 1_024,
                            ![UInt8(ascii: "\""), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[end])
                        {
                            end += 1
                        }
                        if end < count, bytes[end] == UInt8(ascii: "\""), end > start {
                            quoted.append(String(decoding: bytes[start..<end], as: UTF8.self))
                        }
                        break
                    }
                    guard index < count, bytes[index] == UInt8(ascii: "<") else { break }
                    index += 1
                    // A framework's folder is its module, `-` made `_` as Xcode and CocoaPods make it (`Harmony-Drive`).
                    let folder = name(dash: true)
                    if !folder.isEmpty, index < count, bytes[index] == UInt8(ascii: "/") {
                        found.insert(folder.replacingOccurrences(of: "-", with: "_"))
                    }
                    break
                }
            }
            // On to the next line.
            while index < count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
            index += 1
        }
        return (found, quoted)
    }
}
