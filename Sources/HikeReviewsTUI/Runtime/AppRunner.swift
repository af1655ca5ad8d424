import Foundation
import ReviewModel
import TranslationEngine

/// Runs the interactive app: curses in, actions through the reducer, frames out.
@MainActor
enum AppRunner {
    static func run(catalog: RouteCatalog, target: String) async -> Int32 {
        let signals = SignalFlag.shared
        installSignalHandlers()

        TerminalRescue.shared.arm()
        let backend = CursesBackend()
        backend.start()
        defer {
            backend.stop()
            TerminalRescue.shared.disarm()
        }

        let queue = ActionQueue()
        let runner = EffectRunner(queue: queue, detector: RecognizerDetector())
        // Any session made from a Configuration in the app asks through the modal dialog.
        TranslationSession.defaultConsentHandler = runner.consent

        let trace = FrameTrace()
        var state = AppState(routes: catalog.routes, size: backend.size, targetLanguage: target)
        await runner.run(state.initialEffects)
        let first = AppView.render(state)
        backend.write(backend.changes(to: first), of: first)
        trace.frameDrawn()

        while !state.shouldQuit {
            if signals.signal != 0 {
                _ = state.reduce(.terminationRequested)
                break
            }
            var actions = queue.drain()
            // Wait for a key only when nothing else is pending; then take every key already typed.
            var key = backend.readKey(timeout: actions.isEmpty ? 50 : 0)
            let keyRead = FrameTrace.now()
            var keys = 0
            while let action = key {
                actions.append(action)
                keys += 1
                key = backend.readKey(timeout: 0)
            }
            guard !actions.isEmpty else { continue }
            let wasDetecting = !state.detection.isFinished
            for action in actions {
                if case .resized = action { backend.invalidate() }
                await runner.run(state.reduce(action))
                if state.shouldQuit { break }
            }
            let frame = AppView.render(state)
            let changes = backend.changes(to: frame)
            let computed = FrameTrace.now()
            backend.write(changes, of: frame)
            if keys > 0 { trace.keyHandled(since: keyRead, computed: computed, keys: keys) }
            if wasDetecting && state.detection.isFinished { trace.detectionFinished() }
        }
        await runner.cancelAll()
        let signal = signals.signal
        // Exit like a process killed by the signal would, after the terminal is restored.
        return signal == 0 ? 0 : 128 + signal
    }

    /// Routes SIGINT, SIGTERM and SIGHUP to a flag the loop checks, so the terminal is always restored.
    ///
    /// The handler only stores into a lock-free atomic, which is safe inside a signal handler;
    /// the loop notices within one key timeout (50 ms).
    private static func installSignalHandlers() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { received in
                SignalFlag.shared.raise(received)
            }
        }
    }
}
