/// What `apertium-tagger -d` writes to stderr, read into reports of a new ambiguity class, each
/// with the word that caused it.
///
/// A report reads (Debian's 3.8.3) `Error: A new ambiguity class was found. ⏎ Retraining the
/// tagger is necessary so as to take it into account. ⏎ Word 'apenas'. ⏎ New ambiguity class:
/// {ADV,CNJADV,VLEXPFCI}`, written a few bytes at a time, so a read may end inside one. Other
/// messages (a fine tag with no coarse tag) are skipped. A report whose word cannot be read, or
/// holds a byte that is syntax in the stream format (the input might show it escaped), has no
/// word: whoever settles it must assume the worst. A line from `TaggerReset`'s library settles
/// every report read before it.
struct TaggerReports {
    static let phrase = Array("new ambiguity class".utf8)
    private static let wordStart = Array("\nWord '".utf8)
    private static let wordEnd = Array("'.\n".utf8)
    /// What `TaggerReset`'s library writes after putting the tagger's open class back.
    private static let marker = TaggerReset.marker
    private static let longestNeedle = max(phrase.count, marker.count)
    /// A report's text is far shorter; past this the word is taken as missing.
    private static let maxReport = 4096

    /// Text read but not parsed yet.
    private var text: [UInt8] = []
    /// The words of reports read and not settled, oldest first; nil: the word is not known.
    private var words: [[UInt8]?] = []
    /// A report has begun whose word has not been read yet.
    private var open = false
    /// Markers read: times the tagger changed itself and was set back instead of replaced.
    private(set) var resets = 0

    /// Some report is neither settled nor forgotten.
    var hasUnsettled: Bool {
        !words.isEmpty || open
    }

    /// The oldest unsettled report's word; nil when it is not known (or none is unsettled).
    var firstWord: [UInt8]? {
        words.first ?? nil
    }

    /// All reports so far are settled: their tagger is gone.
    mutating func forget() {
        text.removeAll()
        words.removeAll()
        open = false
    }

    /// Adds bytes read from stderr and parses every report they complete.
    ///
    /// `TaggerReset`'s marker settles every report before it: the tagger has finished the text
    /// that changed it and put its open class back before reading the next.
    mutating func append(_ bytes: ArraySlice<UInt8>) {
        text += bytes
        while true {
            let marker = ChildPipeline.find(Self.marker, in: text, from: 0)
            if !open {
                let start = ChildPipeline.find(Self.phrase, in: text, from: 0)
                if let marker, start.map({ marker < $0 }) ?? true {
                    words.removeAll()
                    resets += 1
                    text.removeFirst(marker + Self.marker.count)
                    continue
                }
                guard let start else {
                    // Keep less than a whole phrase or marker, so one split across reads is still found.
                    text.removeFirst(max(0, text.count - (Self.longestNeedle - 1)))
                    return
                }
                text.removeFirst(start + Self.phrase.count)
                open = true
                continue
            }
            let next = ChildPipeline.find(Self.phrase, in: text, from: 0)
            let stop = [next, marker].compactMap { $0 }.min()
            if let start = ChildPipeline.find(Self.wordStart, in: text, from: 0), stop.map({ start < $0 }) ?? true,
               let end = ChildPipeline.find(Self.wordEnd, in: text, from: start + Self.wordStart.count) {
                let word = Array(text[(start + Self.wordStart.count)..<end])
                words.append(Self.isPlain(word) ? word : nil)
                text.removeFirst(end + Self.wordEnd.count)
                open = false
            } else if stop != nil || text.count > Self.maxReport {
                // Another report or a marker came first, or this one is too long: its word is not to be had.
                words.append(nil)
                open = false
            } else {
                return
            }
        }
    }

    /// Whether a segment of the tagger's input (lt-proc's output) has `word` as the surface
    /// form of a lexical unit: `^word/`.
    static func segment(_ segment: [UInt8], holds word: [UInt8]) -> Bool {
        ChildPipeline.find([UInt8(ascii: "^")] + word + [UInt8(ascii: "/")], in: segment, from: 0) != nil
    }

    /// Non-empty, and no byte that the stream format escapes or uses as syntax.
    private static func isPlain(_ word: [UInt8]) -> Bool {
        !word.isEmpty && !word.contains { Array(#"\[]^$@/<>{}*"#.utf8).contains($0) || $0 < 0x20 }
    }
}
