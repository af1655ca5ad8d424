import Foundation
import Testing
@testable import TranslationEngine

/// The one-pass reading of a text (`ScalarFacts`' table) gives what the general reading
/// (Unicode's properties, words split by characters) gives, and the marker evidence built on it
/// gives the scores the word lists give.
@Suite(.timeLimit(.minutes(5))) struct TextStatsTests {
    static func words(_ stats: TextStats) -> [String] {
        stats.words.ranges.map { String(decoding: stats.words.bytes[$0], as: UTF8.self) }
    }

    static func expectSame(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let fast = TextStats(text)
        let general = TextStats(general: text)
        #expect(fast.letters == general.letters, "\(text.debugDescription)", sourceLocation: sourceLocation)
        let scripts = (fast.kana - general.kana, fast.hangul - general.hangul, fast.han - general.han)
        #expect(scripts == (0, 0, 0), "\(text.debugDescription)", sourceLocation: sourceLocation)
        #expect(words(fast) == words(general), "\(text.debugDescription)", sourceLocation: sourceLocation)
        for tag in MarkerIndex.shared.languages {
            #expect(MarkerEvidence(fast.words).score(tag) == MarkerEvidence(general.words).score(tag),
                    "\(tag): \(text.debugDescription)", sourceLocation: sourceLocation)
        }
    }

    /// The short fixtures' texts and the sample reviews.
    static func fixtureTexts() throws -> [String] {
        var texts = try ["short-snippets.json", "short-reviews-heldout.json", "short-reviews-later.json"]
            .flatMap { try SecondOpinionTests.labelled($0).map(\.text) }
        let routes = try Data(contentsOf: LanguageRecognizerTests.root.appendingPathComponent("sample-data/routes.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: routes) as? [String: Any])
        for route in object["routes"] as? [[String: Any]] ?? [] {
            texts += (route["reviews"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        }
        return texts
    }

    @Test func fixtureTextsReadTheSameBothWays() throws {
        let texts = try Self.fixtureTexts()
        #expect(texts.count > 400)
        for text in texts { Self.expectSame(text) }
    }

    @Test func edgeCasesReadTheSameBothWays() {
        let texts = [
            "", "   ", "L'AIGUA ÉS MOLT FREDA", "D’ALT, l·l i col·lecció", "Ölüdeniz İstanbul ΟΔΟΣ ΣΟΦΊΑ",
            "cafe\u{301} très bien", "a\u{FE0F}b muy\u{FE0F} 🏔️ ⛰ 👍🏽 👨‍👩‍👧 🇪🇸🇫🇷", "\u{FE0F}inicio", "\n\u{FE0F}x",
            "line\r\nnext\rthird", "日本語のテキスト、とても良い！ｶﾀｶﾅ ｶﾞ", "한국어 문장입니다", "ǅemal ǈubljana Ǌive",
            "ﬁne ﬂow ß ẞ", "Ⅻ ⅻ ℓ ™ ℹ", "x\u{200D}y", "\u{0387}ano·teleia", "Привет, как дела? Ѐ ѝ", "€12 °C ½ ¿Qué? ¡Sí!",
        ]
        for text in texts { Self.expectSame(text) }
    }

    @Test func everyTabledScalarReadsAsItselfAlone() {
        // Each scalar of the table, between letters and alone, against the general reading.
        for value in UInt32(0)...0x1FAFF {
            guard ScalarFacts.of(value) != nil, let scalar = Unicode.Scalar(value), !ScalarFacts.han.contains(value) else { continue }
            let alone = String(scalar)
            for text in [alone, "ab" + alone + "cd", alone + "x" + alone, "é" + alone + alone] where TextStats(text).letters != TextStats(general: text).letters || Self.words(TextStats(text)) != Self.words(TextStats(general: text)) {
                Issue.record("U+\(String(value, radix: 16, uppercase: true)) in \(text.debugDescription)")
            }
        }
    }

    @Test func everyTabledScalarIsOneCLD2sCheckAccepts() {
        // A text read in one pass skips CLD2's own interchange check: no tabled scalar may be one
        // the check refuses (the Han rule's block included).
        for value in UInt32(0)...0x1FAFF {
            guard ScalarFacts.of(value) != nil, let scalar = Unicode.Scalar(value), !ScalarFacts.cld2Accepts(scalar) else { continue }
            Issue.record("U+\(String(value, radix: 16, uppercase: true)) is tabled but CLD2 refuses it")
        }
        // What CLD2 refuses is read the general way, and CLD2 checks such a text itself.
        // (Noncharacters are built at run time: the compiler refuses them in a literal.)
        let nonCharacters = [0xFDD0, 0xFFFE, 0x10FFFF].map { String(Unicode.Scalar(UInt32($0))!) }
        for text in ["bell\u{7}x", "nul\u{0}x", "del\u{7F}x", "next line\u{85}x"] + nonCharacters.map({ "x" + $0 + "y" }) {
            #expect(CLD2Probe.interchangeValidPrefix(text) < text.utf8.count, "\(text.debugDescription)")
            #expect(!TextStats(text).isInterchangeValid, "\(text.debugDescription)")
            Self.expectSame(text)
        }
    }

    @Test func textsReadInOnePassAreOnesCLD2AcceptsAndGetTheSameAnswerUnchecked() throws {
        var texts = try Self.fixtureTexts()
        texts += ["tab\tbetween, and a line\r\nend", "€12 °C ½ ¿Qué? ¡Sí!", "日本語のテキスト、とても良い！ｶﾀｶﾅ ｶﾞ", "👍🏽 muy bien 🏔️"]
        var unchecked = 0
        for text in texts where TextStats(text).isInterchangeValid {
            unchecked += 1
            #expect(CLD2Probe.interchangeValidPrefix(text) == text.utf8.count, "\(text.debugDescription)")
            for bestEffort in [false, true] {
                #expect(CLD2Probe.detect(text, bestEffort: bestEffort, knownInterchangeValid: true)
                        == CLD2Probe.detect(text, bestEffort: bestEffort), "\(text.debugDescription)")
            }
        }
        // Nearly every review is read in one pass, so nearly every one skips the second check.
        #expect(unchecked > texts.count * 9 / 10)
    }

    @Test func hanRuleHoldsForEveryScalarOfTheBlock() {
        for value in ScalarFacts.han {
            let scalar = Unicode.Scalar(value)!
            #expect(ScalarFacts.workedOut(scalar)?.lower == value, "U+\(String(value, radix: 16))")
            #expect(ScalarFacts.workedOut(scalar)?.isAlphabetic == true && ScalarFacts.workedOut(scalar)?.isWordCharacter == true)
        }
    }

    @Test func tiedChallengersFollowCLD2sOrderThenTheTag() {
        // gl and pt score the same here (one marker word each, es none); CLD2 named pt after es.
        let stats = TextStats("não xente bbbb cccc")
        let hypotheses = [LanguageHypothesis(tag: "es", probability: 0.9), LanguageHypothesis(tag: "pt", probability: 0.1)]
        let evidence = MarkerEvidence(stats.words)
        #expect(evidence.score("gl") == evidence.score("pt"))
        let reranked = CloseLanguages.rerank(hypotheses, words: stats.words) { evidence }
        #expect(reranked.first?.tag == "pt")
    }
}
