import Foundation
import Testing
@testable import MLKitTranslate

extension MLKitTranslateTests {
    @Test func languagesAreMLKitsCodesAndNames() {
        #expect(TranslateLanguage.english.rawValue == "en" && TranslateLanguage.german.rawValue == "de")
        #expect(TranslateLanguage.norwegian.rawValue == "no" && TranslateLanguage.norwegian.engineTag == "nb")
        #expect(TranslateLanguage.eperanto == .esperanto, "ML Kit's Swift name for Esperanto, and the spelled one")
        #expect(TranslateLanguage.german.description == "German")
        #expect(TranslateLanguage.spanish.engineTag == "es")
    }

    @Test func aLanguageIsMadeFromABCP47Tag() {
        #expect(TranslateLanguage(rawValue: "de") == .german)
        #expect(TranslateLanguage(rawValue: "de-AT") == .german, "ML Kit's models have no region")
        #expect(TranslateLanguage(rawValue: "pt_BR") == .portuguese)
        #expect(TranslateLanguage(rawValue: "ES") == .spanish)
        #expect(TranslateLanguage(rawValue: "nb") == .norwegian && TranslateLanguage(rawValue: "iw") == .hebrew)
        #expect(TranslateLanguage("zh-Hans") == .chinese)
        #expect(TranslateLanguage(rawValue: "xx").rawValue == "xx", "an unknown code is kept, to be named in an error")
        #expect(TranslateLanguage.fromLanguageTag("sv-FI") == .swedish)
        #expect(TranslateLanguage.fromLanguageTag("vi") == nil, "Vietnamese: no engine here")
        #expect(TranslateLanguage.fromLanguageTag("eu") == nil, "Basque has packs but is not one of ML Kit's languages")
    }

    @Test func allLanguagesAreMLKitsThatAnEngineHereJoinsWithEnglish() {
        let all = TranslateLanguage.allLanguages()
        #expect(all.count == 46)
        #expect(all.isSuperset(of: [.english, .spanish, .german, .french, .catalan, .galician, .croatian, .japanese, .chinese]))
        #expect(all.allSatisfy { $0.rawValue.count == 2 && $0.description != $0.rawValue }, "every one has a name")
        // ML Kit's 59 less the 13 no repository here joins with English.
        let unavailable = ["af", "be", "cy", "gu", "ht", "ka", "kn", "mr", "mt", "sw", "ta", "te", "vi"]
        #expect(unavailable.allSatisfy { !all.contains(TranslateLanguage(rawValue: $0)) })
    }
}
