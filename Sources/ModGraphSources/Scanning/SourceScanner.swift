import Dispatch
import Foundation
import SwiftParser
import SwiftSyntax

/// What one Swift file says, as far as the source checks care.
public struct ScannedFile: Hashable, Sendable {
    /// The path it was read from.
    public let path: String
    public let imports: [ImportStatement]
    /// Present when the file belongs to an interface module.
    public let interface: InterfaceAudit?

    public init(path: String, imports: [ImportStatement], interface: InterfaceAudit? = nil) {
        self.path = path
        self.imports = imports
        self.interface = interface
    }
}

/// A file the scanner cannot read.
public struct SourceScanError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public var description: String { "\(path): cannot read the source file (\(reason))" }
}

/// Parses Swift files with swift-syntax, in parallel.
public enum SourceScanner {
    /// Scans the text of one file. `path` only names it.
    ///
    /// - Complexity: O(n) in the length of the text.
    public static func scan(text: String, path: String = "<memory>", auditInterface: Bool = false) -> ScannedFile {
        var text = text
        return text.withUTF8 { bytes in scan(bytes: bytes, path: path, auditInterface: auditInterface) }
    }

    /// Reads and scans each file, spreading the files over every core; the
    /// result is in the order of `files`, whatever order they finished in.
    ///
    /// - Complexity: O(total size of the files / cores).
    public static func scan(files: [(path: String, auditInterface: Bool)]) throws(SourceScanError) -> [ScannedFile] {
        let slots = Slots<Result<ScannedFile, SourceScanError>>(count: files.count)
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let (path, audit) = files[index]
            guard let data = FileManager.default.contents(atPath: path) else {
                slots[index] = .failure(SourceScanError(path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"))
                return
            }
            let file = data.withUnsafeBytes { raw in
                scan(bytes: raw.bindMemory(to: UInt8.self), path: path, auditInterface: audit)
            }
            slots[index] = .success(file)
        }
        var result: [ScannedFile] = []
        result.reserveCapacity(files.count)
        for index in files.indices {
            switch slots[index] {
            case .success(let file)?: result.append(file)
            case .failure(let error)?: throw error
            case nil: throw SourceScanError(path: files[index].path, reason: "not scanned")
            }
        }
        return result
    }

    /// An interface module's file is parsed whole; any other only as far as its imports go (``ImportRegion``).
    private static func scan(bytes: UnsafeBufferPointer<UInt8>, path: String, auditInterface: Bool) -> ScannedFile {
        let parsed = auditInterface ? bytes : UnsafeBufferPointer(rebasing: bytes[0..<ImportRegion.end(in: bytes)])
        let tree = Parser.parse(source: parsed)
        let lines = LineTable(parsed)
        let imports = ImportCollector(lines: lines).imports(in: tree)
        let interface = auditInterface ? InterfaceAuditor(lines: lines).audit(tree) : nil
        return ScannedFile(path: path, imports: imports, interface: interface)
    }
}

/// One result slot per parallel job. Each job writes only its own index, and
/// the slots are read after `concurrentPerform` returns, so no lock is needed.
private final class Slots<Value>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        storage = .allocate(capacity: max(count, 1))
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    subscript(index: Int) -> Value? {
        get { storage[index] }
        set { storage[index] = newValue }
    }
}
