import Foundation
import TestSupport
import Testing
import ReviewModel
@testable import TranslationEngine

/// Language identification on the sample reviews, against the ground truth written with them.
@Suite struct LanguageRecognizerTests {
    static let root = PackagePaths.root

    /// Review id -> the language it was written in (kept out of the app's data on purpose).
    static let truth: [String: String] = {
        let url = PackagePaths.fixtures.appendingPathComponent("review-languages.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return (try? JSONDecoder().decode([String: String].self, from: data)) ?? [:]
    }()

    static let reviews: [Review] = {
        let catalog = try? CatalogLoader.load(contentsOf: root.appendingPathComponent("sample-data/routes.json"))
        return catalog?.routes.flatMap(\.reviews) ?? []
    }()
}

extension LanguageRecognizerTests {
    @Test func groundTruthCoversEveryReview() {
        #expect(Self.reviews.count >= 200)
        #expect(Set(Self.reviews.map(\.id)) == Set(Self.truth.keys))
    }

    @Test func atLeast97PercentRightOnReviewsOf30CharactersOrMore() {
        let recognizer = TestRecognizer.make()
        let long = Self.reviews.filter { $0.text.count >= 30 }
        var wrong: [String] = []
        for review in long {
            let guess = recognizer.recognize(review.text)
            if guess.tag != Self.truth[review.id] {
                wrong.append("\(review.id): \(Self.truth[review.id] ?? "?") -> \(guess.tag)")
            }
        }
        let accuracy = Double(long.count - wrong.count) / Double(max(long.count, 1))
        #expect(long.count >= 200)
        #expect(accuracy >= 0.97, "accuracy \(accuracy); wrong: \(wrong)")
    }

    @Test func noConfidentWrongAnswerOnShorterReviews() {
        let recognizer = TestRecognizer.make()
        let short = Self.reviews.filter { $0.text.count < 30 }
        #expect(short.count >= 10)
        for review in short {
            let guess = recognizer.recognize(review.text)
            if guess.isReliable {
                #expect(guess.tag == Self.truth[review.id], "\(review.text) -> \(guess.tag)")
            } else {
                #expect(guess.tag == "und", "an unreliable guess must be und: \(review.text) -> \(guess.tag)")
            }
        }
    }

    @Test(arguments: ["", "   ", "ok", "Top!", "👍👍", "1234 5678", "Nice.", "Bien", "Sí", "Super", "Bravo!", "OK 👍", "\u{1B}[31m"])
    func tooLittleTextIsUndetermined(text: String) {
        let guess = TestRecognizer.make().recognize(text)
        #expect(guess.tag == "und")
        #expect(guess.isReliable == false)
        #expect(guess.confidence == 0)
        #expect(guess.language == nil)
    }

    /// Two to four words in many languages: an answer may be "und", never a wrong language.
    @Test func noConfidentWrongAnswerOnSnippets() throws {
        let url = PackagePaths.fixtures.appendingPathComponent("short-snippets.json")
        let snippets = try JSONDecoder().decode([String: String].self, from: Data(contentsOf: url))
        #expect(snippets.count >= 70)
        let recognizer = TestRecognizer.make()
        var answered = 0
        for (text, truth) in snippets {
            let guess = recognizer.recognize(text)
            if guess.isUndetermined {
                #expect(!guess.isReliable)
            } else {
                answered += 1
                #expect(guess.tag == truth, "\(text) -> \(guess.tag), written in \(truth)")
            }
        }
        // Saying "und" to everything would pass the loop above; the recognizer must still answer often.
        #expect(answered >= snippets.count / 3, "answered only \(answered) of \(snippets.count)")
    }

    @Test func closeLanguagesAreToldApart() {
        let recognizer = TestRecognizer.make()
        let samples: [(String, String)] = [
            ("O camiño estaba moi ben sinalizado e había unha fonte con auga fresca ao chegar.", "gl"),
            ("O trilho estava muito bem marcado e havia uma fonte com água fresca à chegada.", "pt"),
            ("El camino estaba muy bien señalizado y había una fuente con agua fresca al llegar.", "es"),
            ("El camí estava molt ben senyalitzat i hi havia una font amb aigua fresca en arribar.", "ca"),
            ("Lo camin èra plan polit e i aviá una font amb d'aiga fresca a l'arribada.", "oc"),
            ("Eg gjekk heile turen åleine, og det var ikkje mykje vatn å finne på fjellet.", "nn"),
            ("Jeg gikk hele turen alene, og det var ikke mye vann å finne på fjellet.", "nb"),
            ("La vojo estas tre bela, sed ni bezonis multe da akvo kaj bonajn ŝuojn.", "eo"),
            ("Патеката е многу убава, но нема вода по патот до езерото.", "mk"),
            ("Пътеката е много красива, но няма вода по пътя до езерото.", "bg"),
        ]
        for (text, expected) in samples {
            let guess = recognizer.recognize(text)
            #expect(guess.tag == expected, "\(text) -> \(guess.tag) \(guess.hypotheses)")
            #expect(guess.isReliable)
        }
    }

    @Test func tagsAreBCP47() {
        #expect(LanguageRecognizer.bcp47(fromCLD2: "no") == "nb")
        #expect(LanguageRecognizer.bcp47(fromCLD2: "nn") == "nn")
        #expect(LanguageRecognizer.bcp47(fromCLD2: "iw") == "he")
        #expect(LanguageRecognizer.bcp47(fromCLD2: "un") == nil)
        #expect(LanguageRecognizer.bcp47(fromCLD2: "xx-Qaai") == nil)
        #expect(LanguageRecognizer.bcp47(fromCLD2: "hr") == "hr")
        #expect(LanguageRecognizer.bcp47(fromCLD2: "sr-ME") == "sr")
    }

    @Test func hypothesesAreRankedProbabilities() {
        let hypotheses = TestRecognizer.make().languageHypotheses(for: "The path was steep but the hut at the top served great soup and cold beer.", withMaximum: 3)
        #expect(hypotheses.first?.tag == "en")
        #expect(hypotheses.count <= 3)
        #expect(hypotheses.map(\.probability) == hypotheses.map(\.probability).sorted(by: >))
        #expect(hypotheses.reduce(0) { $0 + $1.probability } <= 1.0001)
        #expect(LanguageRecognizer.dominantLanguage(for: "山頂からの眺めは最高でした。また行きたいです。")?.languageCode?.identifier == "ja")
    }

    @Test func constraintsLimitTheAnswer() {
        var recognizer = TestRecognizer.make()
        recognizer.languageConstraints = ["fr", "de"]
        let guess = recognizer.recognize("El camino estaba muy bien señalizado y había una fuente con agua fresca al llegar.")
        #expect(guess.tag != "es")
    }

    @Test func fullTablesAreLinked() {
        // The small tables do not know Esperanto or Occitan at all.
        let probe = CLD2Probe.detect("La vojo estas tre bela, sed ni bezonis multe da akvo kaj bonajn ŝuojn por la montoj.", bestEffort: false)
        #expect(probe.hypotheses.first?.code == "eo")
    }

    @Test func hostileInputNeverCrashes() {
        let recognizer = TestRecognizer.make()
        let inputs = [String(repeating: "a", count: 200_000), "\u{0}\u{1B}[31m\u{202E}", String(repeating: "🎉", count: 5000), String(decoding: [0xFF, 0xFE, 0x41, 0x42], as: UTF8.self)]
        for input in inputs {
            let guess = recognizer.recognize(input)
            #expect(guess.confidence >= 0 && guess.confidence <= 1)
        }
    }
}

extension LanguageRecognizerTests {
    @Test func veryLongTextIsCutOnAScalarBoundary() {
        // Over CLD2's cap, with multi-byte letters all the way through.
        let text = String(repeating: "El camino está muy bien señalizado y había agua en la fuente. ", count: 6000)
        #expect(text.utf8.count > CLD2Probe.maximumBytes)
        #expect(TestRecognizer.make().recognize(text).tag == "es")
        #expect(TestRecognizer.make().recognize("Él está allí, señalizado, con agua y sombra todo el camino.").tag == "es")
    }
}
