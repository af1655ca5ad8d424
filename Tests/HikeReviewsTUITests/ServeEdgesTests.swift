import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import HikeReviewsServer
@testable import HikeReviewsTUI
import Testing
import TestSupport

/// `hike-reviews serve` against hostile clients on raw sockets (ServeScripts): ambiguous
/// framing and heads over the limits, NULs and odd forms, slow clients at the connection
/// limits, and SIGHUP.
@Suite(.timeLimit(.minutes(5)),
       .needs(ServeProcess.hasTestPairs, "needs make test's pair data"),
       .needs(ServeProcess.hasPython, "needs .build/interop-venv (scripts/setup-interop)"))
struct ServeEdgesTests {
    @Test func framingHeadLimitsAndTextsAreRefusedInTheAPIsShape() async throws {
        let server = try await ServeProcess.start()
        let result = try await ServeProcess.runScript("framing.py", [server.url])
        let log = server.log
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(status == 0)
        // Every access line stays short, the 60 KB method's too.
        let access = log.split(separator: "\n").filter { !$0.hasPrefix("hike-reviews") }
        #expect(access.contains { $0.hasPrefix("AAAAAAAAAAAAAAAAAAAA... /nothing 404 ") })
        #expect(access.allSatisfy { $0.utf8.count < 300 })
    }

    @Test func slowRequestsEndAtTheirDeadlineAndOthersAreServed() async throws {
        let server = try await ServeProcess.start(["--request-deadline", "3"])
        let result = try await ServeProcess.runScript("slowloris.py", [server.url, "6"])
        let log = server.log
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(status == 0)
        // Requests ended by their deadline are in the access log.
        #expect(log.contains("- /translate 408 "))
        #expect(log.contains("POST /translate 408 "))
    }

    /// Deadlines far longer than any run, so only the shares decide which connections close.
    @Test func oneAddressAtItsShareLeavesTheOthersServedAndCrowdsOnlyItself() async throws {
        let server = try await ServeProcess.start(["--connections-per-address", "6", "--request-deadline", "3600"])
        let result = try await ServeProcess.runScript("crowd.py", [server.url, "share"])
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(status == 0)
    }

    /// In-process, with a limit of all connections small enough to reach.
    @Test func manyAddressesAtTheLimitOfAllConnectionsLeaveANewOneServed() async throws {
        let engine = try ServeInProcessTests.engine()
        var limits = MicroHTTPServer.Limits()
        limits.connections = 8
        limits.connectionsPerAddress = 6
        limits.headDeadlineSeconds = 3600
        let server = TranslationServer(engine: engine, limits: limits) { _ in }
        let port = try server.start(host: "127.0.0.1", port: 0)
        let result = try await ServeProcess.runScript("crowd.py", ["http://127.0.0.1:\(port)/", "total"])
        await server.drain()
        await engine.shutdown()
        #expect(result.output == "ok\n", "\(result.output)")
    }

    @Test func sighupRereadsTheKeysAndThePacks() async throws {
        let folder = try Scratch.folder("reload")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pairs = folder + "/pairs"
        try FileManager.default.createDirectory(atPath: pairs + "/modes", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: pairs + "/apertium-eng-spa", withDestinationPath: ServeProcess.testPairs + "/apertium-eng-spa")
        try "one\n".write(toFile: folder + "/keys", atomically: true, encoding: .utf8)
        let server = try await ServeProcess.start(["--api-keys", folder + "/keys"], environment: ["HIKE_REVIEWS_PAIRS_PATH=\(pairs)"])
        let result = try await ServeProcess.runScript("reload.py", [server.url, "\(server.pid)", server.errorPath, folder + "/keys", pairs,
                                                                    ServeProcess.testPairs + "/modes/spa-eng.mode"])
        let log = server.log
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(log.contains("serve: translates es -> en"))
        #expect(status == 0, "SIGHUP must not end the server")
    }

    @Test(.needs(NewcomerTests.testRepositoryAvailable, "needs make test's pack repository (scripts/fetch-test-pairs)"))
    func sighupServesAPackInstalledWhileServing() async throws {
        let noPairs = try Scratch.folder("no-pairs")
        defer { try? FileManager.default.removeItem(atPath: noPairs) }
        let repository = "HIKE_REVIEWS_PACKS_URL=file://" + NewcomerTests.testRepository.appendingPathComponent("index.json").path
        let server = try await ServeProcess.start(environment: [repository, "HIKE_REVIEWS_PAIRS_PATH=\(noPairs)"])
        let install = try CommandLineTests.runBinary(["packs", "install", "fr-es", "--yes"], environment: [
            "HIKE_REVIEWS_PAIRS_PATH=\(noPairs)", "HIKE_REVIEWS_SYSTEM_PAIRS=0", "HIKE_REVIEWS_STORE=\(server.folder)/store", repository,
            "HIKE_REVIEWS_CACHE=0",
        ])
        #expect(install.status == 0, "\(install.error)")
        kill(server.pid, SIGHUP)
        for _ in 0..<4800 {
            if server.log.contains("serve: reloaded") { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        var request = URLRequest(url: URL(string: server.url + "translate")!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"q": "Le chien", "source": "fr", "target": "es"}"#.utf8)
        request.timeoutInterval = 240
        let (data, _) = try await URLSession.shared.data(for: request)
        let log = server.log
        let status = try await server.stop()
        #expect(String(decoding: data, as: UTF8.self) == #"{"translatedText":"El perro"}"#)
        #expect(log.contains("serve: packs (apertium: fr-es)"))
        #expect(status == 0)
    }

    @Test func serveOptionsForConnectionsAndDeadlines() throws {
        var options = ServeCommand.Options()
        options.connectionsPerAddress = 8
        options.requestDeadline = 5
        #expect(try CommandLineOptions.parse(["serve", "--connections-per-address", "8", "--request-deadline=5"]) == .serve(options))
        for bad in [["--connections-per-address", "0"], ["--connections-per-address", "1001"], ["--request-deadline", "0"],
                    ["--request-deadline", "x"], ["--request-deadline"]] {
            #expect(throws: UsageError.self) { try CommandLineOptions.parse(["serve"] + bad) }
        }
    }
}

/// The pure parts: RFC 9112's framing rules, forms and the character count.
extension ServeEdgesTests {
    private func headers(_ lines: [String]) -> [(name: [UInt8], value: [UInt8])] {
        lines.map { line in
            let colon = line.firstIndex(of: ":")!
            return (Array(line[..<colon].utf8), Array(line[line.index(after: colon)...].drop { $0 == " " }.utf8))
        }
    }

    @Test func framingRules() {
        let limits = RequestHead.Limits()
        func status(_ lines: [String], version: String = "HTTP/1.1") -> Int? {
            RequestHead.check(headers: headers(["Host: x"] + lines), version: version, limits: limits)?.status
        }
        #expect(status(["Content-Length: 5"]) == nil)
        #expect(status(["Transfer-Encoding: chunked"]) == nil)
        #expect(status(["Content-Length: 5", "content-length: 5"]) == 400)
        #expect(status(["Content-Length : 5"]) == 400)
        #expect(status(["Content-Length: 5", "Transfer-Encoding: chunked"]) == 400)
        #expect(status(["Transfer-Encoding: gzip"]) == 400)
        #expect(status(["Transfer-Encoding: gzip, chunked"]) == 501)
        #expect(status(["Transfer-Encoding: br, chunked"]) == 501)
        #expect(status(["Host: y"]) == 400)
        #expect(status(["Transfer-Encoding: chunked "]) == 501)
        #expect(status(["Transfer-Encoding: Chunked"]) == nil)
        #expect(RequestHead.check(headers: headers(["Transfer-Encoding: chunked"]), version: "HTTP/1.0", limits: limits)?.status == 400)
        #expect(status(["X-A: a\rb"]) == 400)
        #expect(RequestHead.check(headers: [], version: "HTTP/1.0", limits: limits) == nil)
        #expect(RequestHead.check(headers: [], version: "HTTP/1.1", limits: limits)?.status == 400)
        #expect(status((0..<100).map { "X-\($0): y" }) == 431)
        #expect(RequestHead.originPath("http://127.0.0.1:5000/translate") == "/translate")
        #expect(RequestHead.originPath("HTTPS://host") == "/")
        #expect(RequestHead.originPath("/translate") == "/translate")
    }

    @Test func formsAreReadAsRFC2046AndWHATWGSay() throws {
        let fields = FormBody.urlencoded(Array("=x&q=a+b%21&&=&source=es&bad=%zz".utf8))
        #expect(fields.map(\.name) == ["q", "source", "bad"])
        #expect(fields.map { String(decoding: $0.value, as: UTF8.self) } == ["a b!", "es", "%zz"])
        #expect(FormBody.boundary("multipart/form-data; boundary=x") == "x")
        #expect(FormBody.boundary("multipart/form-data; boundary=\"a b\"") == "a b")
        #expect(FormBody.boundary("multipart/form-data; boundary=" + String(repeating: "b", count: 71)) == nil)
        let body = "preamble\r\n--x\r\nContent-Disposition: form-data; name=\"q\"\r\n\r\nline one\r\nline two\r\n--x  \r\n"
            + "Content-Disposition: form-data\r\n\r\nno name\r\n--x--\r\nepilogue"
        let parts = try FormBody.multipart(Array(body.utf8), boundary: "x")
        #expect(parts.map(\.name) == ["q"])
        #expect(parts.first.map { String(decoding: $0.value, as: UTF8.self) } == "line one\r\nline two")
        #expect(throws: FormBody.Malformed.self) { try FormBody.multipart(Array("--x\r\nname".utf8), boundary: "x") }
    }

    @Test func theCharacterLimitCountsScalars() throws {
        var options = ServerOptions()
        options.charLimit = 3
        let router = Router(service: TranslationService(engine: try ServeInProcessTests.engine()), options: options)
        #expect(router.limitProblem(["e\u{301}e"]) == nil)
        #expect(router.limitProblem(["e\u{301}\u{301}e"]) != nil)
        #expect(MicroHTTPServer.printable(String(repeating: "A", count: 50), limit: 20) == String(repeating: "A", count: 20) + "...")
        #expect(MicroHTTPServer.printable("") == "-")
    }
}
