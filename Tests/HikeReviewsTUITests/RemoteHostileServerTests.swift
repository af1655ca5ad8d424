import Foundation
import TestSupport
import Testing

/// `--remote` against hostile servers on 127.0.0.1 (Fixtures/remote_hostile.py), through the real
/// binary: every probe's result is its own server's, a failing server's lines go to the next,
/// answers are capped while read (memory stays small), deadlines hold however slowly bytes come
/// and waiting costs no CPU, redirects are refused, a refused URL is one line.
///
/// Bounds on time are generous (a busy machine): a deadline plus several seconds, where the
/// failures they catch took twice the deadline or never ended.
@Suite(.timeLimit(.minutes(5)))
struct RemoteHostileServerTests {
    static let fixtures = PackagePaths.fixtures.path

    /// A hostile server that misbehaves in `behaviour` on `place` (`translate` or `probe`).
    static func hostile(_ behaviour: String, on place: String, target: String? = nil) throws -> LoopbackServer {
        try LoopbackServer(["/usr/bin/python3", fixtures + "/remote_hostile.py", behaviour, place] + (target.map { [$0] } ?? []))
    }

    /// A well-behaved LibreTranslate stand-in answering "NAME: text".
    static func good(_ name: String) throws -> LoopbackServer {
        try LoopbackServer(["/usr/bin/python3", fixtures + "/remote_standin.py", "libretranslate", name])
    }

    /// How many requests a server counted (misbehaving ones, or translations of a stand-in).
    static func count(_ server: LoopbackServer) throws -> Int {
        try #require(Int(String(decoding: try Data(contentsOf: URL(string: server.url + "/count")!), as: UTF8.self)))
    }

    /// The binary with no local pair, no repository, no memory, measured (off the pool).
    static func run(_ arguments: [String], input: String = "") async throws -> Subprocess.Measured {
        let environment = ["HIKE_REVIEWS_PAIRS_PATH=", "HIKE_REVIEWS_SYSTEM_PAIRS=0", "HIKE_REVIEWS_STORE=\(CommandLineTests.emptyStore)",
                           "HIKE_REVIEWS_PACKS_URL=file:///nonexistent/index.json", "HIKE_REVIEWS_REMOTE="]
        return try await Subprocess.measuredOffPool(["/usr/bin/env"] + environment + [Paths.binary.path] + arguments + ["--no-cache"], input: input)
    }

    static func translate(_ servers: [LoopbackServer], lines: [String]) async throws -> Subprocess.Measured {
        try await run(["translate", "--from", "es", "--to", "en", "--yes"] + servers.flatMap { ["--remote", $0.url] },
                input: lines.map { $0 + "\n" }.joined())
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// `packs list --json`'s rows by id: status and directions.
    static func rows(_ output: String) throws -> [String: (status: String, directions: [[String]])] {
        let list = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]], "\(output)")
        var rows: [String: (status: String, directions: [[String]])] = [:]
        for row in list {
            rows[row["id"] as? String ?? ""] = (row["status"] as? String ?? "", row["directions"] as? [[String]] ?? [])
        }
        return rows
    }
}

extension RemoteHostileServerTests {
    @Test func everyServerGetsItsOwnProbeResultRunAfterRun() async throws {
        let apy = try LoopbackServer(["/usr/bin/python3", Self.fixtures + "/remote_standin.py", "drop-apy", "P"])
        defer { apy.stop() }
        let libreTranslate = try Self.good("L")
        defer { libreTranslate.stop() }
        // Answers its probe slowly (a 404 over 4.5 s, then a trickle): the others finish first.
        let slow = try Self.hostile("slow-404", on: "probe")
        defer { slow.stop() }
        let failing = try Self.hostile("status-500", on: "probe")
        defer { failing.stop() }
        let gone = try Self.good("gone")
        let goneURL = gone.url
        gone.stop()
        let expected: [String: (status: String, directions: [[String]])] = [
            apy.url: ("remote", [["es", "en"]]), libreTranslate.url: ("remote", [["es", "en"]]), slow.url: ("unreachable", []),
            failing.url: ("unreachable", []), goneURL: ("unreachable", []),
        ]
        let sets = [[apy.url], [goneURL, libreTranslate.url, apy.url], [libreTranslate.url, failing.url, apy.url, goneURL, slow.url]]
        for urls in sets {
            for run in 0..<(urls.count == 5 ? 2 : 6) {
                // Each run names the servers in another order.
                let named = Array(urls[(run % urls.count)...] + urls[..<(run % urls.count)])
                let result = try await Self.run(["packs", "list", "--json"] + named.flatMap { ["--remote", $0] })
                // 1: the repository does not exist; never a crash (132 was SIGILL).
                #expect(result.status == 1, "\(named): \(result.error)")
                let rows = try Self.rows(result.output)
                #expect(rows.count == named.count, "\(result.output)")
                for url in named {
                    let row = try #require(rows["remote " + url], "\(url) in \(result.output)")
                    #expect(row.status == expected[url]?.status && row.directions == expected[url]?.directions, "\(url): \(row)")
                    // Every unreachable server says why, naming itself.
                    let port = url.split(separator: ":").last.map(String.init) ?? ""
                    if row.status == "unreachable" { #expect(result.error.contains("remote server 127.0.0.1:\(port) "), "\(result.error)") }
                }
            }
        }
    }

    @Test func aFailingFirstServerLeavesItsLinesToTheNext() async throws {
        let failing = try Self.hostile("status-500", on: "translate")
        defer { failing.stop() }
        let good = try Self.good("G")
        defer { good.stop() }
        let lines = (1...40).map { "Reseña \($0): el camino estaba muy bien señalizado." }
        let result = try await Self.translate([failing, good], lines: lines)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == lines.map { "G: \($0)\n" }.joined())
        #expect(try Self.count(failing) >= 1)
    }

    @Test func aClosedPortAResetA500AndAHangAllHandOverToTheNext() async throws {
        let gone = try Self.good("gone")
        let goneURL = gone.url
        gone.stop()
        var failing: [LoopbackServer] = []
        defer { failing.forEach { $0.stop() } }
        for behaviour in ["status-500", "reset", "silent"] {
            failing.append(try Self.hostile(behaviour, on: "translate"))
        }
        let good = try Self.good("G")
        defer { good.stop() }
        let lines = (1...40).map { "Reseña \($0): el sendero era precioso." }
        let result = try await Self.run(["translate", "--from", "es", "--to", "en", "--yes", "--remote", goneURL]
                                  + (failing + [good]).flatMap { ["--remote", $0.url] }, input: lines.map { $0 + "\n" }.joined())
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == lines.map { "G: \($0)\n" }.joined())
        // The silent server held its lines for the request deadline (30 s), no longer.
        #expect(Self.seconds(result.wall) < 30 + 60, "\(result.wall)")
        for server in failing { #expect(try Self.count(server) >= 1) }
    }

    /// Misbehaviours answered by refusing the answer at a cap, and what the refusal says.
    static let capped = [("endless", "4194304 bytes"), ("endless-chunked", "4194304 bytes"), ("huge", "4194304 bytes"),
                         ("gzip", "Content-Encoding gzip"), ("huge-headers", "65536 bytes"), ("endless-headers", "65536 bytes"),
                         ("early-hints", "65536 bytes"), ("bad-chunks", "chunked"), ("wrong-type", "answered something unexpected")]

    @Test(arguments: capped)
    func anAnswerIsCappedWhileItIsRead(behaviour: String, said: String) async throws {
        // On a translation: the line fails naming the server and the cap; memory stays small.
        let server = try Self.hostile(behaviour, on: "translate")
        defer { server.stop() }
        let alone = try await Self.translate([server], lines: ["Hola."])
        #expect(alone.status == 1, "\(alone.error)")
        #expect(alone.output == "\n")
        #expect(alone.error.contains("remote server 127.0.0.1:\(server.port) "), "\(alone.error)")
        #expect(alone.error.contains(said), "\(alone.error)")
        #expect(alone.maxResidentBytes < 150 << 20, "\(alone.maxResidentBytes)")
        // With a good server after it, the line is translated there.
        let good = try Self.good("G")
        defer { good.stop() }
        let both = try await Self.translate([server, good], lines: ["Hola."])
        #expect(both.status == 0, "\(both.error)")
        #expect(both.output == "G: Hola.\n")

        // On the probe: the server is unreachable, and says why.
        let probed = try Self.hostile(behaviour, on: "probe")
        defer { probed.stop() }
        let list = try await Self.run(["packs", "list", "--json", "--remote", probed.url])
        #expect(try Self.rows(list.output)["remote " + probed.url]?.status == "unreachable")
        #expect(list.error.contains("remote server 127.0.0.1:\(probed.port) "), "\(list.error)")
        #expect(list.error.contains(said), "\(list.error)")
        #expect(list.maxResidentBytes < 150 << 20, "\(list.maxResidentBytes)")
    }

    @Test(arguments: ["slow-404", "trickle", "trickle-headers", "silent"])
    func theWholeProbeEndsByItsDeadlineWithoutSpinning(behaviour: String) async throws {
        let server = try Self.hostile(behaviour, on: "probe")
        defer { server.stop() }
        let list = try await Self.run(["packs", "list", "--remote", server.url])
        // 5 s for both GETs together (slow-404 takes 4.5 s on the first: two 5 s timers took 9.5 s).
        #expect(Self.seconds(list.wall) < 5 + 3.5, "\(list.wall)")
        #expect(Self.seconds(list.wall) > 4, "\(list.wall)")
        #expect(list.error.contains("remote server 127.0.0.1:\(server.port) did not answer: no whole answer before the deadline"), "\(list.error)")
        // Waiting is poll(2) with a timeout: no measurable CPU (the spin took 3-4 s per 5 s).
        #expect(list.cpuSeconds < 0.5, "\(list.cpuSeconds)")
    }

    @Test func aRequestEndsByItsDeadlineHoweverSlowlyBytesCome() async throws {
        let server = try Self.hostile("trickle", on: "translate")
        defer { server.stop() }
        let result = try await Self.translate([server], lines: ["Hola."])
        #expect(result.status == 1)
        #expect(result.error.contains("remote server 127.0.0.1:\(server.port) did not answer: no whole answer before the deadline"), "\(result.error)")
        // 30 s for the whole request, though a byte comes every second (an idle timer never fires).
        #expect(Self.seconds(result.wall) > 29 && Self.seconds(result.wall) < 30 + 8, "\(result.wall)")
        #expect(result.cpuSeconds < 0.5, "\(result.cpuSeconds)")
    }

    @Test(arguments: ["redirect-302", "redirect-307", "redirect-308", "redirect-loop"])
    func aRedirectIsRefusedNeverFollowed(behaviour: String) async throws {
        let elsewhere = try Self.good("ELSEWHERE")
        defer { elsewhere.stop() }
        let server = try Self.hostile(behaviour, on: "translate", target: elsewhere.url)
        defer { server.stop() }
        let result = try await Self.translate([server], lines: ["Hola."])
        #expect(result.status == 1)
        #expect(!result.output.contains("ELSEWHERE"))
        let code = behaviour == "redirect-loop" ? "302" : String(behaviour.suffix(3))
        #expect(result.error.contains("remote server 127.0.0.1:\(server.port) answered something unexpected: a redirect (\(code)) to "),
                "\(result.error)")
        #expect(try Self.count(elsewhere) == 0)
    }

    @Test(arguments: ["ftp://example.org", "http://", "localhost:5000", "http://a.example/?q=1"])
    func aRefusedRemoteURLIsOneLine(url: String) async throws {
        let result = try await Self.run(["translate", "--to", "en", "--remote", url])
        #expect(result.status == 2)
        #expect(result.error == "hike-reviews: --remote: '\(url)' is not an http or https URL of a LibreTranslate or Apertium-APy server\n")
    }
}
