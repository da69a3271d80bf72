/// What a local pod's `.podspec` (Ruby) says that modgraph uses, read as text: the pods it depends
/// on (`s.dependency 'Lasso'`), which CocoaPods integrates into every target that uses it, and its
/// `module_name`. Lines it cannot read are skipped; the file is read within ``Podfile/maximumBytes``.
public struct Podspec: Hashable, Sendable {
    /// The pods it depends on, each once (a subspec is its pod), in order.
    public let dependencies: [String]
    /// `s.module_name = '…'`, when set.
    public let moduleName: String?

    public init(text: String) {
        var dependencies: [String] = []
        var moduleName: String?
        guard text.utf8.count <= Podfile.maximumBytes else {
            self.dependencies = []
            self.moduleName = nil
            return
        }
        // Blocks open, and the depth a test or app spec's block opened at while inside one.
        var depth = 0
        var separateSpec: Int?
        for line in Podfile.lines(of: text).prefix(Podfile.maximumLines) {
            guard let tokens = Podfile.tokens(String(line)) else { continue }
            let before = depth
            depth = max(0, depth + Podfile.blockBalance(tokens[...]))
            // `s.test_spec 'Tests' do |t| t.dependency 'TBADataTesting' end`: a test or app spec is a target
            // of its own, which CocoaPods builds only for the pod's tests (`:testspecs`) or its app; its
            // dependencies reach no target that uses the pod (The Blue Alliance's extension linked every
            // `…Testing` pod through them).
            if let from = separateSpec {
                if depth <= from { separateSpec = nil }
                continue
            }
            if tokens.indices.dropFirst().contains(where: { index in
                tokens[index - 1] == .other(".") && (tokens[index] == .word("test_spec") || tokens[index] == .word("app_spec"))
            }) {
                if depth > before { separateSpec = before }
                continue
            }
            guard tokens.count >= 3 else { continue }
            for index in tokens.indices.dropLast() {
                if tokens[index] == .word("dependency"), index > 0, tokens[index - 1] == .other("."),
                    case let .string(name) = tokens[index + 1]
                {
                    let pod = Podfile.Pod(written: name, line: 0, path: nil).name
                    if !dependencies.contains(pod) { dependencies.append(pod) }
                }
                if tokens[index] == .word("module_name"), index > 0, tokens[index - 1] == .other("."), index + 2 < tokens.count,
                    tokens[index + 1] == .other("="), case let .string(name) = tokens[index + 2], moduleName == nil
                {
                    moduleName = name
                }
            }
        }
        self.dependencies = dependencies
        self.moduleName = moduleName
    }

    /// Reads the podspec at `path` (a regular file inside the disk's root).
    public static func load(at path: String, disk: XcodeDisk) throws(XcodeError) -> Podspec {
        guard disk.isInside(path) else { throw .unreadable(path: path, reason: "it is outside the folder loaded") }
        let bytes = try disk.contents(of: path, limit: Podfile.maximumBytes)
        return Podspec(text: String(decoding: bytes, as: UTF8.self))
    }
}
