import Foundation
@testable import HikeReviewsServer
@testable import HikeReviewsTUI
import Testing
import TestSupport

/// `serve --req-limit`, `--daily-req-limit` and `--metrics` on the real binary (limits_metrics.py):
/// the third work request in a minute with a limit of 2 gets LibreTranslate's 429, word for word
/// as stock LibreTranslate 1.9.6 started with the same limit says it; APy's work routes in APy's
/// shape; listings never limited; each API key its own count; a forged X-Forwarded-For is not a
/// new client unless `--trust-forwarded-for`; /metrics read by a strict exposition-format parser,
/// its token checked and its counters moving. The limiter's window edge and its bounded client
/// table are checked in-process on a clock the test gives.
@Suite(.timeLimit(.minutes(5)),
       .needs(ServeProcess.hasTestPairs, "needs make test's pair data"),
       .needs(ServeProcess.hasPython, "needs .build/interop-venv (scripts/setup-interop)"))
struct ServeLimitsMetricsTests {
    static let metrics = ["--metrics", "--metrics-auth-token", "metrics-token-1"]

    @Test func aMinutesLimitAndTheMetrics() async throws {
        let server = try await ServeProcess.start(["--req-limit", "2"] + Self.metrics)
        let result = try await ServeProcess.runScript("limits_metrics.py", [server.url, "minute"])
        let log = server.log
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(log.contains("POST /translate 429 "))
        #expect(status == 0)
    }

    @Test(.needs(FileManager.default.isExecutableFile(atPath: RemoteLibreTranslateTests.python) && EchoArgosRepository.available,
                 "needs scripts/setup-libretranslate and the neural venv"))
    func the429IsStockLibreTranslates() async throws {
        let stock = try RemoteLibreTranslateTests.start(arguments: ["--req-limit", "2"])
        defer { stock.stop() }
        let server = try await ServeProcess.start(["--req-limit", "2"] + Self.metrics)
        let result = try await ServeProcess.runScript("limits_metrics.py", [server.url, "minute", stock.url])
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output) \(stock.errors.suffix(2000))")
        #expect(status == 0)
    }

    @Test func aTextSentAgainIsAMemoryHit() async throws {
        let folder = try Scratch.folder("memory")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await ServeProcess.start(Self.metrics, environment: ["HIKE_REVIEWS_CACHE=1", "HIKE_REVIEWS_CACHE_DIR=\(folder)"])
        let result = try await ServeProcess.runScript("limits_metrics.py", [server.url, "memory"])
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(status == 0)
    }

    @Test func aDaysLimit() async throws {
        let server = try await ServeProcess.start(["--daily-req-limit", "1"])
        let result = try await ServeProcess.runScript("limits_metrics.py", [server.url, "daily"])
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(status == 0)
    }

    @Test func eachKeyHasItsOwnCount() async throws {
        let folder = try Scratch.folder("keys")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "k1\nk2\n".write(toFile: folder + "/keys", atomically: true, encoding: .utf8)
        let server = try await ServeProcess.start(["--api-keys", folder + "/keys", "--req-limit", "1"])
        let result = try await ServeProcess.runScript("limits_metrics.py", [server.url, "keys"])
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(status == 0)
    }

    @Test func aClientIsItsAddressUnlessForwardedForIsTrusted() async throws {
        let peer = try await ServeProcess.start(["--req-limit", "1"])
        let byPeer = try await ServeProcess.runScript("limits_metrics.py", [peer.url, "peer"])
        #expect(try await peer.stop() == 0)
        #expect(byPeer.output == "ok\n", "\(byPeer.output)")
        let forwarded = try await ServeProcess.start(["--req-limit", "1", "--trust-forwarded-for"])
        let byHeader = try await ServeProcess.runScript("limits_metrics.py", [forwarded.url, "forwarded"])
        #expect(try await forwarded.stop() == 0)
        #expect(byHeader.output == "ok\n", "\(byHeader.output)")
    }
}

extension ServeLimitsMetricsTests {
    @Test func theLimiterRefusesAcrossAWindowsEdgeAndForgetsLater() throws {
        let limiter = try #require(RateLimiter(perMinute: 2, perDay: nil))
        #expect(limiter.admit("a", now: 58) == nil)
        #expect(limiter.admit("a", now: 59) == nil)
        // The next minute has begun, but both requests are still within the last 60 seconds.
        #expect(limiter.admit("a", now: 61)?.description == "2 per 1 minute")
        #expect(limiter.admit("b", now: 61) == nil)
        // A refused request is not counted: two minutes on, the client starts afresh.
        #expect(limiter.admit("a", now: 180) == nil)
        #expect(RateLimiter(perMinute: nil, perDay: nil) == nil)
        let daily = try #require(RateLimiter(perMinute: 5, perDay: 1))
        #expect(daily.admit("a", now: 0) == nil)
        #expect(daily.admit("a", now: 3600)?.description == "1 per 1 day")
    }

    @Test func theClientTableIsBounded() throws {
        let limiter = try #require(RateLimiter(perMinute: 1, perDay: nil, maxClients: 3))
        for client in 0..<100 { #expect(limiter.admit("client \(client)", now: 10) == nil) }
        #expect(limiter.clientCount == 3)
        // The most recent clients are kept: the last one is still counted.
        #expect(limiter.admit("client 99", now: 11) != nil)
    }

    @Test func labelsAreEscaped() {
        #expect(ServerMetrics.labels(["b": "x\"y", "a": "back\\slash\nline"]) == #"{a="back\\slash\nline",b="x\"y"}"#)
        #expect(ServerMetrics.number(3) == "3")
        #expect(ServerMetrics.number(0.25) == "0.25")
    }

    @Test func parsesTheOptions() throws {
        var options = ServeCommand.Options()
        options.reqLimit = 20
        options.dailyReqLimit = 1000
        options.trustForwardedFor = true
        options.metrics = true
        options.metricsAuthToken = "t0ken"
        #expect(try CommandLineOptions.parse(["serve", "--req-limit", "20", "--daily-req-limit=1000", "--trust-forwarded-for", "--metrics",
                                              "--metrics-auth-token", "t0ken"]) == .serve(options))
        #expect(try CommandLineOptions.parse(["serve", "--req-limit", "-1"]) == .serve(ServeCommand.Options()))
        for bad in [["--req-limit", "0"], ["--req-limit", "x"], ["--daily-req-limit"], ["--metrics-auth-token", "a b"], ["--metrics-auth-token", ""]] {
            #expect(throws: UsageError.self) { try CommandLineOptions.parse(["serve"] + bad) }
        }
    }
}
