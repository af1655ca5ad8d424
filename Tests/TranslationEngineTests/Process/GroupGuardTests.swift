import Foundation
import Testing
@testable import TranslationEngine

/// The guard that leads every pipeline's and worker's process group: when its pipe closes (as
/// the kernel closes it when this process dies, however it dies) the whole group is killed,
/// children that never read their input included.
@Suite struct GroupGuardTests {
    /// How a child ended, as far as this process can tell.
    enum End: Equatable {
        /// Reaped here, with its raw wait status.
        case status(Int32)
        /// Gone, but reaped by someone else in this process (a test that waits for any child):
        /// its status is lost.
        case reapedElsewhere
    }

    /// Reaps `pid` once it has ended, waiting up to a safety net far beyond the expected
    /// instant (a loaded machine); nil if it is still running then.
    static func reap(_ pid: pid_t, within seconds: Int = 120) async -> End? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return .status(status) }
            if result == -1 && errno == ECHILD { return .reapedElsewhere }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }
}

extension GroupGuardTests {
    @Test func closingTheGuardsPipeKillsAChildThatIgnoresItsInput() async throws {
        let environment = ChildProcess.environment(["PATH": ChildProcess.systemPath])
        let guardian = try GroupGuard.spawn(environment: environment)
        let null = open("/dev/null", O_RDONLY)
        defer { close(null) }
        // Never reads stdin, so no end of file could stop it: only its group's death does.
        let busy = try ChildProcess.spawn("/bin/sleep", arguments: ["100000"],
                                          stdin: null, stdout: nil, processGroup: guardian.pid, environment: environment)
        #expect(getpgid(busy) == guardian.pid)
        // What the kernel does with our end when this process exits, is killed or crashes.
        close(guardian.fd)
        let end = await Self.reap(busy)
        if end == nil { kill(busy, SIGKILL); _ = await Self.reap(busy) }
        #expect(end != nil, "the busy child ended with its group")
        if case .status(let status) = end { #expect(status & 0x7F == SIGKILL, "killed by the guard") }
        #expect(await Self.reap(guardian.pid) != nil, "the guard ended too")
    }

    @Test func aPipelinesStagesAndAWorkerRunInAGuardedGroup() async throws {
        let pipeline = try ChildPipeline.spawn([ModeFile.Stage(executable: "/bin/cat", arguments: []),
                                                ModeFile.Stage(executable: "/bin/cat", arguments: [])])
        defer { pipeline.terminate() }
        #expect(pipeline.pids.allSatisfy { getpgid($0) == pipeline.process.guardian.pid })
        #expect(pipeline.processGroup == pipeline.process.guardian.pid)
    }
}
