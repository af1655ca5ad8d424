import Foundation

/// The warm pipelines and neural workers of this process, started on first use, kept under
/// one memory budget.
///
/// One pipeline per mode file, and a second one for the same mode while the first has many
/// requests queued (bulk work then uses both cores); one neural worker per model folder and
/// thread count (it batches what is waiting, and its threads are the knob for more cores).
/// Members unused for `idleTimeout` stop their processes; when starting one would take the
/// running ones past `memoryBudget`, the least recently used idle ones are stopped first, of
/// either kind. A stopped member restarts on its next request.
actor PipelinePool {
    struct Settings: Sendable, Equatable {
        /// Bytes of PSS the running pipelines and workers may use together.
        var memoryBudget: Int
        /// How long a member may sit unused before its processes stop.
        var idleTimeout: Duration
        /// Pipelines per mode file at most.
        var maxReplicas: Int
        /// Requests queued on every replica before another one starts...
        var replicaThreshold: Int
        /// ...after being busy without a pause this long (a short batch never pays for a start).
        var replicaAfter: Duration
        /// How long a member waits for busy ones to finish before it starts over the budget.
        var maxWaitForRoom: Duration = .seconds(30)
        /// CTranslate2's intra-op threads per neural worker.
        var neuralThreads: Int = 1
        /// Preloaded into the HMM tagger (`TaggerReset`); nil: the tagger is replaced instead.
        var taggerReset: String? = TaggerReset.besideExecutable
        /// Preloaded into the busiest Apertium stages (`StageAllocator`); nil: glibc's malloc.
        var stageAllocator: String? = StageAllocator.installed
    }

    /// What a member is for: a mode file, or a model folder run with some threads.
    enum Key: Hashable, Sendable {
        case apertium(InstalledPairs.Location)
        case neural(package: String, threads: Int)
    }

    /// A warm pair is 50-150 MB (LAB-NOTES); used for a pipeline not measured yet.
    static let defaultFootprint = 100 * 1024 * 1024
    /// Python with CTranslate2 and SentencePiece loaded, before the model: added to model.bin's
    /// size for a worker not measured yet.
    static let pythonFootprint = 50 * 1024 * 1024

    let settings: Settings
    /// The venv and script workers run with; nil when scripts/setup-neural has not run.
    let neuralRuntime: NeuralRuntime?
    private var members: [Key: [any PoolMember]] = [:]
    /// PSS measured for each key when it last ran warm.
    private var footprints: [Key: Int] = [:]
    private var sweeper: Task<Void, Never>?
    /// The keys of members the idle sweep stopped, newest kept: a test waits on this event
    /// rather than on the clock (a sweeper starved on a busy machine runs late, not never).
    nonisolated let idleStops: AsyncStream<Key>
    private let idleStopsContinuation: AsyncStream<Key>.Continuation
    /// How long a member handed out counts as claimed if its caller never sends a request.
    static let claimLifetime: Duration = .seconds(5)

    /// What child processes start with, and where mode files' programs are looked up.
    let childEnvironment: [String: String]

    init(settings: Settings = Settings(EngineEnvironment.Pipelines()), neuralRuntime: NeuralRuntime? = nil,
         childEnvironment: [String: String] = ["PATH": EngineEnvironment.systemPath]) {
        self.settings = settings
        self.neuralRuntime = neuralRuntime
        self.childEnvironment = childEnvironment
        (idleStops, idleStopsContinuation) = AsyncStream.makeStream(of: Key.self, bufferingPolicy: .bufferingNewest(16))
    }

    /// The pool of an engine's environment.
    init(environment: EngineEnvironment) {
        self.init(settings: Settings(environment.pipelines), neuralRuntime: environment.neuralRuntime,
                  childEnvironment: environment.childEnvironment)
    }

    /// A pipeline for the mode file: the least busy replica, a new replica when all are busy,
    /// and room made in the budget for processes that are about to start.
    func pipeline(for location: InstalledPairs.Location) async throws -> ApertiumPipeline {
        try await member(for: .apertium(location), maxReplicas: settings.maxReplicas) {
            try ApertiumPipeline(modeFile: location.modeFile, dataRoot: location.dataRoot, environment: childEnvironment,
                                 taggerReset: settings.taggerReset, stageAllocator: settings.stageAllocator)
        }
    }

    /// The worker of an unpacked Argos package (metadata.json, model/, sentencepiece.model),
    /// with room made in the budget for it; `threads` defaults to the settings'.
    ///
    /// - Throws: `ChildProcessError.noNeuralRuntime` when the environment names no neural runtime.
    func worker(for package: String, threads: Int? = nil) async throws -> NeuralWorker {
        guard let runtime = neuralRuntime else {
            throw ChildProcessError.noNeuralRuntime
        }
        let folder = (package as NSString).standardizingPath
        let threads = max(1, threads ?? settings.neuralThreads)
        return try await member(for: .neural(package: folder, threads: threads), maxReplicas: 1) {
            NeuralWorker(package: folder, runtime: runtime, threads: threads, environment: childEnvironment)
        }
    }

    /// Running pipelines by mode file (for the budget, and tests).
    func running() -> [(location: InstalledPairs.Location, pipeline: ApertiumPipeline)] {
        runningMembers().compactMap { entry in
            guard case .apertium(let location) = entry.key, let pipeline = entry.member as? ApertiumPipeline else { return nil }
            return (location, pipeline)
        }
    }

    /// Running neural workers.
    func runningWorkers() -> [NeuralWorker] {
        runningMembers().compactMap { $0.member as? NeuralWorker }
    }

    /// PSS of every running pipeline and worker, in bytes.
    func memoryInUse() -> Int {
        runningMembers().reduce(0) { $0 + $1.member.memoryFootprint }
    }

    /// Stops every pipeline and worker (their processes are killed and reaped).
    func shutdownAll() {
        sweeper?.cancel()
        sweeper = nil
        idleStopsContinuation.finish()
        members.values.joined().forEach { $0.shutdown() }
        members.removeAll()
    }

    /// Stops the processes of members unused for `idleTimeout`; extra replicas are dropped.
    func sweepIdle() {
        let now = ContinuousClock.now
        for (key, replicas) in members {
            for member in replicas where member.isRunning && isIdle(member) && now - member.lastUsed >= settings.idleTimeout {
                remember(member, at: key)
                if stop(member) { idleStopsContinuation.yield(key) }
            }
            // Keep one (stopped) member per key; a stopped replica has nothing to offer.
            members[key] = replicas.enumerated().filter { $0.offset == 0 || $0.element.isRunning || $0.element.inFlight > 0 }.map(\.element)
        }
    }

    /// The least busy member for `key` (a running one before a stopped one), or a new one.
    private func member<Member: PoolMember>(for key: Key, maxReplicas: Int, make: () throws -> Member) async throws -> Member {
        let replicas = (members[key] ?? []).compactMap { $0 as? Member }
        let best = replicas.min { ($0.inFlight, $0.isRunning ? 0 : 1) < ($1.inFlight, $1.isRunning ? 0 : 1) }
        if let best, best.isRunning, best.inFlight < settings.replicaThreshold || best.busyFor < settings.replicaAfter
            || replicas.count >= maxReplicas || !fitsBudget(adding: key) {
            return handOut(best)
        }
        if let best, !best.isRunning {
            await makeRoom(for: key, except: best)
            startSweeper()
            return handOut(best)
        }
        // Registered before waiting for room, so concurrent callers share it instead of each
        // starting their own.
        let member = try make()
        members[key, default: []].append(member)
        startSweeper()
        await makeRoom(for: key, except: member)
        return handOut(member)
    }

    /// Claims the member for its caller; no suspension may come between `makeRoom`'s last
    /// check and this, or two callers could both find room.
    private func handOut<Member: PoolMember>(_ member: Member) -> Member {
        member.claim()
        return member
    }

    /// No request in flight, and none about to come from a caller it was handed to.
    private func isIdle(_ member: any PoolMember) -> Bool {
        member.inFlight == 0 && !member.isClaimed(within: Self.claimLifetime)
    }

    @discardableResult
    private func stop(_ member: any PoolMember) -> Bool {
        member.stopProcesses(sparingClaimsWithin: Self.claimLifetime)
    }

    private func allMembers() -> [(key: Key, member: any PoolMember)] {
        members.flatMap { entry in entry.value.map { (entry.key, $0) } }
    }

    private func runningMembers() -> [(key: Key, member: any PoolMember)] {
        allMembers().filter(\.member.isRunning)
    }

    /// What a member of `key` will use once warm: its last measured PSS, else an estimate.
    func expectedFootprint(of key: Key) -> Int {
        if let measured = footprints[key] { return measured }
        switch key {
        case .apertium:
            return Self.defaultFootprint
        case .neural(let package, _):
            let model = (package as NSString).appendingPathComponent("model/model.bin")
            let bytes = (try? FileManager.default.attributesOfItem(atPath: model)[.size] as? Int) ?? nil
            return (bytes ?? Self.defaultFootprint) + Self.pythonFootprint
        }
    }

    private func fitsBudget(adding key: Key) -> Bool {
        memoryInUse() + expectedFootprint(of: key) <= settings.memoryBudget
    }

    /// Stops least recently used idle members until the one about to start fits the budget;
    /// while the others are all busy, waits for one to become idle (up to `maxWaitForRoom`,
    /// after which it starts anyway rather than stall a translation for ever).
    ///
    /// A member handed out but not started yet counts at its expected size, so two callers for
    /// different keys cannot both find an empty pool and start at once; a running member counts
    /// at least what it used when last warm (it may still be loading); one handed out is not
    /// stopped until its caller's request begins (`claimLifetime` at most), since that request
    /// would start it again outside the budget.
    private func makeRoom(for key: Key, except keep: any PoolMember) async {
        let needed = expectedFootprint(of: key)
        let deadline = ContinuousClock.now + settings.maxWaitForRoom
        while true {
            // Each running member measured once per round (reading /proc is not free).
            let candidates = allMembers().filter { $0.member !== keep }
                .compactMap { entry -> (entry: (key: Key, member: any PoolMember), bytes: Int, running: Bool)? in
                    if entry.member.isRunning {
                        let bytes = entry.member.memoryFootprint
                        let counted = max(bytes, expectedFootprint(of: entry.key))
                        // Only an idle member that has answered is warm: one still loading (started by
                        // `start()`, whose claim ends there) would record too little, and then be
                        // counted too small to stop for the next.
                        if isIdle(entry.member) && entry.member.isWarm { footprints[entry.key] = max(bytes, footprints[entry.key] ?? 0) }
                        return (entry, counted, true)
                    }
                    guard entry.member.isClaimed(within: Self.claimLifetime) else { return nil }
                    return (entry, expectedFootprint(of: entry.key), false)
                }
                .sorted { $0.entry.member.lastUsed < $1.entry.member.lastUsed }
            var inUse = candidates.reduce(0) { $0 + $1.bytes }
            for candidate in candidates where inUse + needed > settings.memoryBudget && candidate.running && isIdle(candidate.entry.member) {
                if stop(candidate.entry.member) { inUse -= candidate.bytes }
            }
            // Room made, or nothing else running (one member larger than the budget still runs).
            if inUse + needed <= settings.memoryBudget || inUse == 0 || ContinuousClock.now >= deadline { return }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Records a warm member's PSS as its key's size (one not warm may still be loading).
    private func remember(_ member: any PoolMember, at key: Key) {
        guard member.isWarm else { return }
        let bytes = member.memoryFootprint
        if bytes > 0 { footprints[key] = bytes }
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

extension PipelinePool.Settings {
    /// The pool settings an environment's limits give (a replica starts after 8 requests
    /// queued on every one, busy for 0.5 s).
    init(_ pipelines: EngineEnvironment.Pipelines) {
        self.init(memoryBudget: pipelines.memoryBudget, idleTimeout: pipelines.idleTimeout, maxReplicas: pipelines.maxReplicas,
                  replicaThreshold: 8, replicaAfter: .milliseconds(500), neuralThreads: pipelines.neuralThreads,
                  taggerReset: pipelines.taggerReset, stageAllocator: pipelines.stageAllocator)
    }
}
