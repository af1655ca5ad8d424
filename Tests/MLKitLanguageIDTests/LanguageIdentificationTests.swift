import Foundation
import MLKitTranslate
import TestSupport
import Testing
import TranslationEngine
@testable import MLKitLanguageID

/// ML Kit's Language Identification as Google's iOS guide and Swift reference describe it, each
/// test quoting the sentence it checks, over the real recognizer.
extension MLKitLanguageIDTests {
    static let languageId = LanguageIdentification.languageIdentification()

    @Test func aReviewsLanguageComesBackAsTheBCP47TagTranslateLanguageReads() async throws {
        // Guide: "If the call succeeds, a BCP-47 language code is passed to the completion
        // handler, indicating the language of the text."
        let expected: [(String, String, TranslateLanguage)] = [
            (LanguageIDFixtures.german, "de", .german),
            (LanguageIDFixtures.norwegian, "no", .norwegian),
            (LanguageIDFixtures.tagalog, "fil", .tagalog),
            (LanguageIDFixtures.chinese, "zh", .chinese),
            (LanguageIDFixtures.english, "en", .english),
        ]
        for (text, tag, language) in expected {
            let identified = try await Self.languageId.identifyLanguage(for: text)
            #expect(identified == tag, "\(text)")
            // The Translate guide sends readers here for the source language: the tag must be one
            // its TranslateLanguage reads as the language.
            #expect(TranslateLanguage.fromLanguageTag(identified) == language, "\(identified)")
        }
    }

    @Test(arguments: ["", "   ", "xqzv plmk trwq", "1234 5678 90", "🏔️🥾⛺️🌲😀", "ok", "!!! ??? ..."])
    func textNobodyCanIdentifyIsUndetermined(text: String) async throws {
        // Guide: "If no language could be confidently detected, the code und (undetermined) is passed."
        #expect(try await Self.languageId.identifyLanguage(for: text) == IdentifiedLanguage.undetermined)
        #expect(IdentifiedLanguage.undetermined == "und")
        // Guide: "If no language meets this threshold, the list will have one item, with the value und."
        let possible = try await Self.languageId.identifyPossibleLanguages(for: text)
        #expect(possible.map(\.languageTag) == ["und"])
        #expect(possible.first?.confidence == 1, "the undetermined language comes with confidence 1")
    }

    @Test func theDefaultThresholdsAreHalfForTheMainLanguageAndAHundredthForPossibleOnes() async throws {
        // Guide: "By default, ML Kit returns a non-und value only when it identifies the language
        // with a confidence value of at least 0.5." and "By default, ML Kit returns only
        // languages with confidence values of at least 0.01."
        #expect(DefaultIdentifyLanguageConfidenceThreshold == 0.5)
        #expect(DefaultIdentifyPossibleLanguagesConfidenceThreshold == 0.01)
        let explicit = LanguageIdentification.languageIdentification(options: LanguageIdentificationOptions(confidenceThreshold: 0.5))
        let possible = LanguageIdentification.languageIdentification(options: LanguageIdentificationOptions(confidenceThreshold: 0.01))
        for text in [LanguageIDFixtures.german, LanguageIDFixtures.norwegian, Self.mixed] {
            #expect(try await Self.languageId.identifyLanguage(for: text) == explicit.identifyLanguage(for: text))
            #expect(try await Self.languageId.identifyPossibleLanguages(for: text) == possible.identifyPossibleLanguages(for: text))
        }
    }

    /// Half German, half English: CLD2 gives German 0.53 of it and English 0.46.
    static let mixed = "Der Weg zur Hütte war sehr steil und lang, und wir mussten oft eine Pause machen. "
        + "The view from the top over the whole valley was great and we stayed there for an hour."
    /// CLD2's verdict is German (0.43), though English has more of it (0.56).
    static let leaningEnglish = "Wir sind früh am Morgen aufgebrochen und haben die Hütte am Mittag erreicht, das Wetter war schön. "
        + "We started early in the morning and reached the hut at noon, the weather was fine."

    @Test func possibleLanguagesComeMostLikelyFirstWithTheMainLanguageAtTheirHead() async throws {
        // Guide: "From each object, you can get the language's BCP-47 code and the confidence
        // that the string is in that language."
        let possible = try await Self.languageId.identifyPossibleLanguages(for: Self.mixed)
        #expect(Set(possible.map(\.languageTag)).isSuperset(of: ["de", "en"]), "\(possible)")
        #expect(possible.map(\.confidence) == possible.map(\.confidence).sorted(by: >))
        #expect(possible.allSatisfy { $0.confidence >= 0.01 && $0.confidence <= 1 })
        let main = try await Self.languageId.identifyLanguage(for: Self.mixed)
        #expect(main == (possible[0].confidence >= 0.5 ? possible[0].languageTag : "und"))
    }

    @Test func aVerdictUnderTheThresholdIsUndeterminedThoughItsLanguageIsPossible() async throws {
        // Guide: "By default, ML Kit returns a non-und value only when it identifies the language
        // with a confidence value of at least 0.5."
        #expect(LanguageIDFixtures.engine.recognizer.recognize(Self.leaningEnglish).tag == "de", "the recognizer's verdict")
        #expect(try await Self.languageId.identifyLanguage(for: Self.leaningEnglish) == "und")
        let possible = try await Self.languageId.identifyPossibleLanguages(for: Self.leaningEnglish)
        #expect(possible.map(\.languageTag) == ["en", "de"], "\(possible)")
        let lower = LanguageIdentification.languageIdentification(options: LanguageIdentificationOptions(confidenceThreshold: 0.4))
        #expect(try await lower.identifyLanguage(for: Self.leaningEnglish) == "de")
    }

    @Test func aConfidenceEqualToTheThresholdIsKeptAndOneJustUnderItIsNot() async throws {
        // Reference, LanguageIdentificationOptions: "The identified languages will have a
        // confidence higher or equal to the confidence threshold."
        let possible = try await Self.languageId.identifyPossibleLanguages(for: Self.mixed)
        try #require(possible.count >= 2, "\(possible)")
        let (first, second) = (possible[0], possible[1])
        func identification(_ threshold: Float) -> LanguageIdentification {
            LanguageIdentification.languageIdentification(options: LanguageIdentificationOptions(confidenceThreshold: threshold))
        }
        #expect(try await identification(first.confidence).identifyLanguage(for: Self.mixed) == first.languageTag)
        #expect(try await identification(first.confidence.nextUp).identifyLanguage(for: Self.mixed) == "und")
        #expect(try await identification(second.confidence).identifyPossibleLanguages(for: Self.mixed).map(\.languageTag)
                == [first.languageTag, second.languageTag])
        #expect(try await identification(second.confidence.nextUp).identifyPossibleLanguages(for: Self.mixed).map(\.languageTag)
                == [first.languageTag])
        #expect(try await identification(first.confidence.nextUp).identifyPossibleLanguages(for: Self.mixed).map(\.languageTag)
                == ["und"])
    }

    @Test(arguments: [Float(1.5), -0.25, .nan, .infinity])
    func anInvalidThresholdIsReplacedByTheDefault(threshold: Float) async throws {
        // Reference: "The value should be between 0 and 1. If an invalid value is set, the default
        // value is used instead."
        let invalid = LanguageIdentification.languageIdentification(options: LanguageIdentificationOptions(confidenceThreshold: threshold))
        #expect(try await invalid.identifyLanguage(for: LanguageIDFixtures.german) == "de")
        #expect(try await invalid.identifyPossibleLanguages(for: Self.mixed) == Self.languageId.identifyPossibleLanguages(for: Self.mixed))
    }

    @Test func onlyTheFirst200CharactersAreLookedAt() async throws {
        // Reference: "Inputs longer than 200 characters are truncated to 200 characters, as longer
        // input does not improve the detection accuracy."
        #expect(LanguageVerdict.maximumCharacters == 200)
        let english = String(repeating: LanguageIDFixtures.english + " ", count: 12)
        // German ahead of a long English text: the engine's recognizer, reading it whole, says English.
        let germanFirst = LanguageIDFixtures.german + " " + english
        #expect(LanguageIDFixtures.engine.recognizer.recognize(germanFirst).tag == "en")
        #expect(try await Self.languageId.identifyLanguage(for: germanFirst) == "de")
        // 200 characters of digits, then German: what the language is in is past the cut.
        let digitsFirst = String(repeating: "1234 ", count: 40) + LanguageIDFixtures.german
        #expect(digitsFirst.prefix(200).allSatisfy { $0.isNumber || $0 == " " })
        #expect(try await Self.languageId.identifyLanguage(for: digitsFirst) == "und")
        #expect(try await Self.languageId.identifyLanguage(for: String(digitsFirst.dropFirst(5))) == "und")
        #expect(try await Self.languageId.identifyLanguage(for: String(digitsFirst.dropFirst(200))) == "de")
        // Characters are Swift's: emoji across the cut are counted whole and never split.
        let emojiAtTheCut = LanguageIDFixtures.german + String(repeating: "🏔️", count: 300)
        #expect(try await Self.languageId.identifyLanguage(for: emojiAtTheCut) == "de")
    }

    @Test(.timeLimit(.minutes(10)))
    func completionHandlersRunOnTheMainQueueWhereverTheCallCameFrom() async throws {
        // Reference: "Handler to call back on the main queue with the identified language tag or
        // error." and "Handler to call back on the main queue with identified languages or error."
        let main = Expectation<(onMain: Bool, tag: String?, failed: Bool)>()
        let possible = Expectation<(onMain: Bool, tags: [String]?, failed: Bool)>()
        await Task.detached {
            #expect(!Queue.isMain)
            Self.languageId.identifyLanguage(for: LanguageIDFixtures.german) { tag, error in
                main.fulfill((Queue.isMain, tag, error != nil))
            }
            Self.languageId.identifyPossibleLanguages(for: "1234") { languages, error in
                possible.fulfill((Queue.isMain, languages?.map(\.languageTag), error != nil))
            }
        }.value
        let tag = await main.value()
        #expect(tag.onMain && tag.tag == "de" && !tag.failed)
        let languages = await possible.value()
        #expect(languages.onMain && languages.tags == ["und"] && !languages.failed)
    }

    @Test func eachCallGivesANewInstanceEqualOnlyToItself() {
        // Reference: languageIdentification() gives "A new instance of LanguageIdentification with
        // the default options."
        let first = LanguageIdentification.languageIdentification()
        let second = LanguageIdentification.languageIdentification()
        #expect(first == first && first != second)
        #expect(first.options == nil)
        let options = LanguageIdentificationOptions(confidenceThreshold: 0.4)
        #expect(LanguageIdentification.languageIdentification(options: options).options === options)
        #expect(NaturalLanguage.languageIdentification() != first, "the guide's spelling gives one too")
    }
}
