import Foundation
import ModGraphCore

/// A bounded pool of workers that load manifests ahead of the loader.
///
/// As soon as a manifest is decoded, the folders of its dependencies are
/// queued, so a package's dependencies start loading while the rest of its
/// level is still running, and at most `jobs` manifests load at once.
/// Loading a folder is a pure step, so loading ahead changes only when a
/// manifest is ready, never what the loader decides: it asks for results in
/// its own order and sees the same ones whatever order they finished in.
final class ManifestQueue: Sendable {
    /// The folders a decoded manifest leads to; runs on worker threads.
    typealias Discover = @Sendable (_ folder: String, _ manifest: Manifest) -> [String]

    private enum FolderState {
        case queued
        case running
        case finished(Result<Manifest, LoadError>)

        var result: Result<Manifest, LoadError>? {
            if case let .finished(result) = self { return result }
            return nil
        }
    }

    /// Everything the workers and the loader share, behind one lock.
    private struct Queue {
        var states: [String: FolderState] = [:]
        /// Folders waiting for a worker, first come first served; `head` is the next one.
        var waiting: [String] = []
        var head = 0
        var running: Set<String> = []
        var finishedCount = 0
        var workers = 0
        var isStopped = false

        /// Queues the folders not seen before, in the order given; whether any was.
        mutating func add(_ folders: [String]) -> Bool {
            var added = false
            for folder in folders where states[folder] == nil && !isStopped {
                states[folder] = .queued
                waiting.append(folder)
                added = true
            }
            return added
        }

        /// Counts in the workers the waiting folders call for, up to `jobs`; the caller starts them.
        mutating func reserveWorkers(jobs: Int) -> Int {
            var count = 0
            while workers < jobs, waiting.count - head > workers - running.count, !isStopped {
                workers += 1
                count += 1
            }
            return count
        }

        /// The next folder for a worker, or nil when there is none (and the worker ends).
        mutating func next() -> String? {
            guard !isStopped, head < waiting.count else {
                workers -= 1
                return nil
            }
            let folder = waiting[head]
            head += 1
            if head > 1024, head * 2 > waiting.count {
                waiting.removeFirst(head)
                head = 0
            }
            states[folder] = .running
            running.insert(folder)
            return folder
        }

        var progress: LoadProgress {
            LoadProgress(done: finishedCount, total: states.count, inProgress: running.sorted())
        }
    }

    private let provider: any ManifestProvider
    private let jobs: Int
    private let discover: Discover
    private let progress: (@Sendable (LoadProgress) -> Void)?
    private let queue = Locked(Queue())

    init(
        provider: any ManifestProvider, jobs: Int, discover: @escaping Discover,
        progress: (@Sendable (LoadProgress) -> Void)?
    ) {
        self.provider = provider
        self.jobs = max(1, jobs)
        self.discover = discover
        self.progress = progress
    }

    /// Queues folders not seen before, in the order given.
    func enqueue(_ folders: [String]) {
        let workers = queue.withLock { queue in
            guard queue.add(folders) else { return 0 }
            progress?(queue.progress)
            return queue.reserveWorkers(jobs: jobs)
        }
        startWorkers(workers)
    }

    /// Records `manifest` as `folder`'s, already decoded (a dump the user
    /// gave), so that no worker dumps that folder again when a `path:`
    /// dependency leads back to it.
    func provide(_ manifest: Manifest, for folder: String) {
        queue.withLock { queue in
            if queue.states[folder] == nil {
                queue.states[folder] = .finished(.success(manifest))
                queue.finishedCount += 1
            }
        }
    }

    /// The manifest of `folder`, waiting for it if needed; a folder not yet
    /// queued goes first, so the loader never waits behind work it does not need yet.
    func manifest(for folder: String) throws(LoadError) -> Manifest {
        let workers = queue.withLock { queue in
            guard queue.states[folder] == nil else { return 0 }
            queue.states[folder] = .queued
            queue.waiting.insert(folder, at: queue.head)
            progress?(queue.progress)
            return queue.reserveWorkers(jobs: jobs)
        }
        startWorkers(workers)
        let result = queue.withLock(waitingUntil: { $0.states[folder]?.result != nil }) { queue in
            queue.states[folder]?.result
        }
        guard let result else { preconditionFailure("a finished folder has a result") }
        return try result.get()
    }

    /// Drops what is still queued and waits for the manifests being loaded,
    /// so no `swift` process outlives the load.
    func stop() {
        queue.withLock { queue in
            queue.isStopped = true
            queue.waiting.removeAll()
            queue.head = 0
        }
        queue.withLock(waitingUntil: { $0.workers == 0 }) { _ in }
    }

    private func startWorkers(_ count: Int) {
        for _ in 0..<count {
            // A thread of its own: a worker mostly waits for a `swift` process, and
            // blocked work would starve Dispatch's pool, which is as wide as the cores.
            let thread = Thread { self.work() }
            thread.name = "modgraph.manifest-loader"
            thread.start()
        }
    }

    /// Takes folders off the queue until it is empty, then ends.
    private func work() {
        while let folder = queue.withLock({ queue -> String? in
            let folder = queue.next()
            if folder != nil { progress?(queue.progress) }
            return folder
        }) {
            let result = load(folder)
            let next = (try? result.get()).map { discover(folder, $0) } ?? []
            let workers = queue.withLock { queue in
                queue.states[folder] = .finished(result)
                queue.running.remove(folder)
                queue.finishedCount += 1
                let added = queue.add(next)
                progress?(queue.progress)
                return added ? queue.reserveWorkers(jobs: jobs) : 0
            }
            startWorkers(workers)
        }
    }

    private func load(_ folder: String) -> Result<Manifest, LoadError> {
        // Nothing reads a manifest that is no file: a FIFO would block, a device never end.
        let manifest = Paths.absolute("Package.swift", relativeTo: folder)
        if let kind = Paths.irregularKind(manifest) { return .failure(.manifestNotAFile(manifest: manifest, kind: kind)) }
        do {
            return .success(try provider.manifest(forPackageAt: folder))
        } catch {
            return .failure(error)
        }
    }
}
