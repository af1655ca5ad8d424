import Foundation

/// The warm pipelines of this process, started on first use, kept under a memory budget.
///
/// One pipeline per mode file, and a second one for the same mode while the first has many
/// requests queued (bulk work then uses both cores). Pipelines unused for `idleTimeout` stop
/// their processes; when starting one would take the running ones past `memoryBudget`, the
/// least recently used idle ones are stopped first. A stopped pipeline restarts on its next
/// request.
actor PipelinePool {
    struct Settings: Sendable, Equatable {
        /// Bytes of PSS the running pipelines may use together.
        var memoryBudget: Int
        /// How long a pipeline may sit unused before its processes stop.
        var idleTimeout: Duration
        /// Pipelines per mode file at most.
        var maxReplicas: Int
        /// Requests queued on every replica before another one starts...
        var replicaThreshold: Int
        /// ...after being busy without a pause this long (a short batch never pays for a start).
        var replicaAfter: Duration
        /// How long a pipeline waits for busy ones to finish before it starts over the budget.
        var maxWaitForRoom: Duration = .seconds(30)

        /// From HIKE_REVIEWS_PIPELINE_MEMORY_MB (default 768) and
        /// HIKE_REVIEWS_PIPELINE_IDLE_SECONDS (default 300); two replicas on two or more cores.
        static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Settings {
            let megabytes = environment["HIKE_REVIEWS_PIPELINE_MEMORY_MB"].flatMap(Int.init).map { max(1, $0) } ?? 768
            let idle = environment["HIKE_REVIEWS_PIPELINE_IDLE_SECONDS"].flatMap(Double.init).map { max(0.1, $0) } ?? 300
            return Settings(memoryBudget: megabytes * 1024 * 1024, idleTimeout: .milliseconds(Int(idle * 1000)),
                            maxReplicas: min(2, max(1, ProcessInfo.processInfo.activeProcessorCount)),
                            replicaThreshold: 8, replicaAfter: .milliseconds(500))
        }
    }

    static let shared = PipelinePool(settings: .fromEnvironment())

    /// A warm pair is 50-150 MB (LAB-NOTES); used for a pipeline not measured yet.
    static let defaultFootprint = 100 * 1024 * 1024

    let settings: Settings
    private var pipelines: [InstalledPairs.Location: [ApertiumPipeline]] = [:]
    /// PSS measured for each mode file when it last ran warm.
    private var footprints: [InstalledPairs.Location: Int] = [:]
    private var sweeper: Task<Void, Never>?

    init(settings: Settings = .fromEnvironment()) {
        self.settings = settings
    }

    /// A pipeline for the mode file: the least busy replica, a new replica when all are busy,
    /// and room made in the budget for processes that are about to start.
    func pipeline(for location: InstalledPairs.Location) async throws -> ApertiumPipeline {
        let replicas = pipelines[location] ?? []
        // The least busy, a running one before a stopped one.
        let best = replicas.min { ($0.inFlight, $0.isRunning ? 0 : 1) < ($1.inFlight, $1.isRunning ? 0 : 1) }
        if let best, best.isRunning, best.inFlight < settings.replicaThreshold || best.busyFor < settings.replicaAfter
            || replicas.count >= settings.maxReplicas || !fitsBudget(adding: location) {
            return best
        }
        if let best, !best.isRunning {
            await makeRoom(for: location, except: best)
            startSweeper()
            return best
        }
        // Registered before waiting for room, so concurrent callers share it instead of each
        // starting their own.
        let pipeline = try ApertiumPipeline(modeFile: location.modeFile, dataRoot: location.dataRoot)
        pipelines[location, default: []].append(pipeline)
        startSweeper()
        await makeRoom(for: location, except: pipeline)
        return pipeline
    }

    /// Running pipelines by mode file (for the budget, and tests).
    func running() -> [(location: InstalledPairs.Location, pipeline: ApertiumPipeline)] {
        pipelines.flatMap { entry in entry.value.filter(\.isRunning).map { (entry.key, $0) } }
    }

    /// PSS of every running pipeline, in bytes.
    func memoryInUse() -> Int {
        running().reduce(0) { $0 + $1.pipeline.memoryFootprint }
    }

    /// Stops every pipeline (their processes are killed and reaped).
    func shutdownAll() {
        sweeper?.cancel()
        sweeper = nil
        pipelines.values.joined().forEach { $0.shutdown() }
        pipelines.removeAll()
    }

    /// Stops the processes of pipelines unused for `idleTimeout`; extra replicas are dropped.
    func sweepIdle() {
        let now = ContinuousClock.now
        for (location, replicas) in pipelines {
            for pipeline in replicas where pipeline.isRunning && pipeline.inFlight == 0 && now - pipeline.lastUsed >= settings.idleTimeout {
                remember(pipeline, at: location)
                pipeline.stopProcesses()
            }
            // Keep one (stopped) pipeline per mode; a stopped replica has nothing to offer.
            let kept = replicas.enumerated().filter { $0.offset == 0 || $0.element.isRunning || $0.element.inFlight > 0 }.map(\.element)
            pipelines[location] = kept
        }
    }

    private func fitsBudget(adding location: InstalledPairs.Location) -> Bool {
        memoryInUse() + (footprints[location] ?? Self.defaultFootprint) <= settings.memoryBudget
    }

    /// Stops least recently used idle pipelines until the one about to start fits the budget;
    /// while the others are all busy, waits for one to become idle (up to `maxWaitForRoom`,
    /// after which it starts anyway rather than stall a translation for ever).
    private func makeRoom(for location: InstalledPairs.Location, except keep: ApertiumPipeline) async {
        let needed = footprints[location] ?? Self.defaultFootprint
        let deadline = ContinuousClock.now + settings.maxWaitForRoom
        while true {
            // Each running pipeline measured once per round (reading /proc is not free).
            let candidates = running().filter { $0.pipeline !== keep }
                .map { (entry: $0, bytes: $0.pipeline.memoryFootprint) }
                .sorted { $0.entry.pipeline.lastUsed < $1.entry.pipeline.lastUsed }
            var inUse = 0
            for candidate in candidates {
                footprints[candidate.entry.location] = max(candidate.bytes, footprints[candidate.entry.location] ?? 0)
                inUse += candidate.bytes
            }
            for candidate in candidates where inUse + needed > settings.memoryBudget && candidate.entry.pipeline.inFlight == 0 {
                if candidate.entry.pipeline.stopProcesses() { inUse -= candidate.bytes }
            }
            // Room made, or nothing else running (one pair larger than the budget still runs).
            if inUse + needed <= settings.memoryBudget || inUse == 0 || ContinuousClock.now >= deadline { return }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    private func remember(_ pipeline: ApertiumPipeline, at location: InstalledPairs.Location) {
        let bytes = pipeline.memoryFootprint
        if bytes > 0 { footprints[location] = bytes }
    }

    private func startSweeper() {
        guard sweeper == nil else { return }
        let interval = max(settings.idleTimeout / 4, .milliseconds(50))
        sweeper = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let pool = self else { return }
                await pool.sweepIdle()
            }
        }
    }
}
