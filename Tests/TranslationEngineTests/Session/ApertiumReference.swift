import Foundation
import Synchronization

/// What the `apertium` command prints for a text: a fresh `apertium -u -d DIR MODE` process per
/// text and mode, so no text ever meets state another text left in a stage (the tagger changes
/// its own tables). Each (text, modes) is computed once per test run, and up to
/// `processLimit` commands run at once on threads of their own.
///
/// One command spends most of its wall time with its stages waiting on one another (0.5 s wall
/// for 0.2 s of CPU, measured), so several at once finish sooner even on two cores.
enum ApertiumReference {
    /// Commands in flight at once, across every test of the run.
    static let processLimit = 8

    private static let slots = DispatchSemaphore(value: processLimit)
    private static let memo = Mutex<[String: String]>([:])

    /// The command's output for `text` through `modes`, piped one into the next (a chain).
    /// It blocks: call it only on a thread of its own.
    private static func translate(_ text: String, modes: [String]) throws -> String {
        var output = text
        for count in modes.indices {
            let key = modes[...count].joined(separator: "|") + "\u{0}" + text
            if let known = memo.withLock({ $0[key] }) {
                output = known
                continue
            }
            slots.wait()
            defer { slots.signal() }
            let dataDir = try PipelineFixtures.wrapperDataDir()
            output = try PipelineFixtures.run("/usr/bin/apertium", ["-u", "-d", dataDir, modes[count]], input: output)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let result = output
            memo.withLock { $0[key] = result }
        }
        return output
    }

    /// The command's output for each of `texts`, in order, computed on threads of their own (the
    /// command blocks in waitpid, which must not hold a thread of Swift's cooperative pool).
    static func translate(_ texts: [String], modes: [String]) async throws -> [String] {
        let batch = Batch(count: texts.count)
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            let workers = max(1, min(processLimit, texts.count))
            batch.running.store(workers, ordering: .relaxed)
            for _ in 0..<workers {
                Thread.detachNewThread {
                    while true {
                        let index = batch.next.add(1, ordering: .relaxed).oldValue
                        guard index < texts.count else { break }
                        let result = Result { try translate(texts[index], modes: modes) }
                        batch.results.withLock { $0[index] = result }
                    }
                    if batch.running.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { finished.resume() }
                }
            }
        }
        return try batch.results.withLock { $0 }.map { try $0!.get() }
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
