import Dispatch

/// Where completion handlers and notifications are delivered: the main queue, as ML Kit does.
///
/// Nothing arrives unless something runs the main queue: an app's run loop, `dispatchMain()`,
/// `RunLoop.main.run()`, or an `async` `main` (which drains it while it awaits). On Linux the main
/// queue may be drained by a thread that is not the process's first one (under `dispatchMain()`
/// it is not), so a handler can count on `DispatchQueue.main` and the main actor, not on
/// `Thread.isMainThread`.
enum MainQueue {
    static func async(_ body: @escaping @MainActor () -> Void) {
        DispatchQueue.main.async { MainActor.assumeIsolated(body) }
    }
}
