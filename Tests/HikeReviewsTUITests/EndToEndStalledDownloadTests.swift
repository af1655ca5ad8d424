import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// The app in tmux against a server that stalls half-way through the first two requests for
    /// eng-spa: the progress dialog says "Stalled", the download fails naming pack and server,
    /// `r` downloads again without asking, and the route's reviews come in translated.
    @Test(.needs(TestRepository.available, "needs make test's pack repository"))
    func aStalledDownloadIsShownFailsAndIsRetriedFromTheDialog() throws {
        let (server, index) = try PacksCommandTests.serveFaulty("stallfirst/2/1000000")
        defer { server.stop() }
        let run = try Run()
        defer { run.finish() }
        let store = try run.translateCaresFromAnEmptyStore(index: index, environment: ["HIKE_REVIEWS_DOWNLOAD_IDLE_SECONDS": "3"])
        try run.tmux.send("Enter")
        var screen = try run.tmux.waitForScreen { $0.contains("Stalled: no data from the server") }
        #expect(screen.contains("Stalled: no data from the server"), "\(screen)")
        screen = try run.tmux.waitForScreen { $0.contains("Download failed") }
        #expect(screen.contains("eng-spa: download stalled: no data from 127.0.0.1:\(server.port)"), "\(screen)")
        #expect(screen.contains("Retry (r)"), "\(screen)")
        try run.tmux.send("r")
        screen = try run.waitForSpanishTranslated(store: store)
        #expect(!screen.contains("Download language packs?"), "retry does not ask again")
        try run.quit()
    }
}
