import Foundation
import TestSupport
import Testing

/// The app with the neural engine, in tmux: German and Polish reviews of the Cares route are
/// translated by the echo model, installed from an Argos index on a loopback server after the
/// consent dialog, inline (`T`) and in the overlay (`t`).
@Suite(.serialized, .needs(Tmux.isAvailable && EchoArgosRepository.available && TestRepository.available,
                             "needs tmux, the neural venv and make test's pack repository"),
       .timeLimit(.minutes(5)))
struct EndToEndNeuralTests {
    static let repository = Result { try EchoArgosRepository.build() }

    /// How the Cares route's German and Polish reviews begin: the echo model gives them back.
    static let germanOpening = "Grandiose Schlucht, aber im Hochsommer"
    static let polishOpening = "Przepiękny wąwóz, ale ścieżka"

    static func start(_ run: EndToEndTests.Run, server: PackServer, store: String) throws {
        try run.start(arguments: "--data '\(Paths.sampleData.path)' --target en",
                      environment: ["HIKE_REVIEWS_STORE": store,
                                    "HIKE_REVIEWS_PACKS_URL": "\(server.url("files/argos.json")) file://\(TestRepository.path)/index.json",
                                    "HIKE_REVIEWS_SYSTEM_PAIRS": "0", "HIKE_REVIEWS_PAIRS_PATH": ""])
        _ = try run.tmux.waitForScreen { $0.contains("Ruta del Cares") && !$0.contains("detecting languages") }
    }

    /// Opens the Cares route and filters it to `language` (its English name).
    static func openCares(filteredTo language: String, tag: String, in run: EndToEndTests.Run) throws {
        try run.tmux.send("Enter")
        _ = try run.tmux.waitForScreen { $0.contains("Reviews (") }
        try run.tmux.send("l")
        _ = try run.tmux.waitForScreen { $0.contains("Filter:") }
        try run.tmux.type(language)
        _ = try run.tmux.waitForScreen { $0.contains(language) }
        try run.tmux.send("Enter")
        _ = try run.tmux.waitForScreen { $0.contains("language: \(language) [\(tag)]") }
    }

    @Test func germanReviewsAskOnceForTheModelAndTranslateInline() throws {
        let served = try Self.repository.get()
        let server = try PackServer(serving: served, script: Paths.packageRoot.appendingPathComponent("Tests/TranslationEngineTests/Fixtures/pack_server.py").path)
        defer { server.stop() }
        let run = try EndToEndTests.Run()
        defer { run.finish() }
        let store = run.folder.appendingPathComponent("store").path
        try Self.start(run, server: server, store: store)
        try Self.openCares(filteredTo: "German", tag: "de", in: run)
        try run.tmux.send("T")
        var screen = try run.tmux.waitForScreen { $0.contains("Download language packs?") }
        #expect(screen.contains("German - English (translate-de_en) · neural · 2"), "the size from Content-Length: \(screen)")
        #expect(screen.contains("from 127.0.0.1") && screen.contains("no checksum published"), "\(screen)")
        #expect(screen.contains("Download (Enter)"), "Apertium has no German: one route offered\n\(screen)")
        try run.tmux.send("Enter")
        screen = try run.tmux.waitForScreen(timeout: 60) { $0.contains("de→en · neural · English") }
        #expect(screen.contains("↳ de→en · neural · English"), "\(screen)")
        #expect(!screen.contains("translation failed"), "\(screen)")
        // The echo model gives the text back: the review's opening is on screen twice, original and translation.
        #expect(screen.components(separatedBy: Self.germanOpening).count - 1 == 2, "\(screen)")
        #expect(FileManager.default.fileExists(atPath: store + "/translate-de_en/model/model.bin"))
        #expect(server.requests().filter { $0.hasPrefix("GET /files/translate-de_en.argosmodel") }.count == 1, "\(server.requests())")

        // Filtered to Polish, the screen shows other reviews: its configuration changed, so they
        // are translated too, asking once more, for their own model.
        try run.tmux.send("l")
        _ = try run.tmux.waitForScreen { $0.contains("Filter:") }
        try run.tmux.type("Polish")
        _ = try run.tmux.waitForScreen { $0.contains("Polish") }
        try run.tmux.send("Enter")
        screen = try run.tmux.waitForScreen { $0.contains("Download language packs?") }
        #expect(screen.contains("Polish - English (translate-pl_en) · neural"), "\(screen)")
        try run.tmux.send("Enter")
        _ = try run.tmux.waitForScreen(timeout: 60) { $0.contains("language: Polish [pl]") && $0.contains("↳ pl→en · neural · English") }
        // The overlay uses the model now installed, without asking.
        try run.tmux.send("t")
        screen = try run.tmux.waitForScreen(timeout: 60) { $0.contains("English [en] · pl→en · neural") }
        #expect(screen.contains("English [en] · pl→en · neural"), "\(screen)")
        #expect(screen.components(separatedBy: Self.polishOpening).count - 1 >= 2, "overlay and review: \(screen)")
        try run.tmux.send("Escape")
        _ = try run.tmux.waitForScreen { !$0.contains("Translation · L language") }
        try run.tmux.send("q")
        #expect(run.waitForExit() == "0")
        #expect(run.file("before") == run.file("after"))
    }
}
