import Dispatch

/// Tells whether code runs on the main dispatch queue, which executes the main actor's jobs.
///
/// `Thread.isMainThread` cannot be used: on Linux the test runner drains the main
/// queue on a thread that Foundation does not report as the main thread.
enum MainQueueMarker {
    private static let key = DispatchSpecificKey<Bool>()
    private static let installed: Void = DispatchQueue.main.setSpecific(key: key, value: true)

    /// True while running a main-actor job.
    static var isOnMainQueue: Bool {
        installed
        return DispatchQueue.getSpecific(key: key) == true
    }
}
