/// Keeps at most N jobs in flight over a list of jobs: the one loop behind a session's batches,
/// the batch translator's texts of one language and a pipeline's pieces of a long text.
///
/// A new job starts as soon as one finishes, so a warm pipeline always has the next request
/// queued behind the one it is working on. The first job that throws cancels the jobs still
/// running, is waited out with them and is thrown; cancelling the calling task cancels every
/// job. The loop runs on the caller's actor (`isolation`), so `receive` may touch its state.
enum BoundedConcurrency {
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
        var failure: Failure?
        await withTaskGroup(of: (Int, Result<Output, Failure>).self) { group in
            var next = 0
            func start() {
                let (index, job) = (next, jobs[next])
                next += 1
                group.addTask {
                    do throws(Failure) {
                        return (index, .success(try await work(job)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            while next < min(max(1, width), jobs.count) { start() }
            while let (index, result) = await group.next() {
                switch result {
                case .success(let output):
                    receive(index, output)
                case .failure(let error):
                    failure = error
                }
                if failure == nil, next < jobs.count {
                    do throws(Failure) {
                        try beforeStart?()
                        start()
                    } catch {
                        failure = error
                    }
                }
                if failure != nil {
                    group.cancelAll()
                    break
                }
            }
        }
        if let failure { throw failure }
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
