import Foundation
import Testing
import TestSupport

/// `hike-reviews serve` against the clients of the servers it stands in for: LibreTranslate's
/// official client (libretranslatepy, pinned in requirements/interop.txt), and the same
/// requests sent to Debian's stock apertium-apy over the same pair data.
@Suite(.timeLimit(.minutes(5)),
       .needs(ServeProcess.hasTestPairs, "needs make test's pair data"),
       .needs(ServeProcess.hasPython, "needs .build/interop-venv (scripts/setup-interop)"))
struct ServeInteropTests {
    @Test func libreTranslateClientWorksUnchanged() async throws {
        let server = try await ServeProcess.start()
        let result = try await ServeProcess.runScript("lt_client.py", [server.url])
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(result.status == 0)
        #expect(status == 0)
    }

    @Test func libreTranslateClientWithKeys() async throws {
        let folder = try Scratch.folder("keys")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "# the team's keys\nfirst-key\n\nsecond-key\n".write(toFile: folder + "/keys", atomically: true, encoding: .utf8)
        let server = try await ServeProcess.start(["--api-keys", folder + "/keys"])
        let result = try await ServeProcess.runScript("lt_client.py", [server.url, "second-key"])
        let log = server.log
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(log.contains("POST /translate 403 "))
        #expect(log.contains("API keys required"))
        #expect(status == 0)
    }

    @Test(.needs(FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/apertium_apy/apy.py"), "needs Debian's apertium-apy"))
    func apyClientsSeeTheSameAnswersAsFromStockApy() async throws {
        let apy = try await StockApy.start(pairs: ["spa-eng", "eng-spa"])
        let server = try await ServeProcess.start()
        let result = try await ServeProcess.runScript("apy_compare.py", [server.url, "http://127.0.0.1:\(apy.port)/"])
        let status = try await server.stop()
        try await apy.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(status == 0)
    }
}

/// Debian's apertium-apy on 127.0.0.1 (through ServeScripts/apy_launch.py), over a folder
/// whose mode files point at make test's pair data.
struct StockApy {
    let pid: pid_t
    let port: Int
    let folder: String

    static func start(pairs: [String]) async throws -> StockApy {
        let folder = try Scratch.folder("apy")
        try FileManager.default.createDirectory(atPath: folder + "/modes", withIntermediateDirectories: true)
        for pair in pairs {
            let mode = try String(contentsOfFile: ServeProcess.testPairs + "/modes/\(pair).mode", encoding: .utf8)
            try mode.replacingOccurrences(of: "/usr/share/apertium/", with: ServeProcess.testPairs + "/")
                .write(toFile: folder + "/modes/\(pair).mode", atomically: true, encoding: .utf8)
        }
        let port = try LoopbackPort.free()
        let argv = ["/usr/bin/python3", ServeProcess.scripts + "/apy_launch.py", "-p", String(port), folder]
        let running = try Subprocess.start(argv, outputPath: folder + "/log", errorPath: folder + "/log")
        close(running.input)
        let apy = StockApy(pid: running.pid, port: port, folder: folder)
        for _ in 0..<6000 {
            if LoopbackPort.accepts(port) { return apy }
            var status: Int32 = 0
            if waitpid(running.pid, &status, WNOHANG) == running.pid {
                throw Subprocess.Failure(description: "apertium-apy ended: " + ((try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? ""))
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        try await apy.stop()
        throw Subprocess.Failure(description: "apertium-apy did not start listening")
    }

    /// SIGTERM; its pipelines end when their input closes with it.
    func stop() async throws {
        kill(pid, SIGTERM)
        _ = try await Subprocess.waitOffPool(for: pid, program: "apertium-apy")
        try? FileManager.default.removeItem(atPath: folder)
    }
}

/// Ports on 127.0.0.1 for servers that cannot be told to pick their own.
enum LoopbackPort {
    /// A port free a moment ago (the kernel's pick for a socket bound to port 0).
    static func free() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Subprocess.Failure(description: "socket failed") }
        defer { close(socket) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw Subprocess.Failure(description: "bind failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts connections on the port.
    static func accepts(_ port: Int) -> Bool {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
