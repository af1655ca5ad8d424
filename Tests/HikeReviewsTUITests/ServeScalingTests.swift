import Foundation
import Testing
import TestSupport

/// docs/SCALING.md's setup on loopback: Debian's HAProxy with the repository's docs/haproxy.cfg
/// in front of two `hike-reviews serve` instances, one killed mid-run.
@Suite(.timeLimit(.minutes(5)),
       .needs(ServeProcess.hasTestPairs, "needs make test's pair data"),
       .needs(ServeProcess.hasPython, "needs .build/interop-venv (scripts/setup-interop)"),
       .needs(FileManager.default.isExecutableFile(atPath: "/usr/sbin/haproxy"), "needs Debian's haproxy (scripts/setup)"))
struct ServeScalingTests {
    static let haproxy = "/usr/sbin/haproxy"
    static let configuration = Paths.packageRoot.appendingPathComponent("docs/haproxy.cfg").path

    @Test func twoInstancesBehindHAProxyLoseNothingWhenOneIsKilled() async throws {
        let first = try await ServeProcess.start()
        let second = try await ServeProcess.start()
        let folder = try Scratch.folder("haproxy")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let port = try LoopbackPort.free()
        // The repository's configuration, with this run's ports.
        let configuration = try String(contentsOfFile: Self.configuration, encoding: .utf8)
            .replacingOccurrences(of: "127.0.0.1:5000", with: "127.0.0.1:\(port)")
            .replacingOccurrences(of: "127.0.0.1:5001", with: "127.0.0.1:\(first.port)")
            .replacingOccurrences(of: "127.0.0.1:5002", with: "127.0.0.1:\(second.port)")
        try configuration.write(toFile: folder + "/haproxy.cfg", atomically: true, encoding: .utf8)
        let balancer = try Subprocess.start([Self.haproxy, "-db", "-f", folder + "/haproxy.cfg"], outputPath: folder + "/log", errorPath: folder + "/log")
        close(balancer.input)
        for _ in 0..<6000 where !LoopbackPort.accepts(port) { try await Task.sleep(for: .milliseconds(50)) }

        let argv = ["/usr/bin/env", "PYTHONDONTWRITEBYTECODE=1", ServeProcess.python, ServeProcess.scripts + "/load.py",
                    "http://127.0.0.1:\(port)/", "16", "1000"]
        let client = try Subprocess.start(argv, outputPath: folder + "/out", errorPath: folder + "/out")
        close(client.input)
        // Killed (SIGKILL: no drain) once it has answered its share of lines for a while.
        for _ in 0..<6000 where second.log.components(separatedBy: "POST /translate 200").count <= 100 {
            try await Task.sleep(for: .milliseconds(20))
        }
        kill(second.pid, SIGKILL)
        _ = try await Subprocess.waitOffPool(for: second.pid, program: "hike-reviews serve")
        let clientStatus = try await Subprocess.waitOffPool(for: client.pid, program: "load.py")
        let output = (try? String(contentsOfFile: folder + "/out", encoding: .utf8)) ?? ""
        let firstLog = first.log

        kill(balancer.pid, SIGTERM)
        _ = try await Subprocess.waitOffPool(for: balancer.pid, program: "haproxy")
        let status = try await first.stop()
        try? FileManager.default.removeItem(atPath: second.folder)
        #expect(output == "answered 1000\n", "\(output)")
        #expect(clientStatus == 0)
        #expect(status == 0)
        // Both instances took lines, and the survivor answered those the other could not.
        #expect(firstLog.components(separatedBy: "POST /translate 200").count > 100)
    }
}
