import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// The second opinion on short texts: py3langid's byte n-gram model, converted by scripts/setup-langid.
@Suite struct SecondOpinionTests {
    static let fixtures = PackagePaths.fixtures

    /// Text -> the language it was written in.
    static func labelled(_ name: String) throws -> [(text: String, truth: String)] {
        let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
        return try JSONDecoder().decode([String: String].self, from: data)
            .sorted { $0.key < $1.key }
            .map { (text: $0.key, truth: $0.value) }
    }

    /// The model `make setup` builds; the tests that need it fail with the command to run.
    static func model() throws -> SecondOpinion {
        try #require(TestRecognizer.secondOpinion, "no language-ID model in .build/langid: run scripts/setup-langid")
    }

    struct Tally {
        var right: [String] = []
        var confidentWrong: [String] = []
        var unreliableGuesses: [String] = []
        var undetermined = 0
    }

    static func tally(_ recognizer: LanguageRecognizer, _ items: [(text: String, truth: String)]) -> Tally {
        var tally = Tally()
        for (text, truth) in items {
            let guess = recognizer.recognize(text)
            if guess.isUndetermined {
                tally.undetermined += 1
            } else if !guess.isReliable {
                tally.unreliableGuesses.append("\(text) -> \(guess.tag)")
            } else if guess.tag == truth {
                tally.right.append(text)
            } else {
                tally.confidentWrong.append("\(text) -> \(guess.tag), written in \(truth)")
            }
        }
        return tally
    }

    static func recognizer(_ secondOpinion: SecondOpinion?) -> LanguageRecognizer {
        var recognizer = TestRecognizer.make()
        recognizer.secondOpinion = secondOpinion
        return recognizer
    }

    /// A model file in the layout NaiveBayesModel reads, from the arrays themselves.
    static func modelBytes(classes: [String], priors: [Float], weights: [[Float]], rowOfState: [UInt32],
                           featureOfState: [Int32], moves: [[UInt32]], version: UInt32 = NaiveBayesModel.version) -> Data {
        var data = Data("HRNB".utf8)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        func pad() { while data.count % 8 != 0 { data.append(0) } }
        for value in [version, UInt32(classes.count), UInt32(weights.count), UInt32(rowOfState.count), UInt32(moves.count)] {
            append(value)
        }
        for code in classes { data.append(contentsOf: Array(code.utf8) + Array(repeating: 0, count: 8 - code.utf8.count)) }
        pad()
        for prior in priors { append(prior.bitPattern) }
        pad()
        for row in weights { for weight in row { append(Float16(weight).bitPattern) } }
        pad()
        for row in rowOfState { append(row) }
        pad()
        for feature in featureOfState { append(feature) }
        pad()
        for row in moves { for next in row { append(next) } }
        return data
    }
}

extension SecondOpinionTests {
    /// The symptom: on short reviews CLD2 alone is sometimes confidently wrong (this set was
    /// written for these tests before the second opinion's margins were chosen).
    @Test func cld2AloneIsConfidentlyWrongOnSomeShortReviews() throws {
        let tally = Self.tally(Self.recognizer(nil), try Self.labelled("short-reviews-heldout.json"))
        #expect(!tally.confidentWrong.isEmpty, "CLD2 alone no longer errs here; the held-out set no longer shows the problem")
    }

    @Test func noConfidentWrongAnswerOnHeldOutShortReviews() throws {
        let items = try Self.labelled("short-reviews-heldout.json")
        #expect(items.count >= 50)
        #expect(Set(items.map(\.truth)).count >= 20)
        let tally = Self.tally(Self.recognizer(try Self.model()), items)
        #expect(tally.confidentWrong.isEmpty, "\(tally.confidentWrong)")
        #expect(tally.unreliableGuesses.isEmpty, "\(tally.unreliableGuesses)")
        #expect(tally.right.count >= items.count * 8 / 10, "right on \(tally.right.count) of \(items.count)")
    }

    /// The goal of issue 9: at least 55 of the 74 snippets right and none confidently wrong.
    @Test func snippetsAnsweredMoreOftenAndNeverConfidentlyWrong() throws {
        let items = try Self.labelled("short-snippets.json")
        #expect(items.count == 74)
        let withModel = Self.tally(Self.recognizer(try Self.model()), items)
        let cld2Only = Self.tally(Self.recognizer(nil), items)
        #expect(withModel.confidentWrong.isEmpty, "\(withModel.confidentWrong)")
        #expect(withModel.unreliableGuesses.isEmpty, "\(withModel.unreliableGuesses)")
        #expect(withModel.right.count >= 55, "right on \(withModel.right.count) of \(items.count)")
        #expect(withModel.right.count > cld2Only.right.count)
    }

    @Test func everyReviewOf30CharactersOrMoreStaysRight() throws {
        let recognizer = Self.recognizer(try Self.model())
        let long = LanguageRecognizerTests.reviews.filter { $0.text.count >= 30 }
        #expect(long.count >= 200)
        let wrong = long.compactMap { review -> String? in
            let guess = recognizer.recognize(review.text)
            let truth = LanguageRecognizerTests.truth[review.id]
            return guess.tag == truth && guess.isReliable ? nil : "\(review.id): \(truth ?? "?") -> \(guess.tag)"
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    /// Without a model file the recognizer is the CLD2 one, answer for answer.
    @Test func aMissingModelMeansCLD2Alone() throws {
        let missing = Scratch.root.appendingPathComponent("no-such-model-\(UUID().uuidString).bin")
        let url = EngineEnvironment.fromProcess(["HIKE_REVIEWS_LANGID_MODEL": missing.path]).languageIDModel
        #expect(url == missing)
        #expect(Engine(environment: EngineEnvironment(store: PackStore(root: "/nonexistent"), languageIDModel: missing)).secondOpinion == nil)
        #expect(throws: NaiveBayesModel.LoadError.self) { try SecondOpinion(contentsOf: missing) }

        let items = try Self.labelled("short-snippets.json") + Self.labelled("short-reviews-heldout.json")
        let cld2Only = Self.recognizer(nil)
        let withModel = Self.recognizer(try Self.model())
        var changed = 0
        for (text, _) in items {
            let guess = cld2Only.recognize(text)
            #expect(guess.isReliable || guess.isUndetermined)
            if withModel.recognize(text) != guess { changed += 1 }
        }
        // Turning the model off must make a difference, or this test compares nothing.
        #expect(changed > 0)
    }

    /// The weights' Float16 conversion, done by hand for speed, agrees with the library's for
    /// every bit pattern (NaNs compared as NaNs, with the same bits).
    @Test func halfToFloatMatchesTheLibraryForEveryValue() {
        for bits in UInt16.min...UInt16.max {
            let expected = Float(Float16(bitPattern: bits))
            let converted = NaiveBayesModel.float(fromHalf: bits)
            if expected.isNaN {
                #expect(converted.isNaN, "\(bits)")
            } else if converted.bitPattern != expected.bitPattern {
                Issue.record("0x\(String(bits, radix: 16)): \(converted) != \(expected)")
            }
        }
    }

    /// The shortcut that skips Foundation's NFC says "composed" only where NFC changes nothing.
    @Test func composedShortcutOnlyWhereNormalizationChangesNothing() {
        var texts = ["", "plain ascii", "àéîõü ñ ç ß ĳ ŉ ǅ ʼ", "Привет ѐ ѝ Ѳ ҂", "e\u{301}", "и\u{306}", "Ѐ\u{483}", "Ω", "한"]
        // Each scalar of the blocks it passes, between letters and doubled (pairs compose too).
        for value in UInt32(0x20)..<0x530 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            texts += ["a" + String(scalar) + "b", String(scalar) + String(scalar)]
        }
        for text in texts where NaiveBayesModel.isComposedAlready(text) {
            #expect(text.precomposedStringWithCanonicalMapping.utf8.elementsEqual(text.utf8), "\(text.debugDescription)")
        }
        #expect(NaiveBayesModel.isComposedAlready("àéîõü Привет"))
        #expect(!NaiveBayesModel.isComposedAlready("e\u{301}"))
    }

    /// The scoring on a model small enough to work out by hand: bytes "a" and "b" are features 0
    /// and 1; class "xa" likes "a", class "xb" likes "b".
    @Test func scoresAreThePriorPlusLogOnePlusCountTimesTheWeights() throws {
        var toStart = [UInt32](repeating: 0, count: 256)
        toStart[Int(UInt8(ascii: "a"))] = 1
        toStart[Int(UInt8(ascii: "b"))] = 2
        let bytes = Self.modelBytes(
            classes: ["xa", "xb"], priors: [-1, -2],
            weights: [[-0.5, -4], [-4, -0.5]],
            rowOfState: [0, 0, 0], featureOfState: [-1, 0, 1], moves: [toStart])
        let model = try NaiveBayesModel(bytes: bytes, name: "hand-made")
        #expect(model.classes == ["xa", "xb"])
        let scores = model.scores(for: "aab")
        let twice = Float(log1p(2.0)), once = Float(log1p(1.0))
        #expect(abs(scores[0] - (-1 - 0.5 * twice - 4 * once)) < 1e-4)
        #expect(abs(scores[1] - (-2 - 4 * twice - 0.5 * once)) < 1e-4)
        #expect(model.scores(for: "") == [-1, -2])
        // An all-capitals text is lowercased first, as langid.py does: "AAB" scores as "aab".
        #expect(model.scores(for: "AAB") == scores)
    }

    @Test func aDamagedModelIsRefusedOrHarmless() throws {
        var toStart = [UInt32](repeating: 0, count: 256)
        toStart[Int(UInt8(ascii: "a"))] = 1
        let good = Self.modelBytes(classes: ["xa"], priors: [-1], weights: [[-0.5]], rowOfState: [0, 0],
                                   featureOfState: [-1, 0], moves: [toStart])
        #expect(throws: NaiveBayesModel.LoadError.self) { try NaiveBayesModel(bytes: good.prefix(good.count - 1), name: "cut") }
        #expect(throws: NaiveBayesModel.LoadError.self) { try NaiveBayesModel(bytes: Data("HRNB".utf8), name: "header only") }
        #expect(throws: NaiveBayesModel.LoadError.self) { try NaiveBayesModel(bytes: Data(repeating: 0, count: 4096), name: "zeros") }
        let future = Self.modelBytes(classes: ["xa"], priors: [-1], weights: [[-0.5]], rowOfState: [0, 0],
                                     featureOfState: [-1, 0], moves: [toStart], version: 99)
        #expect(throws: NaiveBayesModel.LoadError.self) { try NaiveBayesModel(bytes: future, name: "future") }

        // Transitions and features that point outside their tables are ignored, not followed.
        var wild = [UInt32](repeating: 7_000_000, count: 256)
        wild[Int(UInt8(ascii: "a"))] = 1
        let hostile = Self.modelBytes(classes: ["xa"], priors: [-1], weights: [[-0.5]], rowOfState: [0, 9],
                                      featureOfState: [-1, 12345], moves: [wild])
        let model = try NaiveBayesModel(bytes: hostile, name: "hostile")
        #expect(model.scores(for: "abc aaa \u{0}\u{1B}[31m🏔️") == [-1])
    }

    /// The Swift scoring gives py3langid's own numbers (its raw scores, measured with py3langid 0.4.0).
    @Test func scoresMatchTheReferenceImplementation() throws {
        let model = try Self.model().model
        let expected: [(String, String, Float)] = [("Frumos", "ro", -11.868179), ("Sin agua", "ga", -22.545296), ("Многу убаво", "sr", -88.85434)]
        for (text, code, score) in expected {
            let scores = model.scores(for: text)
            let best = try #require(scores.indices.max { scores[$0] < scores[$1] })
            #expect(model.classes[best] == code, "\(text)")
            #expect(abs(scores[best] - score) < 1e-3, "\(text): \(scores[best])")
        }
    }

    /// An answer of the model's own orders its candidates by integer keys; the order must be the
    /// candidates' own sort (higher score first, then the tag), ties and -0 included.
    @Test func theAnswersOrderIsTheCandidatesSort() throws {
        let opinion = try Self.model()
        let texts = try Self.labelled("short-snippets.json") + Self.labelled("short-reviews-heldout.json")
        var cases = texts.map { opinion.bestScores(for: $0.text) }
        let count = opinion.tags.count
        cases.append([Float](repeating: 0, count: count))
        cases.append((0..<count).map { $0 % 2 == 0 ? 0 : -0.0 })
        cases.append((0..<count).map { $0 % 3 == 0 ? -.infinity : Float($0 % 5) - 2 })
        for scores in cases {
            let sorted = SecondOpinion.ranked(tags: opinion.tags, best: scores).map(\.tag)
            #expect(opinion.rankedIndices(scores).map { opinion.tags[$0] } == sorted)
        }
    }

    @Test func hostileTextIsScoredWithoutHarm() throws {
        let opinion = try Self.model()
        let inputs = ["", "\u{0}\u{0}", String(repeating: "\u{1B}]52;c;", count: 100), String(repeating: "]\u{343}", count: 500),
                      String(repeating: "👨‍👩‍👧‍👦", count: 300), String(repeating: "x", count: 1_000_000)]
        for input in inputs {
            let ranking = opinion.ranking(for: input)
            #expect(ranking.allSatisfy { $0.score.isFinite })
        }
        let guess = Self.recognizer(opinion).recognize(String(repeating: "]\u{343} ", count: 20))
        #expect(guess.isUndetermined || guess.isReliable)
        // Thresholds set the wrong way round are a caller's mistake, not a crash.
        var odd = Self.recognizer(opinion)
        odd.minimumLetters = 50
        odd.shortTextLetters = 10
        #expect(odd.recognize("Prea aglomerat").isUndetermined)
    }

    /// Constraints limit the answer, not the evidence: a Spanish text is not German because
    /// German is all that is allowed.
    /// Byte n-grams of two scripts add up to nonsense: English words with one Hindi greeting
    /// came out as confident Sanskrit. Mixed-script text keeps CLD2's answer.
    @Test func mixedScriptTextKeepsCLD2sAnswer() throws {
        let withModel = Self.recognizer(try Self.model()), cld2Only = Self.recognizer(nil)
        for text in ["Thumbs up hearts peaks keys END5 नमस्ते", "Great view Привет гора", "Nice 山頂 walk and 眺め"] {
            #expect(SecondOpinion.mixesScripts(text), "\(text)")
            #expect(withModel.recognize(text) == cld2Only.recognize(text), "\(text)")
        }
        #expect(!SecondOpinion.mixesScripts("山頂からの眺めは最高でした"), "kana and Han are one script here")
        #expect(!SecondOpinion.mixesScripts("Ölüdeniz ist schön, ĳ ŉ"))
    }

    @Test func constraintsAlsoBindTheSecondOpinion() throws {
        var recognizer = Self.recognizer(try Self.model())
        recognizer.languageConstraints = ["de", "fr"]
        for (text, truth) in try Self.labelled("short-snippets.json") {
            let guess = recognizer.recognize(text)
            #expect(["de", "fr", "und"].contains(guess.tag), "\(text) -> \(guess.tag)")
            #expect(guess.hypotheses.allSatisfy { ["de", "fr"].contains($0.tag) }, "\(text): \(guess.hypotheses)")
            if !["de", "fr"].contains(truth) {
                #expect(guess.isUndetermined, "\(text), written in \(truth) -> \(guess.tag)")
            }
        }
    }

    /// 94 more short reviews, written after the held-out set: the first 49 showed two faults
    /// (Catalan read as Occitan by both identifiers; a confident answer in a language the model
    /// lacks), the other 45 were checked once, untuned. CLD2's own confident mistakes are not all
    /// caught, but the second opinion must add none and remove most.
    @Test func theSecondOpinionAddsNoConfidentMistakeOfItsOwn() throws {
        for name in ["short-reviews-later.json", "short-reviews-heldout.json", "short-snippets.json"] {
            let items = try Self.labelled(name)
            let withModel = Self.tally(Self.recognizer(try Self.model()), items)
            let cld2Only = Self.tally(Self.recognizer(nil), items)
            let added = Set(withModel.confidentWrong).subtracting(cld2Only.confidentWrong)
            #expect(added.isEmpty, "\(name): \(added.sorted())")
            #expect(withModel.confidentWrong.count * 2 <= cld2Only.confidentWrong.count, "\(name): \(withModel.confidentWrong)")
            #expect(withModel.right.count > cld2Only.right.count, "\(name)")
        }
    }

    /// CLD2 sure of Romansh, which the model does not know, on an Italian text the model is sure of.
    @Test func aLanguageTheModelLacksIsDoubtedToo() throws {
        let text = "Vista mozzafiato dalla cima"
        let cld2Only = Self.recognizer(nil).recognize(text)
        #expect(cld2Only.tag == "rm" && cld2Only.isReliable, "precondition: \(cld2Only)")
        let opinion = try Self.model()
        #expect(!opinion.model.classes.contains("rm"))
        let guess = Self.recognizer(opinion).recognize(text)
        #expect(guess.tag == "und" || guess.tag == "it", "\(guess)")
    }
}
