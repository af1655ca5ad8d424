/// A text as segments: text to translate, and spans kept exactly as written (markup, names,
/// glossary terms, a span marked not to translate).
///
/// The one shape every structured input takes before it reaches an engine: HTML after its
/// deformatter, a glossary's matches, an attributed string's `skipsTranslation` runs, a
/// route's place names. An Apertium leg gets the kept spans as superblanks, as Apertium's own
/// deformatters write them; a neural leg gets each text segment on its own and the spans stay
/// where they were (docs/decisions/structured-text.md). A translation is again a
/// `SpannedText`, with every kept span back byte for byte and in order.
public struct SpannedText: Sendable, Hashable {
    /// One segment.
    public enum Segment: Sendable, Hashable {
        /// Text the engines translate.
        case text(String)
        /// Kept as written, never given to an engine.
        case kept(String)
    }

    /// The segments, in order. Adjacent text segments are merged by `init(_:)`.
    public private(set) var segments: [Segment]

    /// `segments`, adjacent texts merged and empty segments dropped.
    public init(_ segments: [Segment]) {
        var merged: [Segment] = []
        for segment in segments {
            switch segment {
            case .text(let text):
                if text.isEmpty { continue }
                if case .text(let before)? = merged.last {
                    merged[merged.count - 1] = .text(before + text)
                } else {
                    merged.append(segment)
                }
            case .kept(let span):
                if !span.isEmpty { merged.append(segment) }
            }
        }
        self.segments = merged
    }

    /// A plain text: one text segment.
    public init(text: String) {
        self.init([.text(text)])
    }

    /// The whole text, kept spans in their places.
    public var string: String {
        segments.map { segment in
            switch segment {
            case .text(let text), .kept(let text): text
            }
        }.joined()
    }

    /// The kept spans, in order.
    public var keptSpans: [String] {
        segments.compactMap { if case .kept(let span) = $0 { span } else { nil } }
    }

    /// Whether any span is kept: without one, a text takes the plain path, byte for byte.
    public var hasKeptSpans: Bool {
        segments.contains { if case .kept = $0 { true } else { false } }
    }

    /// The text around and between the kept spans: one more than there are spans, empty where
    /// two spans touch (the shape Apertium's stream is written from).
    var textsBetweenSpans: [String] {
        var texts = [""]
        for segment in segments {
            switch segment {
            case .text(let text): texts[texts.count - 1] += text
            case .kept: texts.append("")
            }
        }
        return texts
    }

    /// The translatable text alone, spans as single spaces: what language detection reads.
    public var translatableText: String {
        segments.map { if case .text(let text) = $0 { text } else { " " } }.joined()
    }

    /// What a translation memory keys on: every segment with its kind and length, so two
    /// texts alike but for their spans never share a key (and no plain text has this form:
    /// the memory marks spanned keys apart).
    var memoryMaterial: String {
        segments.map { segment in
            switch segment {
            case .text(let text): "t\(text.utf8.count):\(text)"
            case .kept(let span): "k\(span.utf8.count):\(span)"
            }
        }.joined()
    }
}

extension SpannedText {
    /// The text `memoryMaterial` was made from, or nil for anything else (a remembered entry
    /// of another form is then a miss, never a wrong answer).
    init?(memoryMaterial material: String) {
        let bytes = Array(material.utf8)
        var segments: [Segment] = []
        var index = 0
        while index < bytes.count {
            let kind = bytes[index]
            guard kind == UInt8(ascii: "t") || kind == UInt8(ascii: "k"),
                  let colon = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: ":")),
                  let length = Int(String(decoding: bytes[(index + 1)..<colon], as: UTF8.self)),
                  length >= 0, colon + 1 + length <= bytes.count else { return nil }
            let content = String(decoding: bytes[(colon + 1)..<(colon + 1 + length)], as: UTF8.self)
            segments.append(kind == UInt8(ascii: "t") ? .text(content) : .kept(content))
            index = colon + 1 + length
        }
        self.init(segments)
    }
}
