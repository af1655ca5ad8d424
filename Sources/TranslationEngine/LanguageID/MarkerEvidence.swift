import Foundation

/// The words of a text, lowercase, as UTF-8: one buffer and each word's range in it.
struct WordList: Sendable {
    var bytes: [UInt8] = []
    var ranges: [Range<Int>] = []
    /// Whether every word is in normalization form C already; if not, each is composed before
    /// it is looked up among the marker words (which are compared as canonically equivalent).
    var isComposed = true

    var count: Int { ranges.count }

    /// The words of the slow path, copied into one buffer.
    init(_ words: [Substring]) {
        isComposed = false
        for word in words {
            let start = bytes.count
            bytes.append(contentsOf: word.utf8)
            ranges.append(start..<bytes.count)
        }
    }

    init(bytes: [UInt8], ranges: [Range<Int>]) {
        self.bytes = bytes
        self.ranges = ranges
    }
}

/// Each close language's marker score over one text's words (see `CloseLanguages.score`),
/// worked out for all of them in one pass: a word is looked up once among all marker words,
/// and its spellings are matched once against all languages' letters.
struct MarkerEvidence: Sendable {
    private var points: [Double]
    let wordCount: Int

    init(_ words: WordList) {
        points = MarkerIndex.shared.points(of: words)
        wordCount = words.count
    }

    /// Marker points of `tag` per word: 0 for a language without markers, or no words.
    func score(_ tag: String) -> Double {
        score(at: MarkerIndex.shared.position[tag])
    }

    /// The same by the language's place in `MarkerIndex.languages` (nil: no markers).
    func score(at position: Int?) -> Double {
        guard wordCount > 0, let position else { return 0 }
        return points[position] / Double(wordCount)
    }
}

/// `CloseLanguages.markers` and `.spellings` as byte tables: each language a bit of a mask.
struct MarkerIndex: Sendable {
    static let shared = MarkerIndex()

    let languages: [String]
    let position: [String: Int]
    /// Open addressing on FNV-1a, one 16-byte slot per word, so that looking a word up reads
    /// one cache line: CLD2's own tables push this one out of the cache between lines, and
    /// reading a slot, then an entry, then its bytes, then its mask cost a miss each.
    private var slots: [Slot]
    /// The bytes of marker words longer than a slot holds, end to end.
    private var longKeyBytes: [UInt8] = []

    private struct Slot {
        /// 0 for an empty slot; else 24 bits of the word's hash above its length in bytes.
        var check: UInt32 = 0
        /// The word's languages.
        var mask: UInt32 = 0
        /// A word of up to 8 bytes: its bytes, little-endian, zero-padded. A longer word: its
        /// start in `longKeyBytes`.
        var key: UInt64 = 0
    }

    /// Spelling patterns end to end, sorted (so grouped by first byte): where each starts (one
    /// more entry: the end), its languages, and the first pattern of each first byte (257
    /// entries: the patterns starting with byte b are firstPattern[b]..<firstPattern[b + 1]).
    /// (Bytes, not Ints: the tables stay a few cache lines.)
    private var patternBytes: [UInt8] = []
    private var patternStarts: [UInt8] = [0]
    private var patternMasks: [UInt32] = []
    private var firstPattern = [UInt8](repeating: 0, count: 257)
    /// A filter before those patterns are compared, read for every byte of a word without a
    /// branch (common letters such as l, n, c and t start some patterns, and branching on them
    /// was mispredicted on every other byte): the languages of one-byte patterns by their byte,
    /// and one bit for each pair of bytes that starts a longer pattern (256 x 256 bits, 8 KB, of
    /// which a text's letters touch a few rows).
    private var singleByteMasks = [UInt32](repeating: 0, count: 256)
    private var pairStarts = [UInt64](repeating: 0, count: 256 * 256 / 64)

    private init() {
        languages = Set(CloseLanguages.markers.keys).union(CloseLanguages.spellings.keys).sorted()
        precondition(languages.count <= 32, "a mask holds 32 languages")
        position = Dictionary(uniqueKeysWithValues: languages.enumerated().map { ($1, $0) })
        var maskOfWord: [[UInt8]: UInt32] = [:]
        for (tag, words) in CloseLanguages.markers {
            for word in words {
                maskOfWord[Array(word.precomposedStringWithCanonicalMapping.utf8), default: 0] |= 1 << position[tag]!
            }
        }
        var capacity = 16
        while capacity < maskOfWord.count * 2 { capacity *= 2 }
        slots = Array(repeating: Slot(), count: capacity)
        for (word, mask) in maskOfWord.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            precondition(!word.isEmpty && word.count < 1 << 8, "marker words have 1 to 255 bytes")
            let hash = Self.hash(word)
            var slot = hash & (capacity - 1)
            while slots[slot].check != 0 { slot = (slot + 1) & (capacity - 1) }
            var key: UInt64
            if word.count <= 8 {
                key = word.withUnsafeBufferPointer(Self.packed)
            } else {
                key = UInt64(longKeyBytes.count)
                longKeyBytes.append(contentsOf: word)
            }
            slots[slot] = Slot(check: Self.check(hash, count: word.count), mask: mask, key: key)
        }
        // Spellings are matched scalar for scalar as written (not composed), so byte for byte.
        var maskOfPattern: [[UInt8]: UInt32] = [:]
        for (tag, runs) in CloseLanguages.spellings {
            for run in runs { maskOfPattern[Array(run.utf8), default: 0] |= 1 << position[tag]! }
        }
        var patternsOfByte = [Int](repeating: 0, count: 256)
        for (run, mask) in maskOfPattern.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) where !run.isEmpty {
            patternBytes.append(contentsOf: run)
            precondition(patternBytes.count < 256, "spelling patterns fit the table's 8-bit fields")
            patternStarts.append(UInt8(patternBytes.count))
            patternMasks.append(mask)
            patternsOfByte[Int(run[0])] += 1
            if run.count == 1 {
                singleByteMasks[Int(run[0])] |= mask
            } else {
                let pair = Int(run[0]) << 8 | Int(run[1])
                pairStarts[pair >> 6] |= 1 << UInt64(pair & 63)
            }
        }
        for byte in 0..<256 { firstPattern[byte + 1] = firstPattern[byte] + UInt8(patternsOfByte[byte]) }
    }

    /// A slot's `check` for a word: 24 bits of its hash that picking the slot does not use (the
    /// table has far fewer than 2^39 slots) above its length, never 0.
    @inline(__always)
    private static func check(_ hash: Int, count: Int) -> UInt32 {
        (UInt32(truncatingIfNeeded: hash >> 39) & 0xFF_FFFF) << 8 | UInt32(count)
    }

    /// Up to 8 bytes as one number, little-endian, zero-padded.
    @inline(__always)
    private static func packed(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var key: UInt64 = 0
        for index in 0..<bytes.count { key |= UInt64(bytes[index]) << (8 * UInt64(index)) }
        return key
    }

    private static func hash<C: Collection>(_ bytes: C) -> Int where C.Element == UInt8 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: hash >> 1)
    }

    /// Each language's points over the words (see `MarkerEvidence`): a marker word is a point,
    /// a spelling only one language of a group uses half a point. One lookup table pass per
    /// text, with the tables opened once, not once a word: most of `detect`'s lines need it.
    func points(of words: WordList) -> [Double] {
        [Double](unsafeUninitializedCapacity: languages.count) { points, written in
            points.initialize(repeating: 0)
            written = points.count
            words.bytes.withUnsafeBufferPointer { buffer in
                withUnsafeTemporaryAllocation(of: (hash: Int, firstCheck: UInt32).self, capacity: words.count) { looked in
                    // First every word's hash and its slot's check: the reads depend on no other,
                    // so their cache misses overlap instead of coming one at a time. An empty
                    // first slot (check 0) already says the word is no marker word.
                    if words.isComposed {
                        slots.withUnsafeBufferPointer { slots in
                            for (index, range) in words.ranges.enumerated() {
                                let hash = Self.hash(UnsafeBufferPointer(rebasing: buffer[range]))
                                looked[index] = (hash, slots[hash & (slots.count - 1)].check)
                            }
                        }
                    }
                    for (index, range) in words.ranges.enumerated() {
                        let word = UnsafeBufferPointer(rebasing: buffer[range])
                        let markers: UInt32
                        if !words.isComposed {
                            markers = self.markers(ofUncomposed: word)
                        } else if looked[index].firstCheck == 0 {
                            markers = 0
                        } else {
                            markers = self.markers(of: word, hash: looked[index].hash)
                        }
                        var bits = markers
                        while bits != 0 {
                            points[bits.trailingZeroBitCount] += 1
                            bits &= bits - 1
                        }
                        bits = spellings(in: word) & ~markers
                        while bits != 0 {
                            points[bits.trailingZeroBitCount] += 0.5
                            bits &= bits - 1
                        }
                    }
                }
            }
        }
    }

    /// Whether `count` bytes at `a` and at `b` are the same (marker words and spellings are a
    /// few bytes: a loop beats a call to memcmp).
    @inline(__always)
    private static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Bool {
        for offset in 0..<count where a[offset] != b[offset] { return false }
        return true
    }

    /// The languages that have this (composed) word among their marker words.
    func markers(of word: UnsafeBufferPointer<UInt8>) -> UInt32 {
        markers(of: word, hash: Self.hash(word))
    }

    /// The same, given the word's hash.
    private func markers(of word: UnsafeBufferPointer<UInt8>, hash: Int) -> UInt32 {
        // No marker word is empty or longer than 255 bytes.
        guard let base = word.baseAddress, !word.isEmpty, word.count < 1 << 8 else { return 0 }
        let check = Self.check(hash, count: word.count)
        let key = word.count <= 8 ? Self.packed(word) : 0
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = hash & mask
            while slots[slot].check != 0 {
                if slots[slot].check == check {
                    if word.count <= 8 {
                        if slots[slot].key == key { return slots[slot].mask }
                    } else if longKeyBytes.withUnsafeBufferPointer({ Self.same($0.baseAddress! + Int(slots[slot].key), base, count: word.count) }) {
                        return slots[slot].mask
                    }
                }
                slot = (slot + 1) & mask
            }
            return 0
        }
    }

    /// The same for a word that may not be composed (the slow path's words).
    func markers(ofUncomposed word: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let composed = Array(String(decoding: word, as: UTF8.self).precomposedStringWithCanonicalMapping.utf8)
        return composed.withUnsafeBufferPointer { markers(of: $0) }
    }

    /// The languages one of whose distinctive spellings occurs in the word.
    @inline(__always)
    func spellings(in word: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard let base = word.baseAddress else { return 0 }
        var found: UInt32 = 0
        singleByteMasks.withUnsafeBufferPointer { singleByteMasks in
            pairStarts.withUnsafeBufferPointer { pairStarts in
                for start in 0..<word.count {
                    let first = Int(base[start])
                    found |= singleByteMasks[first]
                    // After the last byte, 0: no pattern holds a NUL.
                    let second = start + 1 < word.count ? Int(base[start + 1]) : 0
                    let pair = first << 8 | second
                    if pairStarts[pair >> 6] & (1 << UInt64(pair & 63)) != 0 {
                        found |= longerSpellings(in: word, at: start)
                    }
                }
            }
        }
        return found
    }

    /// The languages of the patterns of two bytes or more that occur in the word at `start`.
    private func longerSpellings(in word: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32 {
        var found: UInt32 = 0
        let first = Int(word[start])
        patternStarts.withUnsafeBufferPointer { starts in
            patternBytes.withUnsafeBufferPointer { bytes in
                for pattern in Int(firstPattern[first])..<Int(firstPattern[first + 1]) {
                    let length = Int(starts[pattern + 1]) - Int(starts[pattern])
                    if length > 1, start + length <= word.count,
                       Self.same(bytes.baseAddress! + Int(starts[pattern]), word.baseAddress! + start, count: length) {
                        found |= patternMasks[pattern]
                    }
                }
            }
        }
        return found
    }
}
