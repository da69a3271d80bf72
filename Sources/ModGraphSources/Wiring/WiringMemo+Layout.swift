import ModGraphCore
import ModGraphSystem

extension WiringMemo {
    /// A file of a module, as an answer's places name it: its module and its path within the module's folder.
    struct Place: Hashable {
        let target: TargetID
        let file: String
    }

    /// The files a run analyses under its roles, worked out once a run: each file's place, and what every key
    /// of the run writes before each file's value (``keyed(label:layout:file:)``). A run that re-checks an edit
    /// works out four keys of the same files (their scans' keys, the previous answer's, their facts' digests
    /// before and after); each made every file's path relative to its module's folder and wrote it again, which
    /// with the places worked out apart was a tenth of re-checking a comment's edit on the generated app.
    struct Layout {
        let targets: [TargetSources]
        let roles: WiringRoles
        /// The place of each file of `targets`, in order.
        let places: [Place]
        /// The versions, the roles, and each module with its files' places, as ``keyed(label:layout:file:)`` writes them.
        private let frame: [UInt8]
        /// Where in `frame` each file's value goes (after its place), in the order of the files.
        private let cuts: [Int]

        init(roles: WiringRoles, targets: [TargetSources]) {
            self.targets = targets
            self.roles = roles
            var writer = ScanWriter()
            writer.int(analyserVersion)
            writer.int(ScanCache.scannerVersion)
            WiringMemo.write(roles, to: &writer)
            writer.int(targets.count)
            var places: [Place] = []
            var cuts: [Int] = []
            for sources in targets {
                sources.target.write(to: &writer)
                writer.int(sources.files.count)
                for path in sources.files {
                    let file = InterfaceRule.relative(path, to: sources.folder)
                    writer.raw(file)
                    places.append(Place(target: sources.target, file: file))
                    cuts.append(writer.bytes.count)
                }
            }
            (self.places, self.cuts, frame) = (places, cuts, writer.bytes)
        }

        /// `frame` with what `file` writes for each file (by its index) after its place, after `label`.
        fileprivate func written(label: String?, file: (inout ScanWriter, Int) -> Void) -> [UInt8] {
            var writer = ScanWriter()
            if let label { writer.raw(label) }
            var start = 0
            for (index, cut) in cuts.enumerated() {
                writer.append(frame[start..<cut])
                file(&writer, index)
                start = cut
            }
            writer.append(frame[start...])
            return writer.bytes
        }
    }

    /// The SHA-256 of `label`, the versions, the roles, and each module's files in the order of the layout's targets,
    /// each named within its module's folder and followed by what `file` writes for it (by its index among all the
    /// files): the key of its scan, or the digest of its facts.
    static func keyed(label: String?, layout: Layout, file: (inout ScanWriter, Int) -> Void) -> String {
        SHA256.hex(layout.written(label: label, file: file))
    }

    /// The key of an analysis: the version, the roles, and each module's files, named as the answer names
    /// them (relative to the module's folder), with their keys, in the order of the layout's targets; nil when a
    /// file's key is unknown. No absolute path is part of it: `diff`'s copy of a commit finds the answer
    /// a `check` of that commit kept in the working tree.
    static func key(layout: Layout, keys: [String?]) -> String? {
        guard !keys.contains(nil) else { return nil }
        return keyed(label: nil, layout: layout) { writer, index in
            writer.raw(index < keys.count ? keys[index] ?? "" : "")
        }
    }

    /// The key of an analysis by what its files declare and use: the version, the roles, and each module's
    /// files with their facts' digests, in the order of the layout's targets.
    static func factsKey(layout: Layout, digests: [[UInt8]]) -> String {
        keyed(label: "facts", layout: layout) { writer, index in
            writer.bytes(index < digests.count ? digests[index] : [])
        }
    }

    /// The key a partition is kept for: the versions and the roles its files were judged under.
    static func rolesKey(_ roles: WiringRoles) -> String {
        keyed(label: "relevance", layout: Layout(roles: roles, targets: [])) { _, _ in }
    }

    /// Every part of `roles`, sets and maps in order. A field added to ``WiringRoles`` or
    /// ``WiringVocabulary`` is written here, or two configurations could share an answer.
    static func write(_ roles: WiringRoles, to writer: inout ScanWriter) {
        for set in [roles.interfaces, roles.app] {
            writer.int(set.count)
            for target in set.sorted() { target.write(to: &writer) }
        }
        writer.int(roles.verticals.count)
        for (target, feature) in roles.verticals.sorted(by: { $0.key < $1.key }) {
            target.write(to: &writer)
            writer.raw(feature)
        }
        let vocabulary = roles.vocabulary
        for words in [
            vocabulary.builderProtocols, vocabulary.builderTypes, vocabulary.builderNamespaces, vocabulary.moduleParts,
            vocabulary.interfaceModules,
        ] {
            writer.int(words.count)
            for word in words { writer.raw(word) }
        }
        writer.int(vocabulary.moduleProtocols.count)
        for (name, kind) in vocabulary.moduleProtocols.sorted(by: { $0.key < $1.key }) {
            writer.raw(name)
            writer.raw(kind)
        }
    }
}
