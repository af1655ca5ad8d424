import TestSupport
import Testing
@testable import TranslationEngine

/// The user's preferred language, read from the environment the way gettext does.
@Suite(.tags(.fast)) struct PreferredLanguageTests {}

extension PreferredLanguageTests {
    @Test func precedenceFollowsGettext() {
        #expect(PreferredLanguage.fromEnvironment(["LANG": "es_ES.UTF-8"]) == "es-ES")
        #expect(PreferredLanguage.fromEnvironment(["LANG": "es_ES.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]) == "fr-FR")
        #expect(PreferredLanguage.fromEnvironment(["LC_ALL": "pt_BR.UTF-8", "LC_MESSAGES": "fr_FR"]) == "pt-BR")
        #expect(PreferredLanguage.fromEnvironment(["LANGUAGE": "ca:en", "LC_ALL": "pt_BR.UTF-8"]) == "ca")
    }

    @Test func posixLocalesSayNothing() {
        #expect(PreferredLanguage.fromEnvironment([:]) == "en")
        #expect(PreferredLanguage.fromEnvironment(["LANG": "C.UTF-8"]) == "en")
        #expect(PreferredLanguage.fromEnvironment(["LC_ALL": "POSIX", "LANG": "gl_ES.UTF-8"]) == "gl-ES")
    }

    @Test func modifiersAndNorwegian() {
        #expect(PreferredLanguage.tag(fromPOSIXLocale: "ca_ES.UTF-8@valencia") == "ca-ES-valencia")
        #expect(PreferredLanguage.tag(fromPOSIXLocale: "no_NO") == "nb-NO")
        #expect(PreferredLanguage.tag(fromPOSIXLocale: "nn_NO.UTF-8") == "nn-NO")
        #expect(PreferredLanguage.tag(fromPOSIXLocale: "../../etc") == nil)
    }

    @Test func wellFormedTags() {
        #expect(PreferredLanguage.isWellFormedTag("en"))
        #expect(PreferredLanguage.isWellFormedTag("pt-BR"))
        #expect(PreferredLanguage.isWellFormedTag("ca-valencia"))
        #expect(!PreferredLanguage.isWellFormedTag("english!"))
        #expect(!PreferredLanguage.isWellFormedTag(""))
        #expect(!PreferredLanguage.isWellFormedTag("e"))
        #expect(!PreferredLanguage.isWellFormedTag("en-"))
    }
}
