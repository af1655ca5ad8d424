import Dispatch
import Foundation
import Synchronization

/// A warm Apertium translation pipeline: one child process per mode stage, kept running.
///
/// Requests are serialised on a private dispatch queue (one in flight at a time), written on
/// that queue's thread and read by a dedicated reader thread, so neither blocks Swift's
/// cooperative pool. A timeout or a dead stage kills the process group, restarts it and
/// retries the request once.
public final class ApertiumPipeline: Sendable {
    struct State {
        var child: ChildPipeline?
        var isShutDown = false
        var requests: UInt64 = 0
    }

    /// The stages this pipeline runs.
    public let mode: ModeFile
    let queue = DispatchQueue(label: "apertium.pipeline.requests")
    let state = Mutex(State())

    /// Creates a pipeline for a parsed mode; processes start on the first request or `start()`.
    public init(mode: ModeFile) {
        // A dead stage must surface as EPIPE, not kill the host.
        signal(SIGPIPE, SIG_IGN)
        self.mode = mode
    }

    /// Creates a pipeline from a mode file, rewriting `/usr/share/apertium` to `dataRoot`.
    public convenience init(modeFile path: String, dataRoot: String? = nil, markUnknown: Bool = false) throws {
        try self.init(mode: ModeFile(contentsOf: path, dataRoot: dataRoot, markUnknown: markUnknown))
    }

    deinit {
        shutdown()
    }

    /// Starts the processes now rather than on the first request.
    public func start() async throws {
        try await onQueue { _ = try self.currentChild() }
    }

    /// Translates `text`; throws `PipelineError` if it fails twice or the pipeline is shut down.
    ///
    /// `timeout` applies to each of the (at most two) attempts.
    public func translate(_ text: String, timeout: Duration) async throws -> String {
        try await onQueue { try self.translateNow(text, timeout: timeout) }
    }

    /// Kills and reaps every child; later requests throw `PipelineError.shutDown`.
    public func shutdown() {
        let child = state.withLock { state in
            state.isShutDown = true
            defer { state.child = nil }
            return state.child
        }
        child?.terminate()
    }

    /// Process ids of the running stages, first to last (empty when not running).
    public var processIDs: [pid_t] {
        state.withLock { $0.child?.pids ?? [] }
    }

    /// The process group of the running stages, if any.
    public var processGroup: pid_t? {
        state.withLock { $0.child?.processGroup }
    }
}
