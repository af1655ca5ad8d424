import Foundation
import TestSupport
import Testing

/// Issue 19, "the app freezes on big data", with the real binary on a file of one route with
/// 100,000 reviews: keys are answered while the file loads and languages are detected.
extension EndToEndTests {
    /// The generated file, written once for the suite under `Scratch.root` (removed at exit).
    nonisolated(unsafe) static var bigFile: URL?

    static func hundredThousandReviews() throws -> URL {
        if let bigFile { return bigFile }
        let url = try BigRoute.file(100_000)
        bigFile = url
        return url
    }

    /// Starts the app on the 100,000-review file and opens its route; returns the screen then.
    static func openTheBigRoute(in run: Run) throws -> String {
        let file = try hundredThousandReviews()
        try run.start(arguments: "--data '\(file.path)'", environment: ["HIKE_REVIEWS_OFFLINE": "1"])
        _ = try run.tmux.waitForScreen(timeout: 120) { $0.contains("The Long Ridge") }
        try run.tmux.send("Enter")
        return try run.tmux.waitForScreen { $0.contains("Reviews (100000)") }
    }

    @Test func qQuitsWhileLanguagesAreStillBeingDetected() throws {
        let run = try Run()
        defer { run.finish() }
        // On the route screen, where each detected batch once looked up every review again.
        let screen = try Self.openTheBigRoute(in: run)
        #expect(screen.contains("detecting languages"), "still detecting: \(screen)")
        try run.tmux.send("q")
        let status = run.waitForExit()
        let after = try run.tmux.screen()
        #expect(status == "0", "q quits while detection runs: \(after)")
    }

    @Test func gOnAHundredThousandReviewsShowsTheLastOne() throws {
        let run = try Run()
        defer { run.finish() }
        _ = try Self.openTheBigRoute(in: run)
        try run.tmux.send("G")
        let screen = try run.tmux.waitForScreen { $0.contains(BigRoute.oldestText) }
        #expect(screen.contains(BigRoute.oldestText), "\(screen)")
        try run.quit()
    }
}
