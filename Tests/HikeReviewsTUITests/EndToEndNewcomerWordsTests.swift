import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// German reviews, the test repository (Apertium only) and a public index that refuses
    /// connections: under the review, the app says why nothing offers German (the Argos index,
    /// with its neural models, cannot be reached), not only that there is no offline route.
    @Test(.enabled(if: TestRepository.available, "needs make test's pack repository"))
    func germanWithThePublicIndexUnreachableSaysWhy() throws {
        let run = try Run()
        defer { run.finish() }
        let public_ = "http://127.0.0.1:9/index.json"
        try run.start(arguments: "--data '\(Paths.sampleData.path)' --target en",
                      environment: ["HIKE_REVIEWS_STORE": run.folder.appendingPathComponent("store").path,
                                    "HIKE_REVIEWS_PACKS_URL": "file://\(TestRepository.path)/index.json \(public_)",
                                    "HIKE_REVIEWS_PUBLIC_INDEX_URL": public_, "HIKE_REVIEWS_SYSTEM_PAIRS": "0", "HIKE_REVIEWS_PAIRS_PATH": ""])
        _ = try run.tmux.waitForScreen { $0.contains("Tre Cime di Lavaredo") && !$0.contains("detecting languages") }
        // The Tre Cime route (the seventh) has a German review.
        for _ in 0..<6 { try run.tmux.send("j") }
        try run.tmux.send("Enter")
        _ = try run.tmux.waitForScreen { $0.contains("Reviews (") && $0.contains("Tre Cime di Lavaredo Loop") }
        try run.tmux.send("l")
        _ = try run.tmux.waitForScreen { $0.contains("Filter:") }
        try run.tmux.type("German")
        _ = try run.tmux.waitForScreen { $0.contains("German") && !$0.contains("French") }
        try run.tmux.send("Enter")
        _ = try run.tmux.waitForScreen { $0.contains("language: German [de]") }
        try run.tmux.send("T")
        let screen = try run.tmux.waitForScreen { $0.contains("could not be reached") }
        let text = screen.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "▌ ")) }.joined(separator: " ")
        #expect(text.contains("no offline translation from German into English: the Argos index (neural models for more languages) could not be reached"),
                "\(screen)")
        try run.quit()
    }

    /// `detect` and `translate` reading a terminal say once, on stderr, that they wait for
    /// text and how to end it; with the text from a file or a pipe they say nothing.
    @Test(arguments: ["detect", "translate --to es"])
    func readingATerminalSaysHowToEnd(command: String) throws {
        let run = try Run()
        defer { run.finish() }
        try run.start(arguments: "\(command) 2>err >out", environment: ["HIKE_REVIEWS_STORE": run.folder.appendingPathComponent("store").path,
                                                                      "HIKE_REVIEWS_OFFLINE": "1"])
        _ = try run.tmux.waitForScreen { _ in run.file("err")?.isEmpty == false }
        try run.tmux.type("The path was well marked and there was water.")
        try run.tmux.send("Enter")
        try run.tmux.send("C-d")
        #expect(run.waitForExit() != nil)
        let name = command.split(separator: " ")[0]
        let hint = "hike-reviews: \(name): reading text from the terminal, one text per line; Ctrl-D ends"
        let error = run.file("err") ?? ""
        #expect(error.components(separatedBy: hint).count == 2, "once: \(error)")
        #expect(!(run.file("out") ?? "").contains("reading text"), "not on stdout")

        let piped = try CommandLineTests.runBinary(command.split(separator: " ").map(String.init), input: "Hola, amigos.\n",
                                                   environment: ["HIKE_REVIEWS_STORE=\(run.folder.path)/store", "HIKE_REVIEWS_OFFLINE=1"])
        #expect(!piped.error.contains("reading text"), "\(piped.error)")
    }
}
