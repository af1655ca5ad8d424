import Foundation

/// Detects and remembers the language of reviews, so each review is analysed once.
///
/// The cache key is a review's id together with its text: a review whose text
/// changed is detected again, and reviews that share an id but not a text (say in
/// different routes) do not evict each other.
public actor ReviewLanguageIndex {
    /// Identity of one detection.
    private struct Key: Hashable, Sendable {
        let id: String
        let text: String

        init(_ review: Review) {
            id = review.id
            text = review.text
        }
    }

    private let detector: any LanguageDetecting
    /// How many chunks are detected at once.
    private let parallelism: Int
    private var tags: [Key: String] = [:]
    /// Latest tag per id, for `cached(_:)`.
    private var tagByID: [String: String] = [:]
    /// Keys a running `detectAll` call has taken on; other callers wait for them instead of detecting again.
    private var inFlight: Set<Key> = []
    private var waiters: [Key: [CheckedContinuation<String, Never>]] = [:]

    /// Creates an empty index that asks `detector` about reviews it has not seen, on at most
    /// `parallelism` threads at once (default: one per processor; an app leaves one to its loop).
    public init(detector: some LanguageDetecting, parallelism: Int? = nil) {
        self.detector = detector
        self.parallelism = max(1, parallelism ?? ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The language of `review`, detected now on this actor unless it is cached.
    ///
    /// Being synchronous, this cannot wait for a `detectAll` call that is already
    /// working on the same review, so in that one case the review is detected twice.
    public func language(of review: Review) -> String {
        languageNow(of: Key(review))
    }

    /// The languages of `reviews` as review id → tag, detecting uncached ones in parallel.
    ///
    /// Uncached reviews are split into chunks that run in a task group off this
    /// actor. A review that another `detectAll` call is already detecting is awaited
    /// rather than detected again, so concurrent calls detect each review once.
    /// Detection that has started runs to completion even if the caller is
    /// cancelled, because other callers may be waiting for it. When ids repeat in
    /// `reviews` with different texts, the result holds one of their tags.
    public func detectAll(_ reviews: [Review]) async -> [String: String] {
        var result: [String: String] = [:]
        result.reserveCapacity(reviews.count)
        var fresh: [Key] = []
        var awaited: [Key] = []
        var claimed: Set<Key> = []
        for review in reviews {
            let key = Key(review)
            if let tag = tags[key] {
                result[key.id] = tag
            } else if inFlight.contains(key) {
                awaited.append(key)
            } else if claimed.insert(key).inserted {
                fresh.append(key)
            }
        }
        // Claimed before the first suspension, so callers arriving meanwhile wait for these.
        inFlight.formUnion(fresh)

        if !fresh.isEmpty {
            let detector = detector
            await withTaskGroup(of: [(Key, String)].self) { group in
                var waiting = chunks(of: fresh)[...]
                // At most `parallelism` chunks at once: the next starts as one ends.
                for _ in 0..<parallelism {
                    guard let chunk = waiting.popFirst() else { break }
                    group.addTask { await Self.detect(chunk, with: detector) }
                }
                // Results are stored chunk by chunk, so waiters resume as early as possible.
                for await detections in group {
                    if let chunk = waiting.popFirst() {
                        group.addTask { await Self.detect(chunk, with: detector) }
                    }
                    for (key, tag) in detections {
                        finish(key, tag: tag)
                        result[key.id] = tag
                    }
                }
            }
        }

        for key in awaited {
            result[key.id] = await waitForDetection(of: key)
        }
        return result
    }

    /// The most recently detected tag for the review with `id`, if any.
    public func cached(_ id: String) -> String? {
        tagByID[id]
    }

    private func languageNow(of key: Key) -> String {
        if let tag = tags[key] {
            return tag
        }
        let tag = detector.detectLanguage(of: key.text)
        tags[key] = tag
        tagByID[key.id] = tag
        return tag
    }

    private func finish(_ key: Key, tag: String) {
        tags[key] = tag
        tagByID[key.id] = tag
        inFlight.remove(key)
        for waiter in waiters.removeValue(forKey: key) ?? [] {
            waiter.resume(returning: tag)
        }
    }

    private func waitForDetection(of key: Key) async -> String {
        await withCheckedContinuation { continuation in
            // Re-checked here because the detection may have finished while this caller was suspended.
            if inFlight.contains(key) {
                waiters[key, default: []].append(continuation)
            } else {
                continuation.resume(returning: languageNow(of: key))
            }
        }
    }

    /// Runs on the concurrent executor, never on this actor or the main actor, so slow detectors run in parallel.
    @concurrent
    private static func detect(_ keys: [Key], with detector: any LanguageDetecting) async -> [(Key, String)] {
        keys.map { ($0, detector.detectLanguage(of: $0.text)) }
    }

    /// Splits `keys` into a few chunks per processor: enough to balance uneven texts, few enough to keep task overhead small.
    private func chunks(of keys: [Key]) -> [[Key]] {
        let chunkSize = max(16, (keys.count + parallelism * 4 - 1) / (parallelism * 4))
        return stride(from: 0, to: keys.count, by: chunkSize).map { start in
            Array(keys[start..<min(start + chunkSize, keys.count)])
        }
    }
}
