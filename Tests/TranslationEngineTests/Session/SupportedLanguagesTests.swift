import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// `LanguageAvailability.supportedLanguages`: each language once, where a language is a base
/// language code; the tags keep regions and variants.
@Suite(.tags(.fast)) struct SupportedLanguagesTests {
    /// The routing fixtures' packs: `spa-eng_US`, `es-pt_BR` and `eng-cat_valencia` write region
    /// and variant tags; `hbs` accepts `hr`, `sr` and `bs`; `nno-nob` joins two languages.
    static let availability = LanguageAvailability(pairs: InstalledPairs(packs: RoutingFixtures.packs))
}

extension SupportedLanguagesTests {
    @Test func eachLanguageIsListedOnceByItsBaseCode() async {
        let languages = await Self.availability.supportedLanguages
        #expect(languages.map { $0.languageCode?.identifier ?? "?" } == ["bg", "bs", "ca", "en", "es", "fr", "gl", "hbs", "hr", "mk", "nb", "nn", "pt", "sl", "sr"])
        #expect(Set(languages).count == languages.count)
        #expect(languages.allSatisfy { $0.region == nil }, "en-US is English, listed as en")
    }

    @Test func theTagsKeepRegionsAndVariants() {
        let tags = Self.availability.supportedLanguageTags
        #expect(["en-US", "pt-BR", "ca-valencia", "en", "pt", "ca"].allSatisfy(tags.contains))
    }
}
