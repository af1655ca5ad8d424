import Foundation
import TestSupport
import Testing

/// Where the client and make test's files are.
enum AppleClient {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let path = root + "/.build/debug/AppleTranslationClient"
    static let pairs = root + "/.build/test-pairs/extracted/usr/share/apertium"

    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: path) && FileManager.default.fileExists(atPath: pairs + "/modes/spa-eng.mode")
    }
}

/// Client code written from Apple's Translation documentation (Examples/AppleTranslationClient,
/// `import TranslationEngine` in place of `import Translation`) compiles with the package, and
/// behaves as the docs say: one scenario a test, run against make test's Apertium pairs.
@Suite(.needs(AppleClient.available, "needs make test's pairs (scripts/fetch-test-pairs) and the built client"))
struct AppleClientTests {
    static let client = AppleClient.path
    static let pairs = AppleClient.pairs
    static let repository = AppleClient.root + "/.build/test-repo/index.json"

    /// Runs one scenario with the pairs installed (or, `installed: false`, none and make test's
    /// repository to download from), in a store of its own; returns its output lines.
    static func run(_ scenario: String, installed: Bool = true, language: String = "C.UTF-8") throws -> [String] {
        let folder = Scratch.root.appendingPathComponent("apple-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out").path
        let argv = ["/usr/bin/env", "-i", "PATH=/usr/bin:/bin", "HOME=\(folder.path)", "LANG=\(language)",
                    "HIKE_REVIEWS_PAIRS_PATH=\(installed ? pairs : "")", "HIKE_REVIEWS_SYSTEM_PAIRS=0",
                    "HIKE_REVIEWS_STORE=\(folder.path)/store", "HIKE_REVIEWS_PUBLIC_INDEX_URL=",
                    "HIKE_REVIEWS_PACKS_URL=\(installed ? "file:///nonexistent/index.json" : "file://" + repository)",
                    client, scenario]
        let status = try Subprocess.run(argv, outputPath: output, errorPath: folder.appendingPathComponent("err").path)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard status == 0 else { throw Subprocess.Failure(description: "\(scenario) exited \(status): \(text)") }
        return text.split(separator: "\n").map(String.init)
    }

    @Test func aConfigurationHasSettableSourceAndTargetAndInvalidates() throws {
        #expect(try Self.run("configuration") == [
            "source: es target: en", "invalidated: true version: 1", "changed: true true", "empty: true",
        ])
    }

    @Test func translateGivesOneResponseWithItsLanguages() throws {
        #expect(try Self.run("translate") == ["es>en: The dog drinks water.", "source text kept: true id: nil"])
    }

    @Test func translationsFromComeBackInRequestOrderWithTheirIdentifiers() throws {
        #expect(try Self.run("translations") == ["-: The dog drinks water.", "house: The house is big.", "-: The cat sleeps."])
    }

    @Test func translateBatchStreamsEveryResponseWithItsClientIdentifier() throws {
        #expect(try Self.run("batch") == (0..<6).map { "\($0)=The dog number \($0) drinks water." })
    }

    @Test func eachFailureThrowsItsErrorMatchedTheWaysAppleDocumentsThem() throws {
        #expect(try Self.run("errors") == [
            "caught: nothingToTranslate",
            "matched: unsupportedLanguagePairing",
            "equal: unsupportedLanguagePairing",
            "reason: The source and target are the same language: there is nothing to translate between them.",
            "description: no offline route from English [en] to English (United Kingdom) [en-GB]",
            "welsh: unsupportedSourceLanguage",
            "short: unableToIdentifyLanguage",
            "prepare without source: unableToIdentifyLanguage",
            "thrown and caught: internalError",
        ])
    }

    @Test func aResponseCanBeMadeForPreviews() throws {
        #expect(try Self.run("preview") == ["preview: Hola -> Hello (greeting)"])
    }

    @Test func anInstalledSourceSessionNeverAsksAndCancelsSynchronously() throws {
        #expect(try Self.run("installed") == [
            "canRequestDownloads: false", "languages: es>en", "isReady: true", "translated: The dog drinks water.",
            "after cancel: alreadyCancelled",
        ])
        // With nothing installed it is not ready and says notInstalled rather than asking.
        #expect(try Self.run("installed", installed: false) == [
            "canRequestDownloads: false", "languages: es>en", "isReady: false", "translate: notInstalled",
            "after cancel: alreadyCancelled",
        ])
    }

    @Test func languageAvailabilityAnswersAsynchronouslyAndThrowsForUnidentifiableText() throws {
        let lines = try Self.run("availability")
        #expect(Array(lines.prefix(4)) == ["es>en: installed", "en>en-GB: unsupported", "text: installed", "short text: unableToIdentifyLanguage"])
        #expect(lines.last?.hasSuffix("distinct: true, catalan: true") == true, "\(lines)")
    }

    @Test func aConfigurationSessionAsksThroughTheHostsHandlerAndAvailabilityFollows() throws {
        #expect(try Self.run("download", installed: false) == [
            "before: supported", "no handler: notInstalled", "canRequestDownloads: true", "asked: eng-spa", "after: installed",
            "translated: The dog drinks water.",
        ])
    }

    /// Seed 003's `translateAll()` (set the configuration, then `invalidate()` it) over a
    /// `TranslationTaskHost`: each call translates the review shown then, two texts at once.
    @Test func seed003TranslateAllRunsTheHostsTaskForEachReview() throws {
        #expect(try Self.run("translateAll") == [
            "1: The dog drinks water. | The house is big.", "2: The cat sleeps. | The path is long.", "version: 1",
        ])
    }

    @Test func aNilTargetIsThePreferredLanguageAndANilSourceIsDetected() throws {
        let lines = try Self.run("preferred", language: "es_ES.UTF-8")
        #expect(lines.first == "target: es")
        #expect(lines.count == 3 && lines[1].hasPrefix("translated: ") && !lines[1].contains("The dog"), "\(lines)")
        #expect(lines.last == "detected: es: The dog drinks water and the house is big.")
    }
}

extension AppleClientTests {
    /// Apple's iOS 26.4 strategies over Apertium pairs alone. Apple, highFidelity: "On devices
    /// without Apple Intelligence, it falls back to the traditional models used by lowLatency."
    @Test func theStrategiesHaveApplesMembersAndHighFidelityFallsBackToApertium() throws {
        #expect(try Self.run("strategies") == [
            "configuration: true default: true", "session: true The dog drinks water.",
            "installed: true canRequestDownloads: false", "fallback: The dog drinks water. [\"apertium\"]",
            "low-latency: true installed", "high-fidelity: true installed",
        ])
    }

    /// Apple, unableToIdentifyLanguage: "The framework throws this error when you call
    /// prepareTranslation() without specifying the source language, or when using
    /// status(for:to:) and it can't automatically identify the source language of the sample text
    /// you pass in." Apple, unsupportedSourceLanguage: "The framework doesn't support the
    /// specified or detected source language." (unsupportedTargetLanguage's own page was not
    /// among the stored reference pages searched: its source twin's sentence stands for it.)
    @Test func textNobodyCanIdentifyAndLanguagesNobodyTranslatesThrowAsDocumented() throws {
        #expect(try Self.run("undetermined") == [
            "asdfgh qwerty: unableToIdentifyLanguage unableToIdentifyLanguage",
            "12345 678: unableToIdentifyLanguage unableToIdentifyLanguage",
            "🏔️🥾⛺️: unableToIdentifyLanguage unableToIdentifyLanguage",
            "Hola: unableToIdentifyLanguage unableToIdentifyLanguage",
            "prepare: unableToIdentifyLanguage",
            "target: unsupportedTargetLanguage",
            "source: unsupportedSourceLanguage",
        ])
    }

    /// The view body on Apple's Configuration page, its closure as printed ("Update the view with
    /// the translated result": `targetText = response.targetText`), run by a host on the main actor.
    @Test func applesViewBodyAssignsItsStateFromTheHostsAction() throws {
        #expect(try Self.run("viewBody") == ["targetText: The dog drinks water."])
    }

    /// Apple's `skipsTranslation` snippet: "When translated the string, “Welcome to” changes to
    /// the target language, but “Apple Park” remains unchanged." The marked peak stays, the
    /// plain string API still translates it as words.
    @Test func aRunMarkedSkipsTranslationRemainsUnchanged() throws {
        #expect(try Self.run("attributed") == [
            "targetText: We go up to the Monte Perdido.", "skipped: Monte Perdido", "peak: We go up to the Monte Perdido.",
            "plain: We go up to the Stray Mountain.",
        ])
    }
}
