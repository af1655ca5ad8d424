import Foundation
import TestSupport
import Testing

/// Issue 32 in a real terminal: translating a route's reviews keeps the names of its huts and
/// peaks, which Apertium alone translates as words ("Refugio de Góriz" -> "Shelter of Góriz",
/// "Monte Perdido" -> "Stray Mountain").
@Suite(.serialized, .needs(Tmux.isAvailable, "tmux is installed by `make setup`"), .timeLimit(.minutes(5)))
struct EndToEndPlacesTests {
    /// The screen's text with the selection bar and box lines taken out and runs of whitespace
    /// made one space, so a name wrapped over two lines reads whole.
    static func flattened(_ screen: String) -> String {
        screen.replacingOccurrences(of: "▌", with: " ").replacingOccurrences(of: "│", with: " ")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func count(_ name: String, in text: String) -> Int {
        text.components(separatedBy: name).count - 1
    }

    @Test func gavarniesSpanishReviewKeepsTheHutAndThePeakInEnglish() throws {
        let run = try EndToEndTests.Run()
        defer { run.finish() }
        let store = run.folder.appendingPathComponent("store").path
        try run.start(arguments: "--no-cache --data '\(Paths.sampleData.path)' --target en", width: 110, height: 60,
                      environment: ["HIKE_REVIEWS_STORE": store, "HIKE_REVIEWS_PACKS_URL": "file://\(TestRepository.path)/index.json",
                                    "HIKE_REVIEWS_SYSTEM_PAIRS": "0", "HIKE_REVIEWS_PAIRS_PATH": ""])
        _ = try run.tmux.waitForScreen { $0.contains("Ruta del Cares") && !$0.contains("detecting languages") }
        try run.tmux.send("/")
        try run.tmux.type("Gavarnie")
        try run.tmux.send("Enter")
        _ = try run.tmux.waitForScreen { $0.contains("Cirque de Gavarnie") && !$0.contains("Ruta del Cares") }
        try run.tmux.send("Enter")
        _ = try run.filterOpenRouteToSpanish()
        try run.tmux.send("T")
        _ = try run.tmux.waitForScreen { $0.contains("Download language packs?") }
        try run.tmux.send("Enter")
        let screen = try run.tmux.waitForScreen { $0.contains("es→en · English") && !$0.contains("translating into") }
        let text = Self.flattened(screen)
        // Once in the review, once in its translation under it.
        #expect(Self.count("Refugio de Góriz", in: text) == 2, "\(screen)")
        #expect(Self.count("Monte Perdido", in: text) == 2, "\(screen)")
        #expect(!text.contains("Shelter of Góriz") && !text.contains("Stray Mountain"), "\(screen)")
        // The words around the names are translated (Apertium: "sleep in the ...", "go up to the ...").
        #expect(text.contains("in the Refugio de Góriz and in the morning") && text.contains("up to the Monte Perdido"), "\(screen)")
        try run.quit()
    }
}
