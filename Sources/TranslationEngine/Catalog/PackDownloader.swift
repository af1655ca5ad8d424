import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
import TextSafety

/// Fetches one pack archive into a file, with progress in bytes.
///
/// http and https go through URLSession; an interrupted transfer is resumed with `Range` only
/// when the server answers 206 at the right offset for the same ETag or Last-Modified,
/// otherwise it starts over. Redirects to another scheme are refused (https -> http among
/// them). `file://` is copied with the same progress. Never more than `expectedSize` bytes are
/// accepted, so a server that keeps talking cannot fill the disk; one that goes quiet or
/// trickles is given up as `limits` says, and with a `deadline` the whole download (connection
/// included) must end within it. When the size is only a bound (an index, an Argos package), a
/// Content-Length the server declares becomes the exact size: progress counts against it, and a
/// transfer that ends short of it is resumed or refused.
///
/// The SHA-256 of what is written is computed as the bytes arrive (a resumed transfer goes on
/// from where the last one stopped; a server that sends the whole file again starts it over),
/// and comes back in the result, so nothing reads the file again to check it.
struct PackDownloader: Sendable {
    /// Refuse every network download (local files still work).
    var offline: Bool
    /// Attempts in all, the first included.
    var attempts = 4
    var limits = DownloadLimits()
    /// What errors call the download: the pack's id, or "index".
    var label = "download"
    /// At most this long for the whole download, connection and every attempt included; nil:
    /// only `limits` apply.
    var deadline: Duration?

    /// Downloads `url` into `destination` (created or replaced); `progress(bytes, total)`, and
    /// `stalled(idle)` about once a second while no byte has come for `limits.stallNotice`.
    /// With `exactSize` false, `expectedSize` is only an upper bound (for an index).
    /// With `conditional` (an ETag or Last-Modified from an earlier fetch), a server that
    /// answers 304 leaves `destination` empty and the result says `notModified`.
    @discardableResult
    func download(_ url: URL, to destination: String, expectedSize: Int, exactSize: Bool = true, conditional: String? = nil,
                  progress: @escaping @Sendable (Int, Int) -> Void,
                  stalled: @escaping @Sendable (Duration) -> Void = { _ in }) async throws(PackError) -> DownloadResult {
        switch url.scheme?.lowercased() {
        case "file":
            let hasher = SHA256()
            try await copyFile(url.path, to: destination, expectedSize: expectedSize, exactSize: exactSize, hasher: hasher, progress: progress)
            return DownloadResult(sha256: hasher.finish())
        case "http", "https":
            if offline { throw .offline(url.absoluteString) }
            return try await fetch(url, to: destination, expectedSize: expectedSize, exactSize: exactSize, conditional: conditional,
                                   progress: progress, stalled: stalled)
        default:
            throw .download("unsupported URL scheme in \(EscapedText.escaped(url.absoluteString))")
        }
    }

    private func copyFile(_ path: String, to destination: String, expectedSize: Int, exactSize: Bool, hasher: SHA256,
                          progress: @escaping @Sendable (Int, Int) -> Void) async throws(PackError) {
        // O_NONBLOCK so a FIFO without a writer cannot block the open; only regular files are read.
        let input = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard input >= 0 else { throw .download("cannot read \(EscapedText.escaped(path)): \(String(cString: strerror(errno)))") }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw .download("\(EscapedText.escaped(path)) is not a regular file")
        }
        // A bound only: the file's own size is what progress counts against.
        let reported = exactSize ? expectedSize : min(expectedSize, Int(status.st_size))
        let output = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw .store("cannot write \(destination): \(String(cString: strerror(errno)))") }
        defer { close(output) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            if Task.isCancelled { throw .cancelled }
            let count = Syscall.retryingOnInterrupt { read(input, buffer.baseAddress, buffer.count) }
            if count < 0 { throw .download("cannot read \(EscapedText.escaped(path)): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            total += count
            if total > expectedSize {
                throw .verification(exactSize ? "the file is larger than the \(expectedSize) bytes the index says"
                                              : "the file is larger than the \(expectedSize >> 20) MB accepted")
            }
            let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            guard FileDescriptorIO.writeAll(output, bytes) else {
                throw .store("cannot write the download: \(String(cString: strerror(errno)))")
            }
            hasher.update(bytes)
            progress(total, max(reported, total))
        }
    }

    private func fetch(_ url: URL, to destination: String, expectedSize: Int, exactSize: Bool, conditional: String?,
                       progress: @escaping @Sendable (Int, Int) -> Void,
                       stalled: @escaping @Sendable (Duration) -> Void) async throws(PackError) -> DownloadResult {
        guard FileManager.default.createFile(atPath: destination, contents: nil),
              let handle = FileHandle(forWritingAtPath: destination) else {
            throw .store("cannot write \(destination)")
        }
        defer { try? handle.close() }
        var validator: String?
        var received = 0
        var lastError = PackError.download("no attempt was made")
        var stalls = 0
        let hasher = SHA256()
        let clock = ContinuousClock()
        let end = deadline.map { (at: clock.now + $0, duration: $0) }
        for _ in 0..<max(1, attempts) {
            if Task.isCancelled { throw .cancelled }
            if let end, clock.now >= end.at {
                throw .timedOut(pack: label, server: Self.server(of: url), .deadline(end.duration))
            }
            // Conditional only while nothing has arrived: a resumed tail is asked with If-Range.
            let transfer = Transfer(handle: handle, url: url, offset: received, validator: validator,
                                    conditional: received == 0 ? conditional : nil,
                                    expectedSize: expectedSize, exactSize: exactSize, limits: limits, label: label,
                                    deadline: end, hasher: hasher, progress: progress, stalled: stalled)
            let outcome = await transfer.run()
            received = transfer.received
            validator = transfer.validator
            switch outcome {
            case .finished:
                return DownloadResult(validator: validator, sha256: hasher.finish())
            case .notModified:
                return DownloadResult(validator: conditional, notModified: true)
            case .failed(let error):
                throw error
            case .interrupted(let error), .stalled(let error):
                if case .stalled = outcome {
                    // Once may be a connection that died silently; twice is the server.
                    stalls += 1
                    if stalls > 1 { throw error }
                }
                lastError = error
                // Without a validator a resumed tail could belong to another file: start over.
                if validator == nil { received = 0 }
            }
        }
        throw lastError
    }

    /// "127.0.0.1:8080", "[::1]:8080", "example.org".
    static func server(of url: URL) -> String {
        guard let host = url.host, !host.isEmpty else { return url.absoluteString }
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return url.port.map { "\(shown):\($0)" } ?? shown
    }

    /// Redirects stay within their scheme: no https -> http downgrade, no jump to file: or ftp:.
    static func allowsRedirect(from: URL, to: URL) -> Bool {
        guard let source = from.scheme?.lowercased(), let target = to.scheme?.lowercased() else { return false }
        return source == target && (target == "http" || target == "https")
    }

}

/// What a download ended with.
struct DownloadResult: Sendable, Equatable {
    /// The ETag, else Last-Modified, of what was fetched (http only).
    var validator: String?
    /// The server answered 304 to the conditional request: nothing was written.
    var notModified = false
    /// Lowercase hex SHA-256 of the file written, computed while it arrived; nil when nothing
    /// was written (304).
    var sha256: String?
}

/// One HTTP request of a download, as a URLSession delegate.
private final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    enum Outcome {
        case finished
        /// 304 to a conditional request.
        case notModified
        /// Worth another attempt (connection dropped).
        case interrupted(PackError)
        /// No byte for the idle timeout: worth one more attempt, not more.
        case stalled(PackError)
        /// Not worth another attempt (404, refused redirect, size exceeded, disk full).
        case failed(PackError)
    }

    struct State {
        var received: Int
        /// The whole file's size as the server declared it (Content-Length of a 200, the total
        /// of a Content-Range), when the size was only a bound.
        var declared: Int?
        /// Bytes of this attempt, never reset (`received` is, when the server restarts at 0).
        var arrived = 0
        var lastByte: ContinuousClock.Instant
        var validator: String?
        var failure: PackError?
        /// The server answered 304 to the conditional request.
        var notModified = false
        /// Set by the watchdog when it gave up on a silent or trickling server.
        var timedOut: PackError?
        var continuation: CheckedContinuation<Outcome, Never>?
        var phase = Phase.waiting
        /// The one cancel of the task was sent (or the delegate answered `.cancel`).
        var cancelSent = false

        /// A reason to end the attempt was recorded (by the delegate, the watchdog or a cancel).
        var isStopping: Bool { failure != nil || timedOut != nil }
    }

    /// Where the attempt's one `URLSessionDataTask` is. The task is made and resumed only by
    /// `run()`, cancelled only by `cancelTask()`, at most once, on the session's serial delegate
    /// queue and only while its completion has not been delivered: swift-corelibs' URLSession
    /// crashes ("a behaviour for a task that in not in the registry") or never completes a task
    /// cancelled before it was resumed or while its completion is in flight.
    enum Phase {
        /// `run()` has not made the task yet: a stop only records its reason, and no task is made.
        case waiting
        /// `run()` is making and resuming it: a stop is acted on by `run()` once it is resumed.
        case starting
        case running(URLSessionDataTask, URLSession)
        /// `urlSession(_:task:didCompleteWithError:)` was delivered, or no task was ever made.
        case ended
    }

    let handle: FileHandle
    let url: URL
    let startOffset: Int
    let requestedValidator: String?
    let conditional: String?
    let expectedSize: Int
    let exactSize: Bool
    let limits: DownloadLimits
    let label: String
    /// When the whole download must have ended, and the duration that was given.
    let deadline: (at: ContinuousClock.Instant, duration: Duration)?
    /// Hashes what is written, across attempts (reset when the server restarts from byte 0).
    /// Like `handle`, touched only by the session's serial delegate queue while `run()` waits,
    /// and by the download between attempts.
    let hasher: SHA256
    let progress: @Sendable (Int, Int) -> Void
    let stalled: @Sendable (Duration) -> Void
    private let clock = ContinuousClock()
    private let state: Mutex<State>

    init(handle: FileHandle, url: URL, offset: Int, validator: String?, conditional: String?, expectedSize: Int, exactSize: Bool,
         limits: DownloadLimits, label: String, deadline: (at: ContinuousClock.Instant, duration: Duration)?, hasher: SHA256,
         progress: @escaping @Sendable (Int, Int) -> Void, stalled: @escaping @Sendable (Duration) -> Void) {
        self.exactSize = exactSize
        self.limits = limits
        self.label = label
        self.deadline = deadline
        self.hasher = hasher
        self.stalled = stalled
        self.handle = handle
        self.url = url
        self.startOffset = offset
        self.requestedValidator = validator
        self.conditional = conditional
        self.expectedSize = expectedSize
        self.progress = progress
        state = Mutex(State(received: offset, lastByte: clock.now, validator: validator))
    }

    var received: Int { state.withLock { $0.received } }
    var validator: String? { state.withLock { $0.validator } }

    func run() async -> Outcome {
        // Our watchdog measures idleness and the deadline; URLSession's own timeout only backs it up.
        var timeout = Double(limits.idleTimeout.components.seconds) + 30
        if let deadline { timeout = min(timeout, max(0.1, (deadline.at - clock.now) / .seconds(1)) + 1) }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        if let conditional {
            let isTag = conditional.hasPrefix("\"") || conditional.hasPrefix("W/")
            request.setValue(conditional, forHTTPHeaderField: isTag ? "If-None-Match" : "If-Modified-Since")
        }
        if startOffset > 0, let requestedValidator {
            request.setValue("bytes=\(startOffset)-", forHTTPHeaderField: "Range")
            request.setValue(requestedValidator, forHTTPHeaderField: "If-Range")
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // No cache: it would keep a copy of the archive in memory, and asking it makes the
        // task's protocol arrive asynchronously, one more interleaving for a cancel to race.
        configuration.urlCache = nil
        // The deadline holds even when the watchdog's ticks come late (a busy cooperative pool):
        // URLSession ends the whole transfer itself a moment after it.
        if let deadline { configuration.timeoutIntervalForResource = max(0.1, (deadline.at - clock.now) / .seconds(1)) + 0.5 }
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let watchdog = Task { await self.watch() }
        defer { watchdog.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // The continuation is in place before any task exists, so whatever ends the
                // attempt finds it; a stop that came first ends it without a request.
                let start = state.withLock { state -> Bool in
                    state.continuation = continuation
                    guard !state.isStopping else { return false }
                    state.phase = .starting
                    return true
                }
                guard start else { return complete(error: nil) }
                let task = session.dataTask(with: request)
                task.resume()
                let stopping = state.withLock { state -> Bool in
                    state.phase = .running(task, session)
                    state.lastByte = clock.now
                    return state.isStopping
                }
                if stopping { cancelTask() }
            }
        } onCancel: {
            stop(.cancelled)
        }
    }

    /// Records why the attempt ends (the first reason wins) and cancels the task.
    private func stop(_ error: PackError) {
        fail(error)
        cancelTask()
    }

    /// Cancels the running task, once, from the session's delegate queue, where its completion
    /// is delivered: a completion already delivered there means there is nothing to cancel.
    /// Before the task runs, `run()` calls this again once it has resumed it.
    private func cancelTask() {
        let running = state.withLock { state -> (URLSessionDataTask, URLSession)? in
            guard case .running(let task, let session) = state.phase, !state.cancelSent else { return nil }
            state.cancelSent = true
            return (task, session)
        }
        guard let (task, session) = running else { return }
        session.delegateQueue.addOperation { [self] in
            let live = state.withLock { state in
                if case .running = state.phase { return true }
                return false
            }
            if live { task.cancel() }
        }
    }

    /// Gives up on a server that sends nothing for the idle timeout, or too little over the rate
    /// window; says "stalled" about once a second while nothing comes.
    private func watch() async {
        let start = clock.now
        let tick = min(Duration.milliseconds(250), limits.idleTimeout / 4)
        // (when, bytes so far), back to the last one at least a window old.
        var samples = [(at: start, bytes: 0)]
        var noticed: Int64 = -1
        while !Task.isCancelled {
            try? await Task.sleep(for: tick)
            if Task.isCancelled { return }
            let now = clock.now
            if let deadline, now >= deadline.at { return timeOut(.deadline(deadline.duration)) }
            let (arrived, lastByte) = state.withLock { ($0.arrived, $0.lastByte) }
            let idle = now - lastByte
            if idle >= limits.idleTimeout {
                // A late tick (a loaded machine) can find the timeout already past: listeners
                // still hear "stalled" before the stall ends the attempt.
                if noticed == -1 { stalled(idle) }
                return timeOut(.noData(limits.idleTimeout))
            }
            if idle >= limits.stallNotice {
                if idle.components.seconds != noticed {
                    noticed = idle.components.seconds
                    stalled(idle)
                }
            } else {
                noticed = -1
            }
            samples.append((now, arrived))
            while samples.count > 1, samples[1].at <= now - limits.rateWindow { samples.removeFirst() }
            guard limits.minimumRate > 0, now - start >= limits.rateWindow else { continue }
            let bytes = arrived - samples[0].bytes
            if Double(bytes) < Double(limits.minimumRate) * ((now - samples[0].at) / .seconds(1)) {
                return timeOut(.tooSlow(bytes: bytes, window: limits.rateWindow, minimumRate: limits.minimumRate))
            }
        }
    }

    private func timeOut(_ timeout: DownloadTimeout) {
        state.withLock { state in
            var current = url
            if case .running(let task, _) = state.phase, let shown = task.currentRequest?.url { current = shown }
            if !state.isStopping { state.timedOut = .timedOut(pack: label, server: PackDownloader.server(of: current), timeout) }
        }
        cancelTask()
    }


    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        guard let http = response as? HTTPURLResponse else {
            fail(.download("not an HTTP response"))
            refuse(completionHandler)
            return
        }
        let validator = http.value(forHTTPHeaderField: "ETag") ?? http.value(forHTTPHeaderField: "Last-Modified")
        switch http.statusCode {
        case 206 where startOffset > 0:
            // Resume only at our offset and for the same file.
            let range = http.value(forHTTPHeaderField: "Content-Range") ?? ""
            guard range.hasPrefix("bytes \(startOffset)-"), validator != nil, validator == requestedValidator else {
                // A part of something else: drop it and start over without Range.
                state.withLock { state in
                    state.validator = nil
                    state.received = 0
                }
                refuse(completionHandler)
                return
            }
            if !exactSize, let total = range.split(separator: "/").last.flatMap({ Int($0) }), total <= expectedSize {
                state.withLock { $0.declared = total }
            }
        case 200:
            restart()
            state.withLock { $0.validator = validator }
            if !exactSize, http.expectedContentLength > 0 {
                let length = Int(http.expectedContentLength)
                guard length <= expectedSize else {
                    fail(.verification("the server announces \(length) bytes, more than the \(expectedSize >> 20) MB accepted"))
                    refuse(completionHandler)
                    return
                }
                state.withLock { $0.declared = length }
            }
        case 304 where conditional != nil:
            state.withLock { $0.notModified = true }
            refuse(completionHandler)
            return
        case 300..<400:
            fail(.download("redirect refused for \(EscapedText.escaped(url.absoluteString))"))
            refuse(completionHandler)
            return
        default:
            fail(.download("HTTP \(http.statusCode) for \(EscapedText.escaped(url.absoluteString))"))
            refuse(completionHandler)
            return
        }
        completionHandler(.allow)
    }

    /// The server sent the whole file: write (and hash) it from the start.
    private func restart() {
        try? handle.truncate(atOffset: 0)
        try? handle.seek(toOffset: 0)
        hasher.reset()
        state.withLock { $0.received = 0 }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let total = state.withLock { state -> Int? in
            guard state.failure == nil else { return nil }
            state.received += data.count
            state.arrived += data.count
            state.lastByte = clock.now
            return state.received
        }
        guard let total else { return }
        let limit = state.withLock { $0.declared } ?? expectedSize
        if total > limit {
            fail(.verification(exactSize || limit != expectedSize ? "the server sent more than the \(limit) bytes announced"
                                                                   : "the server sent more than the \(expectedSize >> 20) MB accepted"))
            cancelTask()
            return
        }
        do {
            try handle.write(contentsOf: data)
        } catch {
            fail(.store("cannot write the download: \(PackStore.reason(error))"))
            cancelTask()
            return
        }
        // Written means hashed: the digest covers exactly the file's bytes, in order.
        hasher.update(data)
        progress(total, exactSize ? expectedSize : (state.withLock { $0.declared } ?? 0))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        if let target = request.url, PackDownloader.allowsRedirect(from: url, to: target) {
            completionHandler(request)
        } else {
            fail(.download("redirect from \(url.scheme ?? "?") to \(request.url?.scheme ?? "?") refused"))
            completionHandler(nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        complete(error: error)
    }

    /// Ends the attempt: resumes `run()` once with what the state says, from the task's
    /// completion or, when the attempt was stopped before a task was made, from `run()` itself.
    private func complete(error: Error?) {
        let (continuation, failure, timedOut, received, declared, notModified) = state.withLock { state in
            defer {
                state.continuation = nil
                state.phase = .ended
            }
            return (state.continuation, state.failure, state.timedOut, state.received, state.declared, state.notModified)
        }
        let outcome: Outcome
        if notModified {
            outcome = .notModified
        } else if let failure {
            outcome = .failed(failure)
        } else if let timedOut {
            if case .timedOut(_, _, .noData) = timedOut { outcome = .stalled(timedOut) } else { outcome = .failed(timedOut) }
        } else if let error {
            outcome = .interrupted(.download("\(EscapedText.escaped(error.localizedDescription)) after \(received) bytes"))
        } else if exactSize && received != expectedSize {
            outcome = .interrupted(.download("the connection ended after \(received) of \(expectedSize) bytes"))
        } else if let declared, received != declared {
            outcome = .interrupted(.download("the connection ended after \(received) of \(declared) bytes"))
        } else {
            outcome = .finished
        }
        continuation?.resume(returning: outcome)
    }

    /// Answers `.cancel` to a response: that ends the task, so no cancel is sent after it.
    private func refuse(_ completionHandler: (URLSession.ResponseDisposition) -> Void) {
        state.withLock { $0.cancelSent = true }
        completionHandler(.cancel)
    }

    private func fail(_ error: PackError) {
        state.withLock { state in
            if state.failure == nil { state.failure = error }
        }
    }
}
