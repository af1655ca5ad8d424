import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// The app in tmux with make test's repository and a "public" Argos index that accepts and
    /// never answers (127.0.0.1, named through HIKE_REVIEWS_PUBLIC_INDEX_URL): the status line
    /// says so once, the app never hangs on it, and the local repository's packs still ask and
    /// install.
    @Test(.needs(TestRepository.available, "needs make test's pack repository"))
    func anUnreachableArgosIndexIsSaidOnceAndOfflinePacksStillWork() throws {
        let silent = try SilentServer()
        defer { silent.stop() }
        let run = try Run()
        defer { run.finish() }
        let store = run.folder.appendingPathComponent("store").path
        let public_ = silent.url("index.json").absoluteString
        try run.start(arguments: "--data '\(Paths.sampleData.path)' --target en",
                      environment: ["HIKE_REVIEWS_STORE": store, "HIKE_REVIEWS_PACKS_URL": "file://\(TestRepository.path)/index.json \(public_)",
                                    "HIKE_REVIEWS_PUBLIC_INDEX_URL": public_, "HIKE_REVIEWS_SYSTEM_PAIRS": "0", "HIKE_REVIEWS_PAIRS_PATH": ""])
        var screen = try run.tmux.waitForScreen { $0.contains("Ruta del Cares") }
        #expect(screen.contains("Ruta del Cares"), "the route list comes up at once: \(screen)")
        screen = try run.tmux.waitForScreen { $0.contains("Argos index unreachable: offline packs only") }
        #expect(screen.contains("Argos index unreachable: offline packs only"), "\(screen)")
        #expect(silent.connections == 1, "asked once, at start")
        _ = try run.openCaresFilteredToSpanish()
        screen = try run.tmux.screen()
        #expect(!screen.contains("Argos index unreachable"), "the next key brought the hints back")
        try run.tmux.send("T")
        screen = try run.tmux.waitForScreen { $0.contains("Download language packs?") }
        #expect(screen.contains("English - Spanish (eng-spa)") && screen.contains("apertium"), "\(screen)")
        try run.tmux.send("Enter")
        screen = try run.waitForSpanishTranslated(store: store)
        #expect(!screen.contains("Argos index unreachable"), "said once")
        try run.quit()
    }
}
