import Foundation
import ReviewModel
import TranslationEngine

/// Runs the interactive app: curses in, actions through the reducer, frames out.
///
/// The loop awaits one queue: the effect runner's results, the input watcher's "keys can be
/// read", window changes and termination signals all arrive there. Each wake-up reduces every
/// waiting action, then draws one frame.
@MainActor
enum AppRunner {
    static func run(catalog: RouteCatalog, target: String, engine: Engine) async -> Int32 {
        let signals = SignalFlag.shared
        let queue = ActionQueue()
        guard let watcher = InputWatcher(queue: queue) else {
            StandardError.print("hike-reviews: cannot open a pipe to wait for input")
            return 1
        }
        // Before initscr: with a SIGWINCH handler in place curses leaves window changes to us.
        installSignalHandlers()
        // Its refusal is said while stderr is still the terminal's.
        let trace = FrameTrace()
        if let problem = trace.problem { StandardError.print(problem) }

        TerminalRescue.shared.arm()
        let backend = CursesBackend()
        backend.start()
        defer {
            backend.stop()
            TerminalRescue.shared.disarm()
        }

        let runner = EffectRunner(queue: queue, detector: RecognizerDetector(recognizer: engine.recognizer), engine: engine)
        // Any session of the engine made from a Configuration in the app asks through the modal
        // dialog, and remembers in the engine's memory.
        engine.consentHandler = runner.consent
        // stderr is under curses: the memory's one warning goes to the status line.
        engine.memory?.setWarningHandler { warning in queue.send(.memoryWarning(warning.message)) }
        watcher.start()
        // A signal before the watcher had its pipe is in the flag only.
        if signals.signal != 0 { queue.send(.terminationRequested) }

        backend.watcher = watcher
        let state = AppState(routes: catalog.routes, size: backend.size, targetLanguage: target)
        _ = await loop(backend, state: state, runner: runner, queue: queue, trace: trace)
        watcher.stop()
        await runner.cancelAll()
        let signal = signals.signal
        // Exit like a process killed by the signal would, after the terminal is restored.
        return signal == 0 ? 0 : 128 + signal
    }

    /// Draws the first frame, then reduces what `queue` brings and draws until the state
    /// says quit; returns the last state. The same loop runs on curses and on a `TestBackend`.
    static func loop(_ backend: some TerminalBackend, state initial: AppState, runner: EffectRunner, queue: ActionQueue,
                     trace: FrameTrace = FrameTrace()) async -> AppState {
        var state = initial
        // The one layout cache, outside the state: the reducer measures with it, the renderer draws from it.
        let layout = LaidOutBlocks()
        await runner.run(state.initialEffects)
        let first = AppView.render(state, layout: layout)
        backend.write(backend.changes(to: first), of: first)
        trace.frameDrawn()

        while !state.shouldQuit {
            var actions: [Action] = []
            var keyRead: UInt64?
            var keys = 0
            for action in await queue.next() {
                switch action {
                case .inputReady:
                    keyRead = FrameTrace.now()
                    while let key = backend.readKey() {
                        if case .resized = key { backend.invalidate() }
                        actions.append(key)
                        keys += 1
                    }
                    backend.keysRead()
                case .resized(let width, let height):
                    backend.resize(width: width, height: height)
                    actions.append(action)
                default:
                    actions.append(action)
                }
            }
            guard !actions.isEmpty else { continue }
            // A signal is answered before whatever waited with it: the app quits anyway.
            if actions.contains(where: { if case .terminationRequested = $0 { true } else { false } }) {
                actions = [.terminationRequested]
            }
            let wasDetecting = !state.detection.isFinished
            for action in actions {
                await runner.run(state.reduce(action, layout: layout))
                if state.shouldQuit { break }
            }
            let frame = AppView.render(state, layout: layout)
            let changes = backend.changes(to: frame)
            let computed = FrameTrace.now()
            backend.write(changes, of: frame)
            if let keyRead, keys > 0 { trace.keyHandled(since: keyRead, computed: computed, keys: keys) }
            if wasDetecting && state.detection.isFinished { trace.detectionFinished() }
        }
        return state
    }

    /// Routes SIGINT, SIGTERM and SIGHUP to the flag and the input watcher's pipe, so the
    /// terminal is always restored, and SIGWINCH to the pipe.
    ///
    /// The handlers only store into a lock-free atomic and write(2) one byte, both safe inside
    /// a signal handler.
    private static func installSignalHandlers() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { received in
                SignalFlag.shared.raise(received)
            }
        }
        signal(SIGWINCH) { _ in
            SignalFlag.shared.wake(InputWatcher.Wake.resize)
        }
    }
}
