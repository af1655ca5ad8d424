/// Something that happened: a key, a resize, or the result of background work.
enum Action: Equatable, Sendable {
    case keyPressed(Key)
    case resized(width: Int, height: Int)
    /// Detected languages for some reviews (review id -> BCP 47 tag) and the running count.
    case languagesDetected([String: String], done: Int, total: Int)
    /// A signal (SIGINT, SIGTERM, SIGHUP) asked the app to stop.
    case terminationRequested
}
