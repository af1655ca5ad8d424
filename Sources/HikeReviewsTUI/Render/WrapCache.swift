import Synchronization

/// Remembers wrapped text by (text, width), since scrolling lays out the same reviews again and again.
///
/// `wrap` is a pure function, so the cache changes no result, only how often the work is done.
/// It is bounded: when full it starts over, which is cheap and keeps memory flat.
final class WrapCache: Sendable {
    static let shared = WrapCache(capacity: 8192)

    private struct Key: Hashable {
        var text: String
        var width: Int
    }

    private let capacity: Int
    private let entries = Mutex<[Key: [String]]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    func lines(of text: String, width: Int) -> [String]? {
        entries.withLock { $0[Key(text: text, width: width)] }
    }

    func store(_ lines: [String], of text: String, width: Int) {
        entries.withLock { entries in
            if entries.count >= capacity {
                entries.removeAll(keepingCapacity: true)
            }
            entries[Key(text: text, width: width)] = lines
        }
    }
}
