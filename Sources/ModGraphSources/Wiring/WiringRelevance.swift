import ModGraphCore
import ModGraphRules
import ModGraphSystem

/// The files the wiring analysis can leave out (issue #48): after an edit the wiring sees (a conformance
/// to a graph protocol, a builder's member, a service newly used), every file's facts were decoded and
/// analysed again, though most files of an app (its views, models, formatters) give the answer nothing.
///
/// A file is inert when no phase of ``WiringPass`` reads it but for names that match nothing:
/// - it is no interface module's (whose declarations are the inventory's) and not the app's (whose
///   conformers and constructions wire builders), its facts are whole and it makes no `.scoped` call;
/// - each of its types is plain (``WiringAdditions/isPlainType(_:_:)``: a struct, class, enum or actor
///   outside an extension, no builder, of no builder protocol) and inherits no module protocol; each of its
///   extensions conforms to no module protocol, and holds no builder namespace's function (those
///   are types nested in an extension, which are not plain);
/// - no name of its types, nor of what they or its extensions inherit, is one a lookup of the analysis may ask
///   for (``lookedUp(_:declaredIn:)``): a name a use is matched by (``WiringFacts/useNames``), one the analysis
///   derives (a requirement's argument, a dependency protocol: ``WiringFacts/derivedNames``), or a protocol's.
///   Protocols, builders, screen modules, requirements' arguments and dependency protocols are each found by a
///   name one module declares: the file makes none of those ambiguous, provides no protocol, wires no dependency
///   protocol, and no class of it is a screen module's. Another name it shares with other files is looked up by
///   nothing;
/// - none of its uses (names where a type goes, capitalised names, member chains, constructions) names a
///   part of a name a use outside the app is matched by (``WiringFacts/featureUseNames``).
///
/// Such a file gives the answer only its extensions (listed for the container check) and its declarations'
/// names (``WiringFacts/names``), which ``Inert`` keeps. Its members and their bodies are read for the app's
/// conformers and constructions only, and it is none of the app's.
enum WiringRelevance {
    /// What an inert file gives the answer, and the names it must not come to share.
    struct Inert: Equatable {
        /// Every part of every declaration's name: what ``WiringFacts/names`` holds of the file.
        var declared: [String] = []
        /// The names of its types and of what they inherit.
        var guarded: [String] = []
        /// Every part of every name its uses name.
        var uses: [String] = []
        /// Its extensions, in order: the type as written, and where.
        var extensions: [Extension] = []
        /// For a file judged by its bytes alone (``WiringSketch``), the hashes of its text's pieces, which stand for
        /// ``guarded`` and ``uses`` (both empty): it declares (``declared``, a superset) and extends nothing else.
        var pieces: [UInt32]?

        struct Extension: Equatable {
            let type: String
            let line: Int
            let column: Int
        }
    }

    /// Whether files stay inert beside an analysis whose answer is `facts` and whose lookups may ask for `lookedUp`
    /// (``WiringRelevance/lookedUp(_:declaredIn:)``): none of a file's types' names, nor what they inherit, is one of
    /// those, and none of its uses names one a use outside the app is matched by (``WiringFacts/featureUseNames``; it
    /// is none of the app's). A sketched file must hold no name of either, nor a module protocol's (what makes a screen).
    struct Judge {
        private let lookedUp: Set<String>
        private let featureUseNames: Set<String>
        /// Built for the first sketched file judged.
        private var names: WiringSketch.Names?
        private let moduleProtocols: [String]

        init(facts: WiringFacts, lookedUp: Set<String>, roles: WiringRoles) {
            self.lookedUp = lookedUp
            featureUseNames = facts.featureUseNames
            moduleProtocols = Array(roles.vocabulary.moduleProtocols.keys)
        }

        /// A judge of the names an answer kept (``weighed``): each file's types' names and uses are weighed against all
        /// of them, which may only find more files that matter.
        init(weighed: Set<String>, roles: WiringRoles) {
            lookedUp = weighed
            featureUseNames = weighed
            moduleProtocols = Array(roles.vocabulary.moduleProtocols.keys)
        }

        /// Every name a file is weighed against: kept with an answer that left files out (``WiringMemo/Kept/Names``).
        var weighed: Set<String> { lookedUp.union(featureUseNames) }

        mutating func isInert(_ file: Inert) -> Bool {
            guard let pieces = file.pieces else {
                return !file.guarded.contains(where: lookedUp.contains) && !file.uses.contains(where: featureUseNames.contains)
            }
            if names == nil { names = WiringSketch.Names(weighed.union(moduleProtocols)) }
            return !(names?.anyIn(WiringSketch(pieces: pieces, declared: [])) ?? true)
        }
    }

    /// The names a lookup of the analysis whose answer is `facts` may ask for: those a use is matched by, those it
    /// derives, and every part of the names of the protocols `files` declare (whether one module declares them or several).
    static func lookedUp(_ facts: WiringFacts, declaredIn files: [WiringFile?]) -> Set<String> {
        var names = facts.useNames.union(facts.derivedNames)
        for wiring in files {
            for declaration in wiring?.declarations ?? [] where declaration.kind == .protocol {
                names.formUnion(WiringName.parts(of: declaration.name))
            }
        }
        return names
    }

    /// What `wiring`, a file of `target`, gives the answer when it is inert whatever names the analysis
    /// matches by; nil when a phase may read it. Its names are weighed apart (``Judge``).
    static func inert(_ wiring: WiringFile, in target: TargetID, roles: WiringRoles) -> Inert? {
        guard !roles.interfaces.contains(target), !roles.app.contains(target), !wiring.isTruncated, wiring.scopedCalls.isEmpty
        else { return nil }
        let context = WiringAdditions.Context(
            names: [], useNames: [], inInterfaceModule: false, inApp: false, vocabulary: roles.vocabulary)
        var inert = Inert()
        var guarded = UniqueNames(limit: .max)
        for declaration in wiring.declarations {
            let parts = WiringName.parts(of: declaration.name)
            switch declaration.kind {
            case .file:
                break
            case .extension:
                // What it conforms to is weighed as a type's is: a protocol of the graph makes it a provider, a module
                // protocol a screen. A builder protocol makes no builder of it (a builder is a type that declares it).
                guard weigh(declaration.inherited, into: &guarded, roles: roles) else { return nil }
                inert.extensions.append(.init(type: declaration.name, line: declaration.line, column: declaration.column))
            case .struct, .class, .enum, .actor:
                guard WiringAdditions.isPlainType(declaration, context), weigh(declaration.inherited, into: &guarded, roles: roles)
                else { return nil }
                for part in parts { guarded.add(part) }
            case .protocol:
                return nil
            }
            inert.declared += parts
        }
        inert.guarded = guarded.items.map(\.name)
        var uses = UniqueNames(limit: .max)
        for name in wiring.mentions.map(\.name) + wiring.references.map(\.name) + wiring.paths.map(\.name)
            + wiring.constructions.map(\.type)
        {
            for part in WiringName.parts(of: name) { uses.add(part) }
        }
        inert.uses = uses.items.map(\.name)
        return inert
    }

    /// Adds the names `inherited` holds to `guarded`; false when one is a module protocol (what makes a screen module).
    private static func weigh(_ inherited: [WrittenType], into guarded: inout UniqueNames, roles: WiringRoles) -> Bool {
        for type in inherited {
            for name in type.baseAndNames {
                guard roles.vocabulary.moduleProtocols[name] == nil else { return false }
                guarded.add(name)
            }
        }
        return true
    }

    /// A file an analysis read, where it is, and the key of its scan (nil when the file was not scanned whole).
    struct Analysed {
        let place: WiringMemo.Place
        let key: String?
        let scanned: ScannedFile
    }

    /// The files of an analysis whose answer is `facts` that are inert beside the others, by ``place(_:key:)``.
    /// Judged beside the analysis of every file: a name two modules declare is looked up by nothing there, though
    /// it may be once one of them is left out; an analysis that leaves files out weighs them again beside its own
    /// answer (``WiringMemo/relevantFacts(_:requests:keys:known:targets:roles:budget:runner:cache:key:)``).
    static func inertFiles(_ files: [Analysed], facts: WiringFacts, roles: WiringRoles) -> [String: Inert] {
        var candidates: [(place: String, inert: Inert)] = []
        var others: [WiringFile?] = []
        var placer = Placer()
        for file in files {
            if let key = file.key, let wiring = file.scanned.wiring, file.scanned.skipped == nil,
                let inert = inert(wiring, in: file.place.target, roles: roles)
            {
                candidates.append((placer.place(file.place, key: key), inert))
            } else {
                others.append(file.scanned.wiring)
            }
        }
        // A file found not inert declares no protocol (a candidate declares none): the names looked up stay the same.
        var judge = Judge(facts: facts, lookedUp: lookedUp(facts, declaredIn: others), roles: roles)
        let inert = candidates.filter { judge.isInert($0.inert) }
        return Dictionary(inert.map { ($0.place, $0.inert) }, uniquingKeysWith: { first, _ in first })
    }

    /// A file of an analysis, in the order of every file's (module by module as ``WiringAnalyzer`` reads them, each
    /// module's files in order): inert and left out, or read and its facts.
    enum Part {
        case inert(Inert)
        case read(WiringFile?)
    }

    /// The answer every file gives, from `facts`, the answer of the files read alone: with the extensions of
    /// those left out, in the order the analysis of every file lists them (by module, then by file), and with the
    /// names their declarations give. `files` are every file's parts, by place.
    /// `facts` is taken, not copied: its names (every declaration's of the app) are added to in place.
    static func whole(_ facts: consuming WiringFacts, files: [(place: WiringMemo.Place, part: Part)]) -> WiringFacts {
        var whole = consume facts
        // Room for every name and extension at once: grown by doubling, the set of every declaration's names was made
        // again a dozen times (fresh pages each, a tenth of this function's time).
        var (declared, listed) = (0, whole.extensions.count)
        for case let .inert(inert) in files.lazy.map(\.part) {
            declared += inert.declared.count
            listed += inert.extensions.count
        }
        whole.names.reserveCapacity(whole.names.count + declared)
        var extensions: [WiringFacts.Extension] = []
        extensions.reserveCapacity(listed)
        for index in byModule(files.map(\.place.target)) {
            let (target, file) = (files[index].place.target, files[index].place.file)
            switch files[index].part {
            case let .inert(inert):
                whole.names.formUnion(inert.declared)
                for found in inert.extensions {
                    extensions.append(
                        .init(type: found.type, site: Wiring.Site(target: target, file: file, line: found.line, column: found.column)))
                }
            case let .read(wiring):
                extensions += (wiring?.declarations ?? []).compactMap { WiringFacts.Extension(listing: $0, target: target, file: file) }
            }
        }
        whole.extensions = extensions
        return whole
    }

    /// The indices of `targets` (each file's module) sorted by module, then by index. A module's files come one after
    /// another: the runs of the same module are sorted, not every file (a comparison of modules is one of strings).
    static func byModule(_ targets: [TargetID]) -> [Int] {
        var runs: [Range<Int>] = []
        var start = 0
        for index in targets.indices.dropFirst() where targets[index] != targets[index - 1] {
            runs.append(start..<index)
            start = index
        }
        if !targets.isEmpty { runs.append(start..<targets.count) }
        return runs.sorted { (targets[$0.lowerBound], $0.lowerBound) < (targets[$1.lowerBound], $1.lowerBound) }.flatMap { $0 }
    }

    /// A file's place in an analysis: its module, its path within the module's folder and the key of its scan.
    /// The same bytes in another module, or elsewhere in the same one, are another place.
    static func place(_ place: WiringMemo.Place, key: String) -> String {
        var placer = Placer()
        return placer.place(place, key: key)
    }

    /// ``place(_:key:)`` of file after file, each module's bytes written once for the files of it that come one after
    /// another: a module written for each file (a table of its strings made each time) was most of working out the
    /// places of every file of an app, which an edit the wiring sees does.
    struct Placer {
        private var target: TargetID?
        private var written: [UInt8] = []

        mutating func place(_ place: WiringMemo.Place, key: String) -> String {
            if place.target != target {
                var writer = ScanWriter()
                place.target.write(to: &writer)
                (target, written) = (place.target, writer.bytes)
            }
            var writer = ScanWriter()
            writer.append(written[...])
            writer.raw(place.file)
            writer.raw(key)
            return String(SHA256.hex(writer.bytes).prefix(32))
        }
    }
}

extension WiringRelevance {
    /// The inert files of the latest analysis, by ``place(_:key:)``: what ``WiringMemo`` keeps on the relevance
    /// shelf, under the key of the roles they were judged under (a file inert in a feature is not in the app).
    struct Partition: Equatable {
        let inert: [String: Inert]

        init(inert: [String: Inert]) {
            self.inert = inert
        }

        /// Whether the partition must be written again for an analysis that leaves out the files `kept` holds: when one
        /// of them is in it otherwise, or when more than a quarter of its entries (and more than 64) are no longer among
        /// them, or more than as many of them are not in it. Most edits leave the same files out, or one fewer (a file
        /// that now matters), or one more (the file edited, still inert at its new place): writing the partition (one
        /// entry per file of the app) for each was a tenth of re-checking an edit. An entry left in place stays true, as
        /// a file's place names the key of its scan (its bytes) and what it gives is worked out from those alone and
        /// weighed again by each analysis that leaves it out: one of a file changed since is only unused, until its bytes
        /// come back. A file inert but not in it is only read again by the next analysis, until the partition is.
        func isOutgrown(by kept: [String: Inert]) -> Bool {
            var missing = 0
            for (place, file) in kept {
                guard let held = inert[place] else {
                    missing += 1
                    continue
                }
                guard held == file else { return true }
            }
            let bound = Swift.max(64, inert.count / 4)
            return missing > bound || inert.count - (kept.count - missing) > bound
        }

        /// The partition in the scan cache's format, its files in the order of their places (``ByteOrder``).
        func encoded() -> [UInt8] {
            var writer = ScanWriter()
            writer.int(inert.count)
            for place in ByteOrder.sorted(inert.keys) {
                guard let file = inert[place] else { continue }
                writer.raw(place)
                writer.strings(file.declared)
                writer.strings(file.guarded)
                writer.strings(file.uses)
                writer.int(file.extensions.count)
                for found in file.extensions {
                    writer.string(found.type)
                    writer.int(found.line)
                    writer.int(found.column)
                }
                writer.bool(file.pieces != nil)
                if let pieces = file.pieces {
                    // Four bytes a hash, little-endian.
                    var bytes: [UInt8] = []
                    bytes.reserveCapacity(pieces.count * 4)
                    for hash in pieces {
                        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: hash >> shift)) }
                    }
                    writer.bytes(bytes)
                }
            }
            return writer.bytes
        }

        /// What ``encoded()`` wrote; nil when it does not decode whole (the shelf is input, like every other).
        init?(_ body: ArraySlice<UInt8>) {
            var reader = ScanReader(Array(body))
            do {
                let count = try reader.count()
                guard count <= ScanCache.maximumEntries else { return nil }
                var inert: [String: Inert] = [:]
                inert.reserveCapacity(count)
                for _ in 0..<count {
                    let place = try reader.raw()
                    var file = Inert(declared: try reader.strings(), guarded: try reader.strings(), uses: try reader.strings())
                    let extensions = try reader.count()
                    for _ in 0..<extensions {
                        file.extensions.append(.init(type: try reader.string(), line: try reader.int(), column: try reader.int()))
                    }
                    if try reader.bool() {
                        let bytes = try reader.byteRun()
                        guard bytes.count % 4 == 0 else { return nil }
                        file.pieces = [UInt32](unsafeUninitializedCapacity: bytes.count / 4) { buffer, count in
                            bytes.withUnsafeBytes { UnsafeMutableRawBufferPointer(buffer).copyMemory(from: $0) }
                            count = bytes.count / 4
                        }.map { UInt32(littleEndian: $0) }
                    }
                    inert[place] = file
                }
                guard reader.isAtEnd else { return nil }
                self.inert = inert
            } catch {
                return nil
            }
        }
    }
}

extension WiringRelevance.Inert {
    /// What a sketched file gives the answer and is judged by.
    init(sketch: WiringSketch) {
        self.init(declared: sketch.declared, extensions: sketch.extensions, pieces: sketch.pieces)
    }
}
