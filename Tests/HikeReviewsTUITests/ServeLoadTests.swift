import Foundation
import Testing
import TestSupport

/// `hike-reviews serve` under load and abuse, with real clients on loopback (Python's
/// http.client and raw sockets, from ServeScripts).
@Suite(.timeLimit(.minutes(5)),
       .needs(ServeProcess.hasTestPairs, "needs make test's pair data"),
       .needs(ServeProcess.hasPython, "needs .build/interop-venv (scripts/setup-interop)"))
struct ServeLoadTests {
    @Test func sixteenClientsLoseNothing() async throws {
        let server = try await ServeProcess.start()
        let result = try await ServeProcess.runScript("load.py", [server.url, "16", "1000"])
        // Its stages hand their output on at least every third queued text: the stage library's
        // cap on skipped flushes, which `serve` sets in their environment.
        let stages = server.children.map { child in
            ((try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(child)/environ"))) ?? Data()).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        }.filter { $0.contains { $0.hasPrefix("LD_PRELOAD=") && $0.contains("libHikeTaggerReset") } }
        #expect(!stages.isEmpty)
        #expect(stages.allSatisfy { $0.contains("HIKE_FLUSH_WAITS=2") })
        let log = server.log
        let status = try await server.stop()
        #expect(result.output == "answered 1000\n", "\(result.output)")
        #expect(status == 0)
        // One access line per request, without the texts.
        let lines = log.split(separator: "\n").filter { $0.hasPrefix("POST /translate ") }
        #expect(lines.count == 1006)
        #expect(lines.allSatisfy { $0.split(separator: " ").count == 5 && $0.hasSuffix("ms") })
        #expect(!log.contains("perro"))
    }

    @Test func hostileRequestsGetOneLineErrors() async throws {
        let server = try await ServeProcess.start()
        let result = try await ServeProcess.runScript("abuse.py", [server.url])
        let log = server.log
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(log.contains("POST /translate 413 "))
        #expect(status == 0)
    }

    @Test func sigtermDuringLoadDrainsAndEndsEveryChild() async throws {
        let server = try await ServeProcess.start()
        let folder = try Scratch.folder("drain")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let argv = ["/usr/bin/env", "PYTHONDONTWRITEBYTECODE=1", ServeProcess.python, ServeProcess.scripts + "/load.py",
                    server.url, "16", "100000", "--until-closed"]
        let client = try Subprocess.start(argv, outputPath: folder + "/out", errorPath: folder + "/out")
        close(client.input)
        // Under way: answers logged, and the pipelines started.
        var children: [pid_t] = []
        for _ in 0..<6000 {
            children = server.children
            if server.log.components(separatedBy: "POST /translate 200").count > 200, !children.isEmpty { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!children.isEmpty)
        let status = try await server.stop()
        let clientStatus = try await Subprocess.waitOffPool(for: client.pid, program: "load.py")
        let output = (try? String(contentsOfFile: folder + "/out", encoding: .utf8)) ?? ""
        #expect(status == 0)
        #expect(clientStatus == 0, "every answer received is its line's: \(output)")
        #expect(output.hasPrefix("answered "))
        for child in children { #expect(kill(child, 0) == -1 && errno == ESRCH, "child \(child) outlived the server") }
    }
}
