import TestSupport
import Testing
@testable import TranslationEngine

@Suite("Availability", .tags(.fast))
struct AvailabilityTests {
    @Test("Status follows the packs on the planned route", arguments: [
        ("es", "en", Availability.Status.installed),
        ("fr", "en", .installed),
        ("mk", "en", .installed),
        ("es-MX", "en-US", .installed),
        // eng-cat is not installed, but English -> Spanish -> Catalan is: installed comes first.
        ("en", "ca", .installed),
        ("en", "ca-valencia", .supported),
        ("sl", "en", .supported),
        ("bg", "en", .supported),
        ("hr", "en", .supported),
        ("de", "en", .unsupported),
        ("en", "en-GB", .unsupported),
        ("nb", "en", .unsupported),
    ])
    func status(source: String, target: String, expected: Availability.Status) {
        #expect(RoutingFixtures.availability.status(from: source, to: target) == expected)
    }

    @Test("Supported languages list every tag read or written, sorted")
    func supportedLanguages() {
        #expect(RoutingFixtures.availability.supportedLanguages == [
            "bg", "bs", "ca", "ca-valencia", "en", "en-US", "es", "fr", "gl", "hbs",
            "hr", "mk", "nb", "nn", "pt", "pt-BR", "sl", "sr",
        ])
    }
}
