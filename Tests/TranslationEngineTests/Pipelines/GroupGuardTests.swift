import Foundation
import Testing
@testable import TranslationEngine

/// The guard that leads every pipeline's and worker's process group: when its pipe closes (as
/// the kernel closes it when this process dies, however it dies) the whole group is killed,
/// children that never read their input included.
@Suite struct GroupGuardTests {
    /// Reaps `pid` if it has ended, waiting up to a safety net far beyond the expected instant;
    /// returns its raw wait status, or nil if it is still running.
    static func reap(_ pid: pid_t, within seconds: Int = 30) async -> Int32? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { return status }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }
}

extension GroupGuardTests {
    @Test func closingTheGuardsPipeKillsAChildThatIgnoresItsInput() async throws {
        let environment = ChildPipeline.childEnvironment(["PATH": EngineEnvironment.systemPath])
        let guardian = try GroupGuard.spawn(environment: environment)
        let null = open("/dev/null", O_RDONLY)
        defer { close(null) }
        // Never reads stdin, so no end of file could stop it: only its group's death does.
        let busy = try ChildPipeline.spawnStage(ModeFile.Stage(executable: "/bin/sleep", arguments: ["100000"]),
                                                stdin: null, stdout: nil, processGroup: guardian.pid, environment: environment)
        #expect(getpgid(busy) == guardian.pid)
        // What the kernel does with our end when this process exits, is killed or crashes.
        close(guardian.fd)
        let status = await Self.reap(busy)
        if status == nil { kill(busy, SIGKILL); _ = await Self.reap(busy) }
        #expect(status.map { $0 & 0x7F } == SIGKILL, "the busy child was killed with its group")
        #expect(await Self.reap(guardian.pid) != nil, "the guard ended too")
    }

    @Test func aPipelinesStagesAndAWorkerRunInAGuardedGroup() async throws {
        let pipeline = try ChildPipeline.spawn([ModeFile.Stage(executable: "/bin/cat", arguments: []),
                                                ModeFile.Stage(executable: "/bin/cat", arguments: [])])
        defer { pipeline.terminate() }
        #expect(pipeline.pids.allSatisfy { getpgid($0) == pipeline.guardian.pid })
        #expect(pipeline.processGroup == pipeline.guardian.pid)
    }
}
