import Foundation
import TestSupport
import Testing

/// Issue 13 in a real terminal: a route translated in one run shows translated in the next,
/// with no `T`, from the translation memory on disk.
@Suite(.serialized, .needs(Tmux.isAvailable, "tmux is installed by `make setup`"), .timeLimit(.minutes(3)))
struct EndToEndMemoryTests {
    @Test func aRouteTranslatedBeforeQuittingShowsTranslatedAfterAStartAgain() throws {
        let first = try EndToEndTests.Run()
        defer { first.finish() }
        let cache = first.folder.appendingPathComponent("cache").path
        let memory = ["HIKE_REVIEWS_CACHE": "1", "HIKE_REVIEWS_CACHE_DIR": cache]
        let store = try first.translateCaresFromAnEmptyStore(index: "file://\(TestRepository.path)/index.json", environment: memory)
        try first.tmux.send("Enter")
        var screen = try first.waitForSpanishTranslated(store: store)
        #expect(!screen.contains("remembered") && !screen.contains("from memory"), "nothing was in the memory yet: \(screen)")
        try first.quit()
        #expect(FileManager.default.fileExists(atPath: cache + "/memory.sqlite"), "the memory is a file in HIKE_REVIEWS_CACHE_DIR")

        // The same store and memory, a new process: the route opens translated.
        let second = try EndToEndTests.Run()
        defer { second.finish() }
        try second.start(arguments: "--data '\(Paths.sampleData.path)' --target en",
                         environment: ["HIKE_REVIEWS_STORE": store, "HIKE_REVIEWS_PACKS_URL": "file://\(TestRepository.path)/index.json",
                                       "HIKE_REVIEWS_SYSTEM_PAIRS": "0", "HIKE_REVIEWS_PAIRS_PATH": ""].merging(memory) { $1 })
        _ = try second.tmux.waitForScreen { $0.contains("Ruta del Cares") && !$0.contains("detecting languages") }
        _ = try second.openCaresFilteredToSpanish()
        screen = try second.tmux.waitForScreen { $0.contains("es→en · remembered") && $0.contains("from memory") }
        #expect(screen.contains("es→en · remembered · English"), "\(screen)")
        #expect(screen.contains("from memory"), "the status line counts what came from memory: \(screen)")
        #expect(!screen.contains("translating into") && !screen.contains("Download language packs?"), "\(screen)")
        // T has nothing left to translate: no pending line appears.
        try second.tmux.send("T")
        Thread.sleep(forTimeInterval: 0.5)
        screen = try second.tmux.screen()
        #expect(!screen.contains("translating into"), "\(screen)")
        try second.quit()
    }

    @Test func withNoCacheNothingIsRemembered() throws {
        let first = try EndToEndTests.Run()
        defer { first.finish() }
        let cache = first.folder.appendingPathComponent("cache").path
        let memory = ["HIKE_REVIEWS_CACHE": "1", "HIKE_REVIEWS_CACHE_DIR": cache]
        let store = first.folder.appendingPathComponent("store").path
        try first.start(arguments: "--no-cache --data '\(Paths.sampleData.path)' --target en",
                        environment: ["HIKE_REVIEWS_STORE": store, "HIKE_REVIEWS_PACKS_URL": "file://\(TestRepository.path)/index.json",
                                      "HIKE_REVIEWS_SYSTEM_PAIRS": "0", "HIKE_REVIEWS_PAIRS_PATH": ""].merging(memory) { $1 })
        _ = try first.tmux.waitForScreen { $0.contains("Ruta del Cares") && !$0.contains("detecting languages") }
        _ = try first.openCaresFilteredToSpanish()
        try first.tmux.send("T")
        _ = try first.tmux.waitForScreen { $0.contains("Download language packs?") }
        try first.tmux.send("Enter")
        _ = try first.waitForSpanishTranslated(store: store)
        try first.quit()
        #expect(!FileManager.default.fileExists(atPath: cache + "/memory.sqlite"), "--no-cache writes no memory")
    }
}
