import Foundation

extension ChildPipeline {
    /// Spawns every stage with `posix_spawn`, wired stdin-to-stdout, in one new process group.
    ///
    /// With `tapAfter`, that stage's output comes to this process and a tap thread passes it on
    /// to the next stage (see `MarkTap`).
    static func spawn(_ stages: [ModeFile.Stage], tapAfter: Int? = nil) throws -> ChildPipeline {
        guard !stages.isEmpty else { throw PipelineError.noStages }
        // The HMM tagger, if any, reports on stderr and can be replaced (see `TaggerSlot`).
        let taggerIndex = stages.firstIndex { $0.executable.hasSuffix("/apertium-tagger") && $0.arguments.contains("-g") }
        var stages = stages
        if let taggerIndex { stages[taggerIndex].arguments.insert("-d", at: 0) }
        var reports: (read: Int32, write: Int32)?
        if taggerIndex != nil {
            guard let pipe = makeCloseOnExecPipe() else {
                throw PipelineError.spawnFailed(program: "pipe", errno: errno)
            }
            _ = fcntl(pipe.read, F_SETFL, fcntl(pipe.read, F_GETFL) | O_NONBLOCK)
            reports = pipe
        }
        // pipes[i] feeds stage i; pipes[count] is the last stage's output. All CLOEXEC so no
        // child (ours or anyone else's) keeps a pipe end alive and blocks EOF.
        var pipes: [(read: Int32, write: Int32)] = []
        func closeAll() {
            for pipe in pipes { close(pipe.read); close(pipe.write) }
            if let reports { close(reports.read); close(reports.write) }
        }
        // One more pipe for the tap: the tap writes it, the stage after the tap reads it.
        let tapIndex = tapAfter.flatMap { $0 + 1 < stages.count ? $0 : nil }
        for _ in 0...(stages.count + (tapIndex == nil ? 0 : 1)) {
            guard let pipe = makeCloseOnExecPipe() else {
                let code = errno
                closeAll()
                throw PipelineError.spawnFailed(program: "pipe", errno: code)
            }
            pipes.append(pipe)
        }

        let environment = childEnvironment()
        var pids: [pid_t] = []
        var group: pid_t = 0
        for (index, stage) in stages.enumerated() {
            do {
                let stdin = tapIndex.map { index == $0 + 1 } == true ? pipes[stages.count + 1].read : pipes[index].read
                let pid = try spawnStage(stage, stdin: stdin, stdout: pipes[index + 1].write,
                                         stderr: index == taggerIndex ? reports?.write : nil,
                                         processGroup: group, environment: environment)
                if index == 0 { group = pid }
                pids.append(pid)
            } catch {
                if group != 0 { kill(-group, SIGKILL) }
                for pid in pids {
                    var status: Int32 = 0
                    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                }
                closeAll()
                throw error
            }
        }
        // Keep only our two ends; the children own the rest.
        let input = pipes[0].write
        let output = pipes[stages.count].read
        let tap = tapIndex.map { (input: pipes[$0 + 1].read, output: pipes[stages.count + 1].write) }
        // The tagger's two pipe ends stay open here too, so a fresh tagger can take its place.
        let taggerInput = taggerIndex.map { index in
            tapIndex.map { index == $0 + 1 } == true ? pipes[stages.count + 1].read : pipes[index].read
        }
        let taggerOutput = taggerIndex.map { pipes[$0 + 1].write }
        for (index, pipe) in pipes.enumerated() {
            if index != 0 && pipe.write != tap?.output && pipe.write != taggerOutput { close(pipe.write) }
            if index != stages.count && pipe.read != tap?.input && pipe.read != taggerInput { close(pipe.read) }
        }
        let tagger = taggerIndex.map { index in
            TaggerSlot(index: index, stage: stages[index], pid: pids[index], input: taggerInput!, output: taggerOutput!,
                       reportsRead: reports!.read, reportsWrite: reports!.write, processGroup: group, environment: environment)
        }
        // Non-blocking so a write can notice a failed generation through poll().
        _ = fcntl(input, F_SETFL, fcntl(input, F_GETFL) | O_NONBLOCK)
        let child = ChildPipeline(pids: pids, processGroup: group, inputFD: input, outputFD: output, tap: tap, tagger: tagger)
        child.startReader()
        return child
    }

    static func spawnStage(
        _ stage: ModeFile.Stage, stdin: Int32, stdout: Int32, stderr: Int32? = nil, processGroup: pid_t, environment: [String]
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        // Stage diagnostics would interleave with the host's output; only the tagger's are read.
        if let stderr {
            posix_spawn_file_actions_adddup2(&actions, stderr, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        closeInheritedDescriptors(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // We ignore SIGPIPE in the host; ignored dispositions survive exec, so reset it or a
        // stage would loop on EPIPE instead of dying when its reader goes away.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, processGroup)
        let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = ([stage.executable] + stage.arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, stage.executable, &actions, &attributes, argv, envp)
        guard result == 0 else { throw PipelineError.spawnFailed(program: stage.executable, errno: result) }
        return pid
    }

    /// The host environment, with a UTF-8 character type as the `apertium` wrapper forces.
    static func childEnvironment() -> [String] {
        var environment = ProcessInfo.processInfo.environment
        if environment["LC_ALL"] == nil { environment["LC_CTYPE"] = "C.UTF-8" }
        return environment.map { "\($0.key)=\($0.value)" }
    }
}
