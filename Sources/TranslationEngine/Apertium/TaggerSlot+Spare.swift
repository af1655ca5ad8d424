import Foundation

/// Tagger processes, and the spare one a relay keeps once it has replaced its tagger.
///
/// A replacement used to wait for a fresh `apertium-tagger` to start (exec, its libraries,
/// its model: ~10 ms of CPU, far more on a busy machine) while the segments behind it waited
/// too. After the first replacement a relay starts the next tagger ahead of need, off the
/// relay's threads, and the next replacement only swaps pipes. The spare is a process of the
/// pipeline's group (killed and reaped with it, its PSS counted with the pipeline's); it has
/// read nothing, so it is as fresh as one started on the spot.
extension TaggerSlot {
    /// A tagger process and our ends of its stdin and stdout.
    struct Tagger: Sendable {
        var pid: pid_t
        var toTagger: Int32
        var fromTagger: Int32
    }

    /// Starts a tagger on fresh pipes, its stderr the shared report pipe. Called with the state
    /// locked, so no tagger starts after `shutDown()`; nil when shut down or the start failed.
    func startTagger(_ state: inout State) -> Tagger? {
        guard !state.isShutDown, let input = ChildProcess.makeCloseOnExecPipe() else { return nil }
        guard let output = ChildProcess.makeCloseOnExecPipe() else {
            Foundation.close(input.read)
            Foundation.close(input.write)
            return nil
        }
        guard let pid = try? ChildProcess.spawn(stage.executable, arguments: stage.arguments, stdin: input.read, stdout: output.write,
                                                stderr: pipes.reportsWrite, processGroup: processGroup, environment: environment) else {
            for fd in [input.read, input.write, output.read, output.write] { Foundation.close(fd) }
            return nil
        }
        Foundation.close(input.read)
        Foundation.close(output.write)
        return Tagger(pid: pid, toTagger: input.write, fromTagger: output.read)
    }

    /// Starts the spare, unless there is one.
    func prepareSpare() {
        state.withLock { state in
            guard state.spare == nil else { return }
            state.spare = startTagger(&state)
        }
    }

    /// The spare's pid, if one is running.
    var sparePid: pid_t? {
        state.withLock { $0.spare?.pid }
    }
}
