import TestSupport
import Testing
@testable import TranslationEngine

@Suite("TextSegments and unknown-word marks", .tags(.fast))
struct TextSegmentsTests {
    static let small = TextLimits(maxPieceBytes: 40, maxTokenCharacters: 10, piecesInFlight: 2)

    static func joined(_ segments: [TextSegments.Segment]) -> String {
        segments.map { segment in
            switch segment {
            case .translate(let text), .keep(let text), .untranslatable(let text): text
            }
        }.joined()
    }
}

extension TextSegmentsTests {
    @Test func aShortTextIsOnePieceUnchanged() {
        #expect(TextSegments.split("  Hola, mundo. ", limits: .standard) == [.translate("  Hola, mundo. ")])
    }

    @Test func longTextsAreCutAtParagraphsThenSentencesAndKeepEveryCharacter() {
        let text = "Uno dos tres. Cuatro cinco seis siete.\n\nOcho nueve diez once doce trece catorce quince"
        let segments = TextSegments.split(text, limits: Self.small)
        #expect(Self.joined(segments) == text)
        #expect(segments.contains(.keep("\n\n")))
        for case .translate(let piece) in segments {
            #expect(piece.utf8.count <= 40 && piece.first?.isWhitespace == false && piece.last?.isWhitespace == false, "\(piece)")
        }
    }

    @Test func hugeTokensAreKeptUntranslated() {
        let segments = TextSegments.split("Un token abcdefghijklmnop aquí.", limits: Self.small)
        #expect(segments == [.translate("Un token"), .keep(" "), .untranslatable("abcdefghijklmnop"), .keep(" "), .translate("aquí.")])
    }

    @Test func marksAreTakenOutAndTheUsersOwnSymbolsComeBack() {
        let protected = UnknownWords.protect("Un *gran* día #monte @ana \u{E02A}")
        #expect(!protected.contains("*") && !protected.contains("#") && !protected.contains("@"))
        let output = UnknownWords.extract(from: "A " + protected.replacingOccurrences(of: "día", with: "*Qzx") + " #Pico", marked: true)
        #expect(output.text == "A Un *gran* Qzx #monte @ana \u{FFFD} Pico")
        #expect(output.unknownWords == ["Qzx", "Pico"])
        // Which mark each had: `*` is the default, `#` (could not inflect) is kept (APy shows it).
        #expect(output.marks == ["Pico": "#"])
    }

    @Test func theTapFindsMarksPerRequest() {
        var tap = MarkTap()
        let stream = Array("~La *travessia del *Qx.[][123]".utf8) + [0] + Array("El \\[7] río.[][124]".utf8) + [0]
        let (output, finished) = stream.withUnsafeBufferPointer { tap.feed($0) }
        #expect(String(decoding: output, as: UTF8.self) == String(decoding: stream, as: UTF8.self).replacingOccurrences(of: "*", with: ""))
        #expect(finished == [["travessia", "Qx"], []])

        var marked = MarkTap()
        let generated = Array("el sol #paste de *Qx.[][125]".utf8) + [0]
        let (_, words) = generated.withUnsafeBufferPointer { marked.feed($0) }
        #expect(words == [["#paste", "Qx"]])
        let collected = UnknownWords.Collector(markedWords: words[0])
        #expect(collected.words == ["paste", "Qx"] && collected.marks == ["paste": "#"])
    }

    /// The tap reads a pipe: wherever a read ends (inside a word, a mark, a terminator, at a NUL),
    /// the bytes passed on and the words found are those of the stream read at once.
    @Test func theTapGivesTheSameWhereverItsReadsEnd() {
        let stream = Array("~La *travessia del *Qx.[][123]".utf8) + [0] + Array("sin marcas, «ya» \\[7].[][124]".utf8) + [0]
            + Array("el sol #paste de @río [a] *Qx.[][125]".utf8) + [0] + Array("a medias *pal".utf8)
        var whole = MarkTap()
        let (expected, expectedWords) = stream.withUnsafeBufferPointer { whole.feed($0) }
        #expect(expectedWords == [["travessia", "Qx"], [], ["#paste", "@río", "Qx"]])
        for first in 0...stream.count {
            for second in first...min(stream.count, first + 40) {
                var tap = MarkTap()
                var output: [UInt8] = []
                var words: [[String]] = []
                for piece in [stream[..<first], stream[first..<second], stream[second...]] {
                    let (bytes, finished) = Array(piece).withUnsafeBufferPointer { tap.feed($0) }
                    output += bytes
                    words += finished
                }
                #expect(output == expected && words == expectedWords, "reads ending at \(first) and \(second)")
            }
        }
    }
}
