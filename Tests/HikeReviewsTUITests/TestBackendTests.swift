import Foundation
import TestSupport
import Testing
import TranslationEngine
@testable import HikeReviewsTUI

/// The app's real main loop on a `TestBackend`: keys in, frames out, the real effect runner,
/// engine and make test's pack repository, no terminal.
///
/// Generous limits: in a full run, the blocking tests beside these hold the cooperative pool
/// the runner needs (a minute was seen to be too little); timing goals live in bench/.
@Suite(.serialized, .needs(TestRepository.available, "needs make test's pack repository"), .timeLimit(.minutes(6)))
struct TestBackendTests {
    @MainActor
    final class Session {
        let queue = ActionQueue()
        let backend: TestBackend
        let runner: EffectRunner
        let loop: Task<AppState, Never>

        init() {
            let store = Scratch.root.appendingPathComponent("backend-store-\(UUID().uuidString)").path
            let manager = PackManager(store: PackStore(root: store), repositoryURL: URL(fileURLWithPath: TestRepository.path + "/index.json"), offline: true)
            let backend = TestBackend(size: .init(width: 100, height: 30), queue: queue)
            let runner = EffectRunner(queue: queue, detector: RecognizerDetector(), engine: .testRunner, manager: manager)
            let queue = self.queue
            self.backend = backend
            self.runner = runner
            loop = Task { @MainActor in
                await AppRunner.loop(backend, state: AppState(routes: Fixtures.catalog.routes, size: backend.size, targetLanguage: "en"),
                                     runner: runner, queue: queue)
            }
        }

        var screen: String { backend.frames.last.map { Snapshot.text(of: $0) } ?? "" }

        func type(_ script: String) {
            backend.type(ScriptedSessionTests.keys(script))
        }

        /// Waits (up to 90 s) for a frame that satisfies `done`; returns the last frame's text.
        @discardableResult
        func waitForScreen(_ done: (String) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
            // A safety net: a machine loaded far past two hogs once took past 90 s here.
            let deadline = ContinuousClock.now + .seconds(240)
            while !done(screen) {
                try #require(ContinuousClock.now < deadline, "timed out on:\n\(screen)", sourceLocation: sourceLocation)
                try await Task.sleep(for: .milliseconds(10))
            }
            return screen
        }
    }
}

extension TestBackendTests {
    @MainActor @Test func anotherTargetAfterTranslatingTranslatesAgainThroughTheLoop() async throws {
        let session = Session()
        try await session.waitForScreen { $0.contains("Ruta del Cares") && !$0.contains("detecting languages") }
        session.type("<enter> l Spanish <enter>")
        try await session.waitForScreen { $0.contains("language: Spanish [es]") }
        session.type("T")
        try await session.waitForScreen { $0.contains("Download language packs?") }
        session.type("<enter>")
        try await session.waitForScreen { $0.contains("es→en · English") }
        session.type("L")
        try await session.waitForScreen { $0.contains("Translate into") }
        session.type("French <enter>")
        let consent = try await session.waitForScreen { $0.contains("Download language packs?") }
        #expect(consent.contains("fr-es"), "\(consent)")
        session.type("<enter>")
        let french = try await session.waitForScreen { $0.contains("es→fr · French") && !$0.contains("es→en") }
        #expect(!french.contains("es→en"))
        session.type("q")
        let final = await session.loop.value
        #expect(final.shouldQuit && final.translation.target == "fr")
        await session.runner.cancelAll()
    }

    @MainActor @Test func aResizeRedrawsAtTheNewSize() async throws {
        let session = Session()
        try await session.waitForScreen { $0.contains("Ruta del Cares") }
        session.backend.resizeTerminal(width: 60, height: 12)
        try await session.waitForScreen { _ in session.backend.frames.last?.width == 60 }
        #expect(session.backend.frames.last?.height == 12)
        session.type("q")
        _ = await session.loop.value
        await session.runner.cancelAll()
    }
}
