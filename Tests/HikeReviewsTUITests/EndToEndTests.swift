import Foundation
import TestSupport
import Testing

/// The real binary in a real terminal (tmux): keys in, screens out, terminal restored.
@Suite(.serialized, .needs(Tmux.isAvailable, "tmux is installed by `make setup`"), .timeLimit(.minutes(3)))
struct EndToEndTests {
    /// A scratch folder with a launcher script that records `stty -g` before and after the app.
    struct Run {
        let folder: URL
        let tmux = Tmux()

        init() throws {
            folder = Scratch.root.appendingPathComponent("hike-e2e-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        func start(arguments: String, width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
            let script = """
                #!/bin/sh
                cd '\(folder.path)'
                stty -g > before
                sh -c 'echo $$ > pid; exec "$0" "$@"' '\(Paths.binary.path)' \(arguments)
                code=$?
                stty -g > after
                echo $code > status.tmp && mv status.tmp status
                sleep 60
                """
            let launcher = folder.appendingPathComponent("launch.sh")
            try script.write(to: launcher, atomically: true, encoding: .utf8)
            try tmux.start("sh '\(launcher.path)'", width: width, height: height,
                           environment: ["LANG": "C.UTF-8", "TERM": "xterm-256color"].merging(environment) { $1 })
        }

        func file(_ name: String) -> String? {
            (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Waits for the launcher to write the exit status.
        func waitForExit(timeout: Double = 60) -> String? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                // The launcher writes `after` first, then renames `status` into place.
                if let status = file("status") { return status }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return nil
        }

        /// Starts the app on the sample data with an empty pack store (returned) and the pack
        /// repository `index`, waits for detection, opens the Cares route filtered to Spanish and
        /// presses T; returns when the consent dialog is up.
        func translateCaresFromAnEmptyStore(index: String, environment: [String: String] = [:]) throws -> String {
            let store = folder.appendingPathComponent("store").path
            try start(arguments: "--data '\(Paths.sampleData.path)' --target en",
                      environment: ["HIKE_REVIEWS_STORE": store, "HIKE_REVIEWS_PACKS_URL": index,
                                    "HIKE_REVIEWS_SYSTEM_PAIRS": "0", "HIKE_REVIEWS_PAIRS_PATH": ""].merging(environment) { $1 })
            _ = try tmux.waitForScreen { $0.contains("Ruta del Cares") && !$0.contains("detecting languages") }
            _ = try openCaresFilteredToSpanish()
            try tmux.send("T")
            _ = try tmux.waitForScreen { $0.contains("Download language packs?") }
            return store
        }

        /// From the route list: open the Cares route (the first), filter it to Spanish.
        func openCaresFilteredToSpanish() throws -> String {
            try tmux.send("Enter")
            return try filterOpenRouteToSpanish()
        }

        /// On a route screen: filters its reviews to Spanish.
        func filterOpenRouteToSpanish() throws -> String {
            _ = try tmux.waitForScreen { $0.contains("Reviews (") }
            try tmux.send("l")
            _ = try tmux.waitForScreen { $0.contains("Filter:") }
            try tmux.type("Spanish")
            _ = try tmux.waitForScreen { $0.contains("Spanish") && !$0.contains("French") }
            try tmux.send("Enter")
            return try tmux.waitForScreen { $0.contains("language: Spanish [es]") }
        }

        /// After the key that starts eng-spa's download: waits for the Spanish reviews translated
        /// and checks the pack is in `store`; returns the screen.
        func waitForSpanishTranslated(store: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            let screen = try tmux.waitForScreen { $0.contains("es→en · English") }
            #expect(screen.contains("es→en · English"), "\(screen)", sourceLocation: sourceLocation)
            #expect(FileManager.default.fileExists(atPath: store + "/eng-spa/pack.json"), "the pack was installed", sourceLocation: sourceLocation)
            return screen
        }

        /// Presses q and expects the app to exit with status 0.
        func quit(sourceLocation: SourceLocation = #_sourceLocation) throws {
            try tmux.send("q")
            #expect(waitForExit() == "0", sourceLocation: sourceLocation)
        }

        func finish() {
            tmux.kill()
            try? FileManager.default.removeItem(at: folder)
        }
    }
}

extension EndToEndTests {
    @Test func browseFilterResizeAndQuit() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Paths.binary.path), "build first: swift build")
        let run = try Run()
        defer { run.finish() }
        try run.start(arguments: "--data '\(Paths.sampleData.path)'")

        var screen = try run.tmux.waitForScreen { $0.contains("Ruta del Cares") && !$0.contains("detecting languages") }
        #expect(screen.contains("HikeReviews"))
        #expect(screen.contains("Country"))
        #expect(screen.contains("es "), "the languages column lists Spanish for the Cares route")

        _ = try run.openCaresFilteredToSpanish()
        // The title line is drawn before the reviews under it: wait for the whole frame (tmux can
        // be read between the two), then check it.
        func tags(_ screen: String) -> [String] { screen.matches(of: /\[([a-z]{2,3}|…)\]/).map { String($0.output.1) } }
        screen = try run.tmux.waitForScreen { $0.contains("language: Spanish [es]") && !tags($0).isEmpty && tags($0).allSatisfy { $0 == "es" } }
        #expect(screen.contains("Ruta del Cares"))
        #expect(screen.contains("language: Spanish [es]"))
        let tags = tags(screen)
        #expect(!tags.isEmpty)
        #expect(tags.allSatisfy { $0 == "es" }, "only Spanish reviews are shown: \(tags)")

        try run.tmux.resize(width: 50, height: 12)
        screen = try run.tmux.waitForScreen { $0.split(separator: "\n").allSatisfy { $0.count <= 50 } && $0.contains("HikeReviews") }
        #expect(screen.contains("HikeReviews"))
        try run.tmux.resize(width: 15, height: 5)
        screen = try run.tmux.waitForScreen { $0.contains("too small") }
        #expect(screen.contains("too small"))
        try run.tmux.resize(width: 100, height: 30)
        screen = try run.tmux.waitForScreen { $0.contains("language: Spanish [es]") }
        #expect(screen.contains("language: Spanish [es]"), "the filter survives resizing")

        try run.tmux.send("q")
        let status = run.waitForExit()
        #expect(status == "0")
        #expect(run.file("before") != nil)
        #expect(run.file("before") == run.file("after"), "stty settings restored on quit")
    }

    /// TERM, HUP and INT end the app cleanly; SEGV and ABRT stand in for a crash, which the
    /// rescue handler answers by restoring the terminal before the process dies of the signal.
    @Test(arguments: [("TERM", "143"), ("HUP", "129"), ("INT", "130"), ("SEGV", "139"), ("ABRT", "134")])
    func signalRestoresTerminal(signal: String, expectedStatus: String) throws {
        let run = try Run()
        defer { run.finish() }
        try run.start(arguments: "--data '\(Paths.sampleData.path)'")
        _ = try run.tmux.waitForScreen { $0.contains("Ruta del Cares") }
        let pid = try #require(run.file("pid").flatMap { Int32($0) })
        let number: Int32 = switch signal {
        case "TERM": SIGTERM
        case "HUP": SIGHUP
        case "SEGV": SIGSEGV
        case "ABRT": SIGABRT
        default: SIGINT
        }
        #expect(kill(pid, number) == 0)
        let status = run.waitForExit()
        #expect(status == expectedStatus)
        #expect(run.file("before") == run.file("after"), "stty settings restored after SIG\(signal)")
    }

    /// The issue's own walk-through, from an empty store with the test repository: open a route
    /// with Spanish reviews, filter to Spanish, T, Enter on the consent dialog, English inline.
    /// Also under a locale that is not installed (only C.UTF-8 is, as in most containers): the
    /// app still draws UTF-8 and translation still works.
    @Test(.needs(TestRepository.available, "needs make test's pack repository"),
          arguments: [[:], ["LANG": "en_US.UTF-8"], ["LANG": "en_US.UTF-8", "LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]])
    func translateSpanishReviewsFromAnEmptyStore(locale: [String: String]) throws {
        let run = try Run()
        defer { run.finish() }
        let store = run.folder.appendingPathComponent("store").path
        try run.start(arguments: "--data '\(Paths.sampleData.path)' --target en",
                      environment: ["HIKE_REVIEWS_STORE": store, "HIKE_REVIEWS_PACKS_URL": "file://\(TestRepository.path)/index.json",
                                    "HIKE_REVIEWS_SYSTEM_PAIRS": "0", "HIKE_REVIEWS_PAIRS_PATH": ""].merging(locale) { $1 })
        let list = try run.tmux.waitForScreen { $0.contains("Ruta del Cares") && !$0.contains("detecting languages") }
        #expect(list.contains("★") && list.contains("Poncebos – Caín") && list.contains("Premužić"), "UTF-8 drawn under \(locale): \(list)")
        _ = try run.openCaresFilteredToSpanish()
        try run.tmux.send("T")
        var screen = try run.tmux.waitForScreen { $0.contains("Download language packs?") }
        #expect(screen.contains("English - Spanish (eng-spa)"))
        #expect(screen.contains("Download (Enter)"))
        try run.tmux.send("Enter")
        screen = try run.waitForSpanishTranslated(store: store)
        #expect(!screen.contains("translation failed"))
        try run.quit()
        #expect(run.file("before") == run.file("after"), "stty settings restored on quit")
    }

    /// After `T` translated the Spanish reviews into English, `L` choosing French translates them
    /// into French by itself (asking for fr-es first): no English is left on screen.
    @Test(.needs(TestRepository.available, "needs make test's pack repository"))
    func anotherTargetAfterTranslatingTranslatesAgain() throws {
        let run = try Run()
        defer { run.finish() }
        let store = try run.translateCaresFromAnEmptyStore(index: "file://\(TestRepository.path)/index.json")
        try run.tmux.send("Enter")
        _ = try run.waitForSpanishTranslated(store: store)
        try run.tmux.send("L")
        _ = try run.tmux.waitForScreen { $0.contains("Translate into") }
        try run.tmux.type("French")
        _ = try run.tmux.waitForScreen { $0.contains("French") && !$0.contains("English [en]") }
        try run.tmux.send("Enter")
        var screen = try run.tmux.waitForScreen { $0.contains("Download language packs?") }
        #expect(screen.contains("fr-es"), "\(screen)")
        try run.tmux.send("Enter")
        screen = try run.tmux.waitForScreen { $0.contains("es→fr · French") && !$0.contains("es→en") }
        #expect(screen.contains("es→fr · French") && !screen.contains("es→en"), "\(screen)")
        try run.quit()
    }
}
