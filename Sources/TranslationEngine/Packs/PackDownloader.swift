import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Fetches one pack archive into a file, with progress in bytes.
///
/// http and https go through URLSession; an interrupted transfer is resumed with `Range` only
/// when the server answers 206 at the right offset for the same ETag or Last-Modified,
/// otherwise it starts over. Redirects to another scheme are refused (https -> http among
/// them). `file://` is copied with the same progress. Never more than `expectedSize` bytes are
/// accepted, so a server that keeps talking cannot fill the disk.
struct PackDownloader: Sendable {
    /// Refuse every network download (local files still work).
    var offline: Bool
    /// Attempts in all, the first included.
    var attempts = 4

    /// Downloads `url` into `destination` (created or replaced); `progress(bytes, total)`.
    /// With `exactSize` false, `expectedSize` is only an upper bound (for an index).
    func download(_ url: URL, to destination: String, expectedSize: Int, exactSize: Bool = true,
                  progress: @escaping @Sendable (Int, Int) -> Void) async throws(PackError) {
        switch url.scheme?.lowercased() {
        case "file":
            try await copyFile(url.path, to: destination, expectedSize: expectedSize, progress: progress)
        case "http", "https":
            if offline { throw .offline(url.absoluteString) }
            try await fetch(url, to: destination, expectedSize: expectedSize, exactSize: exactSize, progress: progress)
        default:
            throw .download("unsupported URL scheme in \(TerminalSafe.clean(url.absoluteString))")
        }
    }

    private func copyFile(_ path: String, to destination: String, expectedSize: Int,
                          progress: @escaping @Sendable (Int, Int) -> Void) async throws(PackError) {
        let input = open(path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .download("cannot read \(TerminalSafe.clean(path)): \(String(cString: strerror(errno)))") }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard output >= 0 else { throw .store("cannot write \(destination): \(String(cString: strerror(errno)))") }
        defer { close(output) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            if Task.isCancelled { throw .cancelled }
            let count = read(input, buffer.baseAddress, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw .download("cannot read \(TerminalSafe.clean(path)): \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            total += count
            if total > expectedSize { throw .verification("the file is larger than the \(expectedSize) bytes the index says") }
            guard FileDescriptorIO.writeAll(output, UnsafeRawBufferPointer(rebasing: buffer[0..<count])) else {
                throw .store("cannot write the download: \(String(cString: strerror(errno)))")
            }
            progress(total, expectedSize)
        }
    }

    private func fetch(_ url: URL, to destination: String, expectedSize: Int, exactSize: Bool,
                       progress: @escaping @Sendable (Int, Int) -> Void) async throws(PackError) {
        guard FileManager.default.createFile(atPath: destination, contents: nil),
              let handle = FileHandle(forWritingAtPath: destination) else {
            throw .store("cannot write \(destination)")
        }
        defer { try? handle.close() }
        var validator: String?
        var received = 0
        var lastError = PackError.download("no attempt was made")
        for _ in 0..<max(1, attempts) {
            if Task.isCancelled { throw .cancelled }
            let transfer = Transfer(handle: handle, url: url, offset: received, validator: validator,
                                    expectedSize: expectedSize, exactSize: exactSize, progress: progress)
            let outcome = await transfer.run()
            received = transfer.received
            validator = transfer.validator
            switch outcome {
            case .finished:
                return
            case .failed(let error):
                throw error
            case .interrupted(let error):
                lastError = error
                // Without a validator a resumed tail could belong to another file: start over.
                if validator == nil { received = 0 }
            }
        }
        throw lastError
    }

    /// Redirects stay within their scheme: no https -> http downgrade, no jump to file: or ftp:.
    static func allowsRedirect(from: URL, to: URL) -> Bool {
        guard let source = from.scheme?.lowercased(), let target = to.scheme?.lowercased() else { return false }
        return source == target && (target == "http" || target == "https")
    }

}

/// One HTTP request of a download, as a URLSession delegate.
private final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    enum Outcome {
        case finished
        /// Worth another attempt (connection dropped, timed out).
        case interrupted(PackError)
        /// Not worth another attempt (404, refused redirect, size exceeded, disk full).
        case failed(PackError)
    }

    struct State {
        var received: Int
        var validator: String?
        var failure: PackError?
        var continuation: CheckedContinuation<Outcome, Never>?
        var task: URLSessionDataTask?
    }

    let handle: FileHandle
    let url: URL
    let startOffset: Int
    let requestedValidator: String?
    let expectedSize: Int
    let exactSize: Bool
    let progress: @Sendable (Int, Int) -> Void
    private let state: Mutex<State>

    init(handle: FileHandle, url: URL, offset: Int, validator: String?, expectedSize: Int, exactSize: Bool,
         progress: @escaping @Sendable (Int, Int) -> Void) {
        self.exactSize = exactSize
        self.handle = handle
        self.url = url
        self.startOffset = offset
        self.requestedValidator = validator
        self.expectedSize = expectedSize
        self.progress = progress
        state = Mutex(State(received: offset, validator: validator))
    }

    var received: Int { state.withLock { $0.received } }
    var validator: String? { state.withLock { $0.validator } }

    func run() async -> Outcome {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: 30)
        if startOffset > 0, let requestedValidator {
            request.setValue("bytes=\(startOffset)-", forHTTPHeaderField: "Range")
            request.setValue(requestedValidator, forHTTPHeaderField: "If-Range")
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = session.dataTask(with: request)
                state.withLock { state in
                    state.continuation = continuation
                    state.task = task
                }
                task.resume()
            }
        } onCancel: {
            let task = state.withLock { state -> URLSessionDataTask? in
                state.failure = .cancelled
                return state.task
            }
            task?.cancel()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        guard let http = response as? HTTPURLResponse else {
            fail(.download("not an HTTP response"))
            completionHandler(.cancel)
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
                completionHandler(.cancel)
                return
            }
        case 200:
            restart()
            state.withLock { $0.validator = validator }
        case 300..<400:
            fail(.download("redirect refused for \(TerminalSafe.clean(url.absoluteString))"))
            completionHandler(.cancel)
            return
        default:
            fail(.download("HTTP \(http.statusCode) for \(TerminalSafe.clean(url.absoluteString))"))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    /// The server sent the whole file: write it from the start.
    private func restart() {
        try? handle.truncate(atOffset: 0)
        try? handle.seek(toOffset: 0)
        state.withLock { $0.received = 0 }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let total = state.withLock { state -> Int? in
            guard state.failure == nil else { return nil }
            state.received += data.count
            return state.received
        }
        guard let total else { return }
        if total > expectedSize {
            fail(.verification("the server sent more than the \(expectedSize) bytes the index says"))
            dataTask.cancel()
            return
        }
        do {
            try handle.write(contentsOf: data)
        } catch {
            fail(.store("cannot write the download: \(PackStore.reason(error))"))
            dataTask.cancel()
            return
        }
        progress(total, expectedSize)
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
        let (continuation, failure, received) = state.withLock { state in
            defer { state.continuation = nil }
            return (state.continuation, state.failure, state.received)
        }
        let outcome: Outcome
        if let failure {
            outcome = .failed(failure)
        } else if let error {
            outcome = .interrupted(.download("\(TerminalSafe.clean(error.localizedDescription)) after \(received) bytes"))
        } else if exactSize && received != expectedSize {
            outcome = .interrupted(.download("the connection ended after \(received) of \(expectedSize) bytes"))
        } else {
            outcome = .finished
        }
        continuation?.resume(returning: outcome)
    }

    private func fail(_ error: PackError) {
        state.withLock { state in
            if state.failure == nil { state.failure = error }
        }
    }
}
