import Synchronization

/// SwiftUI's `.translationTask(_:action:)` for programs without SwiftUI: it runs an action with a
/// new `TranslationSession` each time its configuration changes.
///
/// It is only the Apple-shaped adapter, for code ported from Apple's API: the engine's own hosts
/// (the app's runner, the CLI, the server, ML Kit) give `BatchTranslator` their texts and a
/// configuration and cancel its iteration, with no session of their own to make and drop.
///
/// Code written from Apple's documentation keeps its shape: where a view held
/// `@State var configuration` and `.translationTask(configuration) { session in ... }`, the
/// program holds a host made with the action and sets `host.configuration`.
///
/// - Setting a non-nil configuration runs the action with a session made from it by
///   `TranslationSession(configuration:)`.
/// - A changed configuration (other languages, or `host.configuration?.invalidate()` bumping its
///   version) runs the action again, with a new session; a run still going is cancelled: its
///   task, so `Task.isCancelled` turns true and cancellable waits throw, and its session, so
///   its later requests throw `alreadyCancelled`.
/// - Setting an equal configuration does nothing; nil cancels the run and starts none.
/// - A host that goes away cancels its run, as a view that disappears does.
///
/// The action runs on the main actor, as SwiftUI runs `.translationTask`'s closure: it may
/// assign the state of a `@MainActor` class it belongs to (Apple's view bodies and the
/// tutorial's `lazy var host = TranslationTaskHost { [weak self] session in ... }` compile as
/// written), and its translations still run off it, since the session is an actor. Only the
/// session is made off the main actor (making one reads the pack store from disk). Await the
/// translations inside the action, rather than starting a `Task` there, so that cancelling and
/// `waitUntilIdle()` reach them.
@MainActor
public final class TranslationTaskHost {
    /// What a run does with its session.
    typealias Action = @MainActor (TranslationSession) async -> Void
    /// How a run's session is made from the configuration.
    public typealias SessionFactory = @Sendable (TranslationSession.Configuration) -> TranslationSession

    /// What the runs translate: nil runs nothing; a change runs the action again.
    public var configuration: TranslationSession.Configuration? {
        didSet {
            // `host.configuration?.invalidate()` is a set too; an equal value is not a change.
            guard configuration != oldValue else { return }
            if let current { runs[current]?.cancel() }
            current = nil
            if let configuration { current = start(configuration) }
        }
    }

    private let action: Action
    private let makeSession: SessionFactory
    /// Every run whose task has not ended, cancelled ones included: `waitUntilIdle()` waits on
    /// them all, since a cancelled action may take its time to notice.
    private var runs: [Int: Run] = [:]
    /// The run of the present configuration, if it has not ended.
    private var current: Int?
    private var nextRun = 0

    /// A host that runs `action` whenever its configuration is set to a new non-nil value.
    public convenience init(action: @escaping @MainActor (TranslationSession) async -> Void) {
        self.init(makeSession: { TranslationSession(configuration: $0) }, action: action)
    }

    /// A host whose sessions are made in `engine` (`TranslationSession(configuration:in:)`).
    public convenience init(in engine: Engine, action: @escaping @MainActor (TranslationSession) async -> Void) {
        self.init(makeSession: { TranslationSession(configuration: $0, in: engine) }, action: action)
    }

    /// A host whose sessions come from `makeSession`: a host with its own consent handler, pack
    /// manager or memory for its sessions, or tests' sessions over their own pairs and pool.
    public init(makeSession: @escaping @Sendable (TranslationSession.Configuration) -> TranslationSession,
                action: @escaping @MainActor (TranslationSession) async -> Void) {
        self.makeSession = makeSession
        self.action = action
    }

    isolated deinit {
        for run in runs.values { run.cancel() }
    }

    /// Returns when no run is going: the present one has ended, and so has every cancelled one
    /// (an action that ignores cancellation is waited for), including runs started while waiting.
    /// Returns at once when nothing runs.
    public func waitUntilIdle() async {
        while let run = runs.values.first {
            await run.task.value
        }
    }

    /// Starts a run of the action for `configuration`; returns its number.
    private func start(_ configuration: TranslationSession.Configuration) -> Int {
        let number = nextRun
        nextRun += 1
        let slot = SessionSlot()
        let makeSession = makeSession, action = action
        let task = Task { @MainActor [weak self] in
            await Self.perform(configuration, slot: slot, makeSession: makeSession, action: action)
            self?.ended(number)
        }
        runs[number] = Run(task: task, session: slot)
        return number
    }

    /// The part of a run that happens off the main actor: make the session, then run the action
    /// (on the main actor, as its type says).
    @concurrent
    private nonisolated static func perform(_ configuration: TranslationSession.Configuration, slot: SessionSlot,
                                            makeSession: SessionFactory, action: Action) async {
        guard !Task.isCancelled else { return }
        let session = makeSession(configuration)
        // Cancelled while the session was being made: it is cancelled, and the action not run.
        guard slot.hold(session) else { return }
        await action(session)
    }

    private func ended(_ number: Int) {
        runs[number] = nil
        if current == number { current = nil }
    }
}

extension TranslationTaskHost {
    /// One run: its task, and the session it made once it has.
    private struct Run {
        let task: Task<Void, Never>
        let session: SessionSlot

        func cancel() {
            task.cancel()
            session.cancel()
        }
    }

    /// The session of a run, which is made on another thread than the one that may cancel it.
    private final class SessionSlot: Sendable {
        private enum State {
            case waiting
            case made(TranslationSession)
            case cancelled
        }

        private let state = Mutex(State.waiting)

        /// Keeps `session` for `cancel()`; if the run was cancelled already, cancels the session
        /// and returns false.
        func hold(_ session: TranslationSession) -> Bool {
            let kept = state.withLock { state in
                guard case .waiting = state else { return false }
                state = .made(session)
                return true
            }
            if !kept { session.cancel() }
            return kept
        }

        /// Cancels the session if it was made; otherwise `hold` will.
        func cancel() {
            let session = state.withLock { state -> TranslationSession? in
                defer { state = .cancelled }
                if case .made(let session) = state { return session }
                return nil
            }
            session?.cancel()
        }
    }
}
