import Dispatch
import Foundation
import Synchronization

/// A warm Apertium translation pipeline: one child process per mode stage, kept running.
///
/// Requests are pipelined: each is written to the first stage as soon as it arrives and a
/// dedicated reader thread hands answers back in order, so neither blocks Swift's cooperative
/// pool and the stages work on several requests at once. A timeout or a dead stage kills the
/// process group and restarts it (with backoff, up to a limit); the request at fault is retried
/// once, the ones queued behind it are resubmitted. Long texts are split into pieces that are
/// pipelined the same way; pathologically long tokens are passed through untranslated.
public final class ApertiumPipeline: Sendable, PoolMember {

    /// The stages this pipeline runs.
    public let mode: ModeFile
    /// How often crashed processes are restarted.
    public let restartPolicy: RestartPolicy
    /// How texts are cut before they reach the stages.
    public let limits: TextLimits
    /// The variables the stages start with (the locale is pinned to C.UTF-8 on the way).
    public let environment: [String: String]
    /// The library preloaded into the HMM tagger so it is set back after each text rather than
    /// replaced (`TaggerReset`); nil: replaced.
    public let taggerReset: String?
    /// The malloc preloaded into the stages that run one of `stageAllocatorPrograms`
    /// (`StageAllocator`); nil: glibc's everywhere.
    public let stageAllocator: String?
    /// The programs that get `stageAllocator`.
    public let stageAllocatorPrograms: Set<String>
    /// Set when a stage died: from then on every generation runs on glibc's malloc, so a program
    /// that cannot live with the allocator costs one restart (see `StageAllocator`).
    let stageAllocatorDropped = Atomic<Bool>(false)
    let slot = ProcessSlot<ChildPipeline>()
    /// Requests framed so far (part of each nonce).
    let requests = Atomic<UInt64>(0)

    /// Creates a pipeline for a parsed mode; processes start on the first request or `start()`.
    public init(mode: ModeFile, restartPolicy: RestartPolicy = .standard, limits: TextLimits = .standard,
                environment: [String: String] = ["PATH": ChildProcess.systemPath],
                taggerReset: String? = TaggerReset.besideExecutable, stageAllocator: String? = StageAllocator.installed,
                stageAllocatorPrograms: Set<String> = StageAllocator.programs) {
        // A dead stage must surface as EPIPE, not kill the host.
        signal(SIGPIPE, SIG_IGN)
        self.mode = mode
        self.restartPolicy = restartPolicy
        self.limits = limits
        self.environment = environment
        self.taggerReset = taggerReset
        self.stageAllocator = stageAllocator
        self.stageAllocatorPrograms = stageAllocatorPrograms
    }

    /// Creates a pipeline from a mode file, rewriting `/usr/share/apertium` to `dataRoot`; the
    /// stages' programs are looked up in `environment`'s PATH.
    ///
    /// Unknown words are marked by the generator (`-g`) and the marks are taken out again here,
    /// so the text equals what `apertium -u` prints and the words come back separately.
    public convenience init(
        modeFile path: String, dataRoot: String? = nil,
        restartPolicy: RestartPolicy = .standard, limits: TextLimits = .standard,
        environment: [String: String] = ["PATH": ChildProcess.systemPath],
        taggerReset: String? = TaggerReset.besideExecutable, stageAllocator: String? = StageAllocator.installed
    ) throws {
        let searchPath = environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? ChildProcess.systemPath
        try self.init(mode: ModeFile(contentsOf: path, dataRoot: dataRoot, markUnknown: true, searchPath: searchPath),
                      restartPolicy: restartPolicy, limits: limits, environment: environment, taggerReset: taggerReset,
                      stageAllocator: stageAllocator)
    }

    deinit {
        shutdown()
    }

    /// Starts the processes now rather than on the first request.
    public func start() async throws {
        try await startProcesses()
    }

    /// Translates `text`; throws `ChildProcessError` if it fails twice or the pipeline is shut down.
    ///
    /// `timeout` is how long one request may stay at the head of the line.
    public func translate(_ text: String, timeout: Duration) async throws -> String {
        try await translation(of: text, timeout: timeout).text
    }

    /// Kills and reaps every child; later requests throw `ChildProcessError.shutDown`.
    public func shutdown() {
        slot.shutdown()
    }

    /// Kills the running processes and starts fresh ones now (not counted as a crash).
    public func restart() async throws {
        slot.kill()
        try await start()
    }

    /// The process group of the running stages, if any.
    public var processGroup: pid_t? {
        slot.child?.processGroup
    }

    /// The allocator the next generation's stages start with: nil once a stage has died.
    var currentStageAllocator: String? {
        stageAllocatorDropped.load(ordering: .relaxed) ? nil : stageAllocator
    }

    /// How many times the running generation replaced its tagger (see `TaggerSlot`).
    var taggerReplacements: Int {
        slot.child?.tagger?.replacements ?? 0
    }

    /// How many times the running generation's tagger was set back instead (see `TaggerReset`).
    var taggerResets: Int {
        slot.child?.taggerResets ?? 0
    }

    /// Whether the running generation's tagger is wired straight to its neighbours (see `TaggerLink`).
    var taggerIsLinked: Bool {
        slot.child?.taggerIsLinked ?? false
    }
}
