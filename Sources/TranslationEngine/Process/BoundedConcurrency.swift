/// Keeps at most N jobs in flight over a list of jobs: the one loop behind a session's batches,
/// the batch translator's texts and a pipeline's pieces of a long text.
///
/// A new job starts as soon as one finishes, so a warm pipeline always has the next request
/// queued behind the one it is working on. The first job that throws cancels the jobs still
/// running, is waited out with them and is thrown; cancelling the calling task cancels every
/// job. The loop runs on the caller's actor (`isolation`), so `receive` may touch its state.
enum BoundedConcurrency {
    /// Jobs that share what they run with (a batch's texts of one language, on its route), and
    /// that: given at once (`ready`), or made first by `opening`, which runs as a child of the
    /// loop's own group and may take long (a consent question, an install); nil drops the lane.
    struct Lane<Context: Sendable, Job: Sendable>: Sendable {
        enum Opening: Sendable {
            case ready(Context)
            case opening(@Sendable () async -> Context?)
        }

        var jobs: [Job]
        var opening: Opening

        init(_ jobs: [Job], _ opening: Opening) {
            self.jobs = jobs
            self.opening = opening
        }
    }

    /// Runs `work` on each of `jobs`, at most `width` at once (at least one), and hands each
    /// output with its job's index to `receive` as it finishes: in completion order.
    /// `beforeStart` runs before each job of the later ones (those started as earlier ones
    /// finish); what it throws ends the run as a failing job does.
    static func forEach<Job: Sendable, Output: Sendable, Failure: Error>(
        _ jobs: [Job], width: Int, isolation: isolated (any Actor)? = #isolation,
        beforeStart: (() throws(Failure) -> Void)? = nil,
        work: @escaping @Sendable (Job) async throws(Failure) -> Output,
        receive: (Int, Output) -> Void
    ) async throws(Failure) {
        try await forEach(lanes: [Lane(jobs, .ready(()))], width: width, isolation: isolation, beforeStart: beforeStart) { _, job throws(Failure) in
            try await work(job)
        } receive: { _, index, output in
            receive(index, output)
        }
    }

    /// Runs `work` on each job of every lane with the lane's context, at most `width` of each
    /// lane at once, all in one task group: a lane's jobs start when it is open, so a lane still
    /// opening holds up no other lane's. Each output goes to `receive` with its lane's and its
    /// job's index as it finishes. `beforeStart` and failures as in `forEach(_:width:...)`.
    static func forEach<Context: Sendable, Job: Sendable, Output: Sendable, Failure: Error>(
        lanes: [Lane<Context, Job>], width: Int, isolation: isolated (any Actor)? = #isolation,
        beforeStart: (() throws(Failure) -> Void)? = nil,
        work: @escaping @Sendable (Context, Job) async throws(Failure) -> Output,
        receive: (Int, Int, Output) -> Void
    ) async throws(Failure) {
        var failure: Failure?
        await withTaskGroup(of: Finished<Context, Output, Failure>.self) { group in
            var next = [Int](repeating: 0, count: lanes.count)
            var contexts = [Context?](repeating: nil, count: lanes.count)
            func start(_ lane: Int) {
                guard let context = contexts[lane] else { return }
                let (index, job) = (next[lane], lanes[lane].jobs[next[lane]])
                next[lane] += 1
                group.addTask {
                    do throws(Failure) {
                        return .job(lane: lane, index: index, .success(try await work(context, job)))
                    } catch {
                        return .job(lane: lane, index: index, .failure(error))
                    }
                }
            }
            func open(_ lane: Int, with context: Context) {
                contexts[lane] = context
                while next[lane] < min(max(1, width), lanes[lane].jobs.count) { start(lane) }
            }
            for (lane, entry) in lanes.enumerated() {
                switch entry.opening {
                case .ready(let context):
                    open(lane, with: context)
                case .opening(let opening):
                    group.addTask { .opened(lane: lane, await opening()) }
                }
            }
            while let finished = await group.next() {
                switch finished {
                case .opened(let lane, let context):
                    if let context { open(lane, with: context) }
                case .job(let lane, let index, .success(let output)):
                    receive(lane, index, output)
                    if next[lane] < lanes[lane].jobs.count {
                        do throws(Failure) {
                            try beforeStart?()
                            start(lane)
                        } catch {
                            failure = error
                        }
                    }
                case .job(_, _, .failure(let error)):
                    failure = error
                }
                if failure != nil {
                    group.cancelAll()
                    break
                }
            }
        }
        if let failure { throw failure }
    }

    /// What a child of `forEach(lanes:...)` ends with: a lane opened (or dropped), or a job done.
    private enum Finished<Context: Sendable, Output: Sendable, Failure: Error>: Sendable {
        case opened(lane: Int, Context?)
        case job(lane: Int, index: Int, Result<Output, Failure>)
    }

    /// `work`'s output for each of `jobs`, in the jobs' order, at most `width` running at once.
    static func map<Job: Sendable, Output: Sendable, Failure: Error>(
        _ jobs: [Job], width: Int, isolation: isolated (any Actor)? = #isolation,
        work: @escaping @Sendable (Job) async throws(Failure) -> Output
    ) async throws(Failure) -> [Output] {
        var outputs = [Output?](repeating: nil, count: jobs.count)
        try await forEach(jobs, width: width, work: work) { outputs[$0] = $1 }
        return outputs.compactMap { $0 }
    }
}
