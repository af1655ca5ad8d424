import ReviewModel
import Synchronization

/// The route screen's blocks as they were laid out, each with the inputs it was laid out from:
/// the app's one layout cache.
///
/// Owned by the runner, outside the state, and passed to the app's `reduce` and
/// `AppView.render`, which hand it on to every step that measures: the reducer lays blocks out
/// as it scrolls and, after every action, those on screen, and the renderer takes the blocks on
/// screen from here again, by the same lookups, so each is a memo hit (the screen's lines are not
/// kept a second time). A kept block is used only while its inputs are unchanged, so nothing
/// has to remember to invalidate it, and the state's equality means "the same screen" whatever
/// has been laid out so far. A state changed by hand is rendered correctly with any cache: what
/// changed has other inputs and is laid out then.
final class LaidOutBlocks: Sendable {
    /// A block on a route: a review (its index in the route's reviews), or the header (nil).
    struct Key: Hashable, Sendable {
        var route: Int
        var review: Int?
    }

    /// Everything a block's lines are made from besides the route itself.
    enum Inputs: Equatable, Sendable {
        case header(width: Int, shown: Int, query: ReviewQuery)
        /// A review with its language tag and the translation shown under it (nil when hidden).
        case review(width: Int, tag: String?, translation: ReviewTranslation?)
    }

    private struct Entry: Sendable {
        var inputs: Inputs
        var lines: [StyledLine]
    }

    private let entries = Mutex<[Key: Entry]>([:])
    /// Where the blocks laid out for this cache are counted, while a test asks (`counting`).
    private let counter = Mutex<Counter?>(nil)

    init() {}

    /// The lines of `block` of `layout`: those kept when the block's inputs are unchanged, else
    /// laid out now and kept, in one step. The one place a block is laid out (counted when a
    /// test counts): the reducer measures, and the viewport takes its lines, through here.
    func lines(ofBlock block: Int, of layout: RouteDetailLayout) -> [StyledLine] {
        let key = layout.key(ofBlock: block), inputs = layout.inputs(ofBlock: block)
        let kept = entries.withLock { entries -> [StyledLine]? in
            guard let entry = entries[key], entry.inputs == inputs else { return nil }
            return entry.lines
        }
        if let kept { return kept }
        counter.withLock { $0?.record(key) }
        // Laid out outside the lock: a block's text is the slow part.
        let lines = layout.lines(ofBlock: block, from: inputs)
        entries.withLock { $0[key] = Entry(inputs: inputs, lines: lines) }
        return lines
    }

    /// Forgets every block (a route screen opened or left: its blocks are not drawn again).
    func removeAll() {
        entries.withLock { $0.removeAll() }
    }

    /// Runs `body` counting in `counter` every block laid out for this cache (tests).
    func counting<Result>(in counter: Counter, _ body: () throws -> Result) rethrows -> Result {
        self.counter.withLock { $0 = counter }
        defer { self.counter.withLock { $0 = nil } }
        return try body()
    }

    /// How many times each block was laid out, for tests (see `counting`).
    final class Counter: Sendable {
        private let counts = Mutex<[Key: Int]>([:])

        func record(_ key: Key) {
            counts.withLock { $0[key, default: 0] += 1 }
        }

        /// Layouts of the review at `review` in route `route` (nil: the header).
        func count(route: Int, review: Int?) -> Int {
            counts.withLock { $0[Key(route: route, review: review)] ?? 0 }
        }

        var total: Int { counts.withLock { $0.values.reduce(0, +) } }
    }
}
