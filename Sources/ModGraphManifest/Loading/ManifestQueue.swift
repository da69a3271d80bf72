import Foundation

/// A bounded pool of workers that load manifests ahead of the loader.
///
/// As soon as a manifest is decoded, the folders of its dependencies are
/// queued, so a package's dependencies start loading while the rest of its
/// level is still running, and at most `jobs` manifests load at once.
/// Loading a folder is a pure step, so loading ahead changes only when a
/// manifest is ready, never what the loader decides: it asks for results in
/// its own order and sees the same ones whatever order they finished in.
final class ManifestQueue: @unchecked Sendable {
    /// The folders a decoded manifest leads to; runs on worker threads.
    typealias Discover = @Sendable (_ folder: String, _ manifest: Manifest) -> [String]

    private enum State {
        case queued
        case running
        case finished(Result<Manifest, LoadError>)
    }

    private let provider: any ManifestProvider
    private let jobs: Int
    private let discover: Discover
    private let progress: (@Sendable (LoadProgress) -> Void)?

    private let condition = NSCondition()
    private var states: [String: State] = [:]
    /// Folders waiting for a worker, first come first served; `head` is the next one.
    private var waiting: [String] = []
    private var head = 0
    private var running: Set<String> = []
    private var finishedCount = 0
    private var workers = 0
    private var isStopped = false

    init(provider: any ManifestProvider, jobs: Int, discover: @escaping Discover,
         progress: (@Sendable (LoadProgress) -> Void)?) {
        self.provider = provider
        self.jobs = max(1, jobs)
        self.discover = discover
        self.progress = progress
    }

    /// Queues folders not seen before, in the order given.
    func enqueue(_ folders: [String]) {
        condition.lock()
        defer { condition.unlock() }
        addLocked(folders)
    }

    /// The manifest of `folder`, waiting for it if needed; a folder not yet
    /// queued goes first, so the loader never waits behind work it does not need yet.
    func manifest(for folder: String) throws(LoadError) -> Manifest {
        condition.lock()
        defer { condition.unlock() }
        if states[folder] == nil {
            states[folder] = .queued
            waiting.insert(folder, at: head)
            startWorkersLocked()
            reportLocked()
        }
        while true {
            if case let .finished(result)? = states[folder] { return try result.get() }
            condition.wait()
        }
    }

    /// Drops what is still queued and waits for the manifests being loaded,
    /// so no `swift` process outlives the load.
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        isStopped = true
        waiting.removeAll()
        head = 0
        while workers > 0 { condition.wait() }
    }

    private func addLocked(_ folders: [String]) {
        var added = false
        for folder in folders where states[folder] == nil && !isStopped {
            states[folder] = .queued
            waiting.append(folder)
            added = true
        }
        if added {
            startWorkersLocked()
            reportLocked()
        }
    }

    private func startWorkersLocked() {
        while workers < jobs, waiting.count - head > workers - running.count, !isStopped {
            workers += 1
            // A thread of its own: a worker mostly waits for a `swift` process, and
            // blocked work would starve Dispatch's pool, which is as wide as the cores.
            let thread = Thread { self.work() }
            thread.name = "modgraph.manifest-loader"
            thread.start()
        }
    }

    /// Takes folders off the queue until it is empty, then ends.
    private func work() {
        condition.lock()
        while !isStopped, head < waiting.count {
            let folder = waiting[head]
            head += 1
            if head > 1024, head * 2 > waiting.count {
                waiting.removeFirst(head)
                head = 0
            }
            states[folder] = .running
            running.insert(folder)
            reportLocked()
            condition.unlock()

            let result = load(folder)
            let next = (try? result.get()).map { discover(folder, $0) } ?? []

            condition.lock()
            states[folder] = .finished(result)
            running.remove(folder)
            finishedCount += 1
            addLocked(next)
            reportLocked()
            condition.broadcast()
        }
        workers -= 1
        condition.broadcast()
        condition.unlock()
    }

    private func load(_ folder: String) -> Result<Manifest, LoadError> {
        do {
            return .success(try provider.manifest(forPackageAt: folder))
        } catch {
            return .failure(error)
        }
    }

    private func reportLocked() {
        progress?(LoadProgress(done: finishedCount, total: states.count, inProgress: running.sorted()))
    }
}
