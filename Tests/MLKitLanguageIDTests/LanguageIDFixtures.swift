import Foundation
import TestSupport
import Testing
import TranslationEngine
@testable import MLKitLanguageID

/// Every MLKitLanguageID test. Each makes the checkout's recognizer (CLD2 with the short-text
/// model `scripts/setup-langid` builds) the one ML Kit's API uses, as the app runs it: a
/// library's default engine names no model unless `HIKE_REVIEWS_LANGID_MODEL` says one.
@Suite(.needs(LanguageIDFixtures.available, "needs the language-ID model in .build/langid (scripts/setup-langid)"))
struct MLKitLanguageIDTests {
    init() {
        LanguageIdentification.use(LanguageIDFixtures.engine)
    }
}

enum LanguageIDFixtures {
    static let model = PackagePaths.root.appendingPathComponent(".build/langid/model.bin")

    static var available: Bool {
        FileManager.default.fileExists(atPath: model.path)
    }

    /// An engine with the model and nothing else (its store is never written).
    static let engine = Engine(environment: EngineEnvironment(store: PackStore(root: Scratch.root.appendingPathComponent("mlkit-langid").path),
                                                              includesSystemPairs: false, languageIDModel: model))

    /// Reviews in the languages the tests name, long enough for CLD2 to be sure.
    static let german = "Der Weg zur Hütte war steil, aber oben hatten wir eine wunderbare Aussicht auf die Berge."
    static let norwegian = "Turen opp til hytta var bratt, men utsikten fra toppen var helt fantastisk, og vi så mange reinsdyr."
    static let tagalog = "Ang daan papunta sa kubo ay matarik, pero napakaganda ng tanawin mula sa itaas ng bundok."
    static let chinese = "山路很陡,但是山顶的风景非常美丽,我们在那里休息了很长时间,还看到了很多小鸟。"
    static let english = "The path to the hut was steep, but the view from the top over the whole valley was wonderful."
}
