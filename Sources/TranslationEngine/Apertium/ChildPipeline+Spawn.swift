import Foundation

extension ChildPipeline {
    /// Spawns every stage with `posix_spawn`, wired stdin-to-stdout, in one new process group
    /// led by a `GroupGuard`, so no stage outlives this process.
    ///
    /// With `tapAfter`, that stage's output comes to this process and a tap thread passes it on
    /// to the next stage (see `MarkTap`). `environment` is what every stage starts with
    /// (`ChildProcess.environment(_:)`); with `taggerReset`, every stage also preloads that
    /// library, and it sets the HMM tagger back (see `TaggerReset`); with `allocator`, the stages
    /// running one of `allocatedPrograms` preload that malloc (see `StageAllocator`). With
    /// `taggerReset` (unless this process has distrusted it) the HMM tagger is wired directly
    /// to its neighbours and relayed only if the library does not confirm (see `TaggerLink`).
    static func spawn(_ stages: [ModeFile.Stage], tapAfter: Int? = nil,
                      environment: [String] = ChildProcess.environment(["PATH": ChildProcess.systemPath]),
                      taggerReset: String? = nil, allocator: String? = nil,
                      allocatedPrograms: Set<String> = StageAllocator.programs) throws -> ChildPipeline {
        guard !stages.isEmpty else { throw ChildProcessError.noStages }
        // The HMM tagger, if any, is fed through this process and can be replaced (see
        // `TaggerSlot`); it reports new ambiguity classes on stderr with -d.
        let taggerIndex = stages.firstIndex { $0.executable.hasSuffix("/apertium-tagger") && $0.arguments.contains("-g") }
        var stages = stages
        if let taggerIndex { stages[taggerIndex].arguments.insert("-d", at: 0) }
        // Every stage preloads the reset library; the listed programs the allocator after it.
        func stageEnvironment(_ stage: ModeFile.Stage, resettingTagger: Bool = false) -> [String] {
            let allocated = StageAllocator.isPreloaded(into: stage.executable, programs: allocatedPrograms) ? allocator : nil
            let libraries = [taggerReset, allocated].compactMap { $0 }
            return libraries.isEmpty ? environment : TaggerReset.environment(environment, preloading: libraries, resettingTagger: resettingTagger)
        }
        let taggerEnvironment = taggerIndex.map { stageEnvironment(stages[$0], resettingTagger: taggerReset != nil) } ?? environment
        let linkedLibrary = taggerIndex == nil ? nil : taggerReset.flatMap { TaggerLink.distrusted($0) ? nil : $0 }
        let tapIndex = tapAfter.flatMap { $0 + 1 < stages.count ? $0 : nil }

        // pipes[i] feeds stage i; pipes[count] is the last stage's output. Then one pipe for
        // the tap (the tap writes it, the stage after the generator reads it), and three for
        // the tagger (its stdin, its stdout, its stderr; its stderr alone when it is linked). All
        // CLOEXEC so no child (ours or anyone else's) keeps a pipe end alive and blocks EOF.
        var pipes: [(read: Int32, write: Int32)] = []
        func closeAll() {
            for pipe in pipes { close(pipe.read); close(pipe.write) }
        }
        let extra = (tapIndex == nil ? 0 : 1) + (taggerIndex == nil ? 0 : linkedLibrary == nil ? 3 : 1)
        for _ in 0..<(stages.count + 1 + extra) {
            guard let pipe = ChildProcess.makeCloseOnExecPipe() else {
                let code = errno
                closeAll()
                throw ChildProcessError.spawnFailed(program: "pipe", errno: code)
            }
            pipes.append(pipe)
        }
        var next = stages.count + 1
        let tapPipe = tapIndex.map { _ in defer { next += 1 }; return pipes[next] }
        let taggerPipes = taggerIndex.map { taggerIndex in
            linkedLibrary == nil ? (stdin: pipes[next], stdout: pipes[next + 1], stderr: pipes[next + 2])
                                 : (stdin: pipes[taggerIndex], stdout: pipes[taggerIndex + 1], stderr: pipes[next])
        }
        if let taggerPipes { _ = fcntl(taggerPipes.stderr.read, F_SETFL, fcntl(taggerPipes.stderr.read, F_GETFL) | O_NONBLOCK) }

        func stdin(of index: Int) -> Int32 {
            if index == taggerIndex, let taggerPipes { return taggerPipes.stdin.read }
            if let tapIndex, let tapPipe, index == tapIndex + 1 { return tapPipe.read }
            return pipes[index].read
        }
        func stdout(of index: Int) -> Int32 {
            if index == taggerIndex, let taggerPipes { return taggerPipes.stdout.write }
            return pipes[index + 1].write
        }

        let guardian: GroupGuard
        do {
            guardian = try GroupGuard.spawn(environment: environment)
        } catch {
            closeAll()
            throw error
        }
        let group = guardian.pid
        var pids: [pid_t] = []
        for (index, stage) in stages.enumerated() {
            do {
                let pid = try ChildProcess.spawn(stage.executable, arguments: stage.arguments, stdin: stdin(of: index),
                                                 stdout: stdout(of: index),
                                                 stderr: index == taggerIndex ? taggerPipes?.stderr.write : nil,
                                                 processGroup: group, environment: index == taggerIndex ? taggerEnvironment : stageEnvironment(stage))
                pids.append(pid)
            } catch {
                guardian.killGroup()
                for pid in pids {
                    var status: Int32 = 0
                    _ = Syscall.retryingOnInterrupt { waitpid(pid, &status, 0) }
                }
                guardian.release()
                closeAll()
                throw error
            }
        }
        // Keep only our ends; the children own the rest.
        var kept: Set<Int32> = [pipes[0].write, pipes[stages.count].read]
        let tap = tapIndex.map { (input: pipes[$0 + 1].read, output: tapPipe!.write) }
        if let tap { kept.formUnion([tap.input, tap.output]) }
        var tagger: TaggerSlot?
        var link: TaggerLink?
        if let taggerIndex, let taggerPipes, let linkedLibrary {
            // Our copies of the neighbours' ends are kept until the library confirms.
            kept.formUnion([pipes[taggerIndex].read, pipes[taggerIndex + 1].write, taggerPipes.stderr.read, taggerPipes.stderr.write])
            link = TaggerLink(index: taggerIndex, stage: stages[taggerIndex], pid: pids[taggerIndex], library: linkedLibrary,
                              previousRead: pipes[taggerIndex].read, nextWrite: pipes[taggerIndex + 1].write,
                              reportsRead: taggerPipes.stderr.read, reportsWrite: taggerPipes.stderr.write,
                              processGroup: group, environment: taggerEnvironment)
        } else if let taggerIndex, let taggerPipes {
            let relay = TaggerSlot.Pipes(
                fromPrevious: pipes[taggerIndex].read, toTagger: taggerPipes.stdin.write,
                fromTagger: taggerPipes.stdout.read, toNext: pipes[taggerIndex + 1].write,
                taggerInput: taggerPipes.stdin.read, taggerOutput: taggerPipes.stdout.write,
                reportsRead: taggerPipes.stderr.read, reportsWrite: taggerPipes.stderr.write)
            kept.formUnion([relay.fromPrevious, relay.toTagger, relay.fromTagger, relay.toNext,
                            relay.taggerInput, relay.taggerOutput, relay.reportsRead, relay.reportsWrite])
            tagger = TaggerSlot(index: taggerIndex, stage: stages[taggerIndex], pid: pids[taggerIndex], pipes: relay,
                                processGroup: group, environment: taggerEnvironment)
        }
        for pipe in pipes {
            if !kept.contains(pipe.read) { close(pipe.read) }
            if !kept.contains(pipe.write) { close(pipe.write) }
        }
        let input = pipes[0].write
        // Non-blocking so a write can notice a failed generation through poll().
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        let child = ChildPipeline(pids: pids, process: ChildProcess(guardian: guardian, inputFD: input),
                                  outputFD: pipes[stages.count].read, tap: tap, tagger: tagger, link: link)
        child.startReader()
        return child
    }
}
