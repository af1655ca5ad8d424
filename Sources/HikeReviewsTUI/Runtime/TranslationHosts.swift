import TranslationEngine

/// The app's `.translationTask`s: one `TranslationTaskHost` per purpose (a route screen, an
/// overlay, reviews whose language the user named), driven by the configurations the reducer
/// owns. A `.translate` effect sets its purpose's host's configuration; the host makes the
/// session and runs the runner's work with it, cancelling the run of an older configuration.
@MainActor
final class TranslationHosts {
    typealias Work = @Sendable (TranslationTask.Purpose, TranslationSession) async -> Void
    typealias SessionFactory = @Sendable (TranslationSession.Configuration) -> TranslationSession

    private var hosts: [TranslationTask.Purpose: TranslationTaskHost] = [:]
    private let makeSession: SessionFactory
    private let work: Work

    nonisolated init(makeSession: @escaping SessionFactory, work: @escaping Work) {
        self.makeSession = makeSession
        self.work = work
    }

    /// Runs `task`'s purpose with its configuration. The reducer emits the effect when the
    /// configuration changed or the screen asks anew (a view that appears again): an equal
    /// configuration is taken as a new appearance, so it runs again too.
    func show(_ task: TranslationTask) {
        let purpose = task.purpose
        let host = hosts[purpose] ?? {
            let work = self.work
            let made = TranslationTaskHost(makeSession: makeSession) { session in await work(purpose, session) }
            hosts[purpose] = made
            return made
        }()
        if host.configuration == task.configuration { host.configuration = nil }
        host.configuration = task.configuration
    }

    /// Cancels every run and forgets the hosts (leaving a screen: its views are gone).
    func cancelAll() {
        for host in hosts.values { host.configuration = nil }
        hosts.removeAll()
    }

    /// The configuration `purpose`'s host holds (nil: none, or no host).
    func configuration(of purpose: TranslationTask.Purpose) -> TranslationSession.Configuration? {
        hosts[purpose]?.configuration
    }

    /// Returns when no host runs anything.
    func waitUntilIdle() async {
        for host in hosts.values { await host.waitUntilIdle() }
    }
}
