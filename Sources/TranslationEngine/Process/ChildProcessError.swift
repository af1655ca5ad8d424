/// Why a child's exchange failed: an Apertium pipeline's stages or a neural worker, which run
/// on the same `ChildProcess` floor (its statics spawn both, its timeouts kill both).
public enum ChildProcessError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No answer arrived before the deadline.
    case timedOut
    /// A stage exited or closed its pipe.
    case stageDied
    /// `posix_spawn` or `pipe2` failed.
    case spawnFailed(program: String, errno: Int32)
    /// The pipeline was shut down.
    case shutDown
    /// The pipeline has no stages.
    case noStages
    /// The processes crashed too often lately; the pipeline waits before trying again.
    case restartLimit
    /// A neural worker exited or gave up before its model was loaded (the reason is its own).
    case workerNotReady(String)
    /// A neural worker answered this request with an error (the rest are unaffected).
    case requestRefused(String)
    /// A neural worker stopped answering, was restarted, and stopped answering again: requests
    /// fail at once instead of each waiting out its own timeout (see `NeuralWorker`).
    case workerUnresponsive
    /// The engine's environment names no Python environment for neural models
    /// (`EngineEnvironment.neuralRuntime`): a neural pack cannot run here.
    case noNeuralRuntime

    /// Whether killing and restarting the pipeline may help.
    var isRecoverable: Bool {
        switch self {
        case .timedOut, .stageDied: true
        case .spawnFailed, .shutDown, .noStages, .restartLimit, .workerNotReady, .requestRefused, .workerUnresponsive, .noNeuralRuntime: false
        }
    }

    public var description: String {
        switch self {
        case .timedOut: "the pipeline did not answer in time"
        case .stageDied: "a pipeline stage died"
        case .spawnFailed(let program, let code): "could not start \(program): errno \(code)"
        case .shutDown: "the pipeline was shut down"
        case .noStages: "the mode has no stages"
        case .restartLimit: "the pipeline crashed too often in the last minute; try again later"
        case .workerNotReady(let reason): "the neural worker did not start: \(reason)"
        case .requestRefused(let reason): "the neural worker refused the text: \(reason)"
        case .workerUnresponsive: "the neural worker stopped answering, and again after a restart; try again in a minute"
        case .noNeuralRuntime: "no Python environment for neural models is set up"
        }
    }
}

/// The name before the neural worker shared it; `TranslationError.underlyingError` hands the
/// error to clients, whose `as? PipelineError` keeps compiling (see docs/DECISIONS.md).
@available(*, deprecated, renamed: "ChildProcessError")
public typealias PipelineError = ChildProcessError
