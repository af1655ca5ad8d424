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

    @Test(.needs(StockApy.installed, "needs Debian's apertium-apy"))
    func apyClientsSeeTheSameAnswersAsFromStockApy() async throws {
        let apy = try StockApy.start(pairs: ["spa-eng", "eng-spa"], dataRoot: ServeProcess.testPairs)
        defer { apy.stop() }
        let server = try await ServeProcess.start()
        let result = try await ServeProcess.runScript("apy_compare.py", [server.url, apy.url + "/"])
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(status == 0)
    }

    /// APy's /listPairs lists the directions packs ship, variants by their Apertium codes
    /// (`eng|cat_valencia`), and nothing else; `--apy-pivots` adds routes through a third language.
    @Test(.needs(StockApy.installed, "needs Debian's apertium-apy"), arguments: [false, true])
    func apyListsThePairsStockApyListsOverTheSameModes(pivots: Bool) async throws {
        let modes = try FileManager.default.contentsOfDirectory(atPath: ServeProcess.testPairs + "/modes")
            .filter { $0.hasSuffix(".mode") }.map { String($0.dropLast(".mode".count)) }
        let apy = try StockApy.start(pairs: modes, dataRoot: ServeProcess.testPairs)
        defer { apy.stop() }
        let server = try await ServeProcess.start(pivots ? ["--apy-pivots"] : [])
        let result = try await ServeProcess.runScript("apy_pairs.py", [server.url, apy.url + "/"] + (pivots ? ["--pivots"] : []))
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(status == 0)
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
