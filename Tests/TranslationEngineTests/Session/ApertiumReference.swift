import Foundation
import Synchronization

/// What the `apertium` command prints for a text: a fresh `apertium -u -d DIR MODE` process per
/// text and mode, so no text ever meets state another text left in a stage (the tagger changes
/// its own tables). Each (text, modes) is computed once per test run, up to `processLimit`
/// commands at once, on threads of their own, at a low CPU priority (`nice`).
///
/// One command spends most of its wall time with its stages waiting on one another (0.3-0.7 s
/// wall for 0.1-0.3 s of CPU, measured), so several at once finish sooner even on two cores; at
/// nice 10 they take the CPU the timing-sensitive tests running beside them leave.
enum ApertiumReference {
    /// Commands in flight at once, across every test of the run.
    static let processLimit = 4

    private enum Entry {
        case running
        case done(Result<String, any Error>)
    }

    private static let slots = DispatchSemaphore(value: processLimit)
    private static let entries = Mutex<[String: Entry]>([:])

    /// The command's output for each (text, modes) of `requests`, in order; the modes are piped
    /// one into the next (a chain).
    static func translate(_ requests: [(text: String, modes: [String])]) async throws -> [String] {
        let batch = Batch(count: requests.count)
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            let workers = max(1, min(processLimit, requests.count))
            batch.running.store(workers, ordering: .relaxed)
            for _ in 0..<workers {
                // The command blocks in waitpid, which must not hold a thread of Swift's pool.
                Thread.detachNewThread {
                    while true {
                        let index = batch.next.add(1, ordering: .relaxed).oldValue
                        guard index < requests.count else { break }
                        let result = Result { try chain(requests[index].text, modes: requests[index].modes) }
                        batch.results.withLock { $0[index] = result }
                    }
                    if batch.running.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { finished.resume() }
                }
            }
        }
        return try batch.results.withLock { $0 }.map { try $0!.get() }
    }

    /// The command's output for each of `texts` through `modes`, in order.
    static func translate(_ texts: [String], modes: [String]) async throws -> [String] {
        try await translate(texts.map { ($0, modes) })
    }

    /// Starts computing `requests` in the background, so later calls find them done or running.
    static func prefetch(_ requests: [(text: String, modes: [String])]) {
        Task.detached { _ = try? await translate(requests) }
    }

    /// One text through a chain of modes, each leg looked up or computed once. Blocks.
    private static func chain(_ text: String, modes: [String]) throws -> String {
        var output = text
        for count in modes.indices {
            output = try leg(modes[...count].joined(separator: "|") + "\u{0}" + text, input: output, mode: modes[count])
        }
        return output
    }

    /// The output of `mode` on `input`, known by `key`: computed here, or waited for while
    /// another thread computes it. Blocks.
    private static func leg(_ key: String, input: String, mode: String) throws -> String {
        while true {
            let claimed: Bool = entries.withLock { entries in
                if entries[key] != nil { return false }
                entries[key] = .running
                return true
            }
            if claimed { break }
            if case .done(let result) = entries.withLock({ $0[key] }) { return try result.get() }
            Thread.sleep(forTimeInterval: 0.02)
        }
        slots.wait()
        let result = Result {
            let dataDir = try PipelineFixtures.wrapperDataDir()
            return try PipelineFixtures.run("/usr/bin/nice", ["-n", "10", "/usr/bin/apertium", "-u", "-d", dataDir, mode], input: input)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        slots.signal()
        entries.withLock { $0[key] = .done(result) }
        return try result.get()
    }

    /// What the worker threads of one batch share.
    private final class Batch: Sendable {
        let results: Mutex<[Result<String, any Error>?]>
        let next = Atomic<Int>(0)
        let running = Atomic<Int>(0)

        init(count: Int) {
            results = Mutex(Array(repeating: nil, count: count))
        }
    }
}
