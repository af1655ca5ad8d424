import Foundation
import TestSupport
import Testing

extension EndToEndTests {
    /// A paste of 10,000 `L`s on a route screen: one "Translate into" picker takes them all
    /// (the first opens it, the rest are typed into its filter), one Esc closes it and `q`
    /// quits. It once opened a picker per key, and the app looked frozen.
    @Test func aBurstOfKeysOpensOneModalAndQStillQuits() throws {
        let run = try Run()
        defer { run.finish() }
        let store = run.folder.appendingPathComponent("store").path
        try run.start(arguments: "--data '\(Paths.sampleData.path)' --target en",
                      environment: ["HIKE_REVIEWS_STORE": store, "HIKE_REVIEWS_OFFLINE": "1"])
        _ = try run.tmux.waitForScreen { $0.contains("Ruta del Cares") && !$0.contains("detecting languages") }
        try run.tmux.send("Enter")
        _ = try run.tmux.waitForScreen { $0.contains("Reviews (") }
        try run.tmux.type(String(repeating: "L", count: 10_000))
        var screen = try run.tmux.waitForScreen { $0.contains("Translate into") }
        #expect(screen.contains("Translate into"), "\(screen)")
        // The keys reach the app in order: this Esc comes after every L.
        try run.tmux.send("Escape")
        screen = try run.tmux.waitForScreen { !$0.contains("Translate into") }
        #expect(!screen.contains("Translate into"), "one Esc closes the one picker: \(screen)")
        try run.quit()
    }
}
