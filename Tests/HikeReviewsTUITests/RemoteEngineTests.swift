import Foundation
import TestSupport
import Testing
@testable import HikeReviewsTUI

/// `--remote`: Debian's stock Apertium-APy and a LibreTranslate-shaped stand-in on 127.0.0.1
/// as legs of engine `remote`, through the real binary: the same text as the local pipeline,
/// consent naming the server, load shared, a dying server's lines answered by another.
@Suite(.needs(FileManager.default.fileExists(atPath: CommandLineTests.testPairs + "/modes/spa-eng.mode")
              && StockApy.installed,
              "needs make test's pair data and Debian's apertium-apy"), .timeLimit(.minutes(5)))
struct RemoteEngineTests {
    static let fixtures = PackagePaths.fixtures.path

    static let reviews = [
        "El camino estaba muy bien señalizado y había agua en la fuente.",
        "Llegamos al refugio a las 14:30, cansados pero felices.",
        "El perro bebe agua.",
        // The generator marks "pega" #paste (not inflected): APy keeps that mark even with
        // markUnknown=no, and the local pipeline's text has none.
        "A las doce el sol pega de lleno.",
    ]

    /// Stock APy serving the test pairs' spa-eng, its mode file's paths pointed at them.
    static func startAPy() throws -> LoopbackServer {
        try StockApy.start(pairs: ["spa-eng"], dataRoot: CommandLineTests.testPairs)
    }

    /// The stand-in: `libretranslate` (answers "NAME: text") or `drop-apy` (drops every translation).
    static func startStandIn(_ kind: String, name: String) throws -> LoopbackServer {
        try LoopbackServer(["/usr/bin/python3", fixtures + "/remote_standin.py", kind, name])
    }

    /// How many translations a stand-in was asked for.
    static func count(_ server: LoopbackServer) throws -> Int {
        try #require(Int(String(decoding: try Data(contentsOf: URL(string: server.url + "/count")!), as: UTF8.self)))
    }

    /// No local pair at all (unless `localPairs`), no repository, no memory (unless `cache`, its folder).
    static func run(_ arguments: [String], input: String, localPairs: Bool = false, cache: String? = nil, _ extra: [String] = []) throws
        -> (status: Int32, output: String, error: String) {
        let pairs = localPairs ? ["HIKE_REVIEWS_PAIRS_PATH=\(CommandLineTests.testPairs)"] : ["HIKE_REVIEWS_PAIRS_PATH="]
        let memory = cache.map(Subprocess.memoryVariables(folder:)) ?? []
        return try CommandLineTests.runBinary(arguments + (cache == nil ? ["--no-cache"] : []), input: input,
                                              environment: pairs + memory + ["HIKE_REVIEWS_SYSTEM_PAIRS=0", "HIKE_REVIEWS_STORE=\(CommandLineTests.emptyStore)",
                                                                    "HIKE_REVIEWS_PACKS_URL=file:///nonexistent/index.json", "HIKE_REVIEWS_REMOTE="] + extra)
    }

    static func engines(_ output: String) throws -> [[String]] {
        try output.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return object["engines"] as? [String] ?? []
        }
    }
}

extension RemoteEngineTests {
    @Test func stockAPyGivesTheLocalPipelinesTextWithYes() throws {
        let apy = try Self.startAPy()
        defer { apy.stop() }
        let input = Self.reviews.joined(separator: "\n") + "\n"
        let local = try Self.run(["translate", "--from", "es", "--to", "en"], input: input, localPairs: true)
        #expect(local.status == 0, "\(local.error)")

        let remote = try Self.run(["translate", "--remote", apy.url, "--from", "es", "--to", "en", "--yes"], input: input)
        #expect(remote.status == 0, "\(remote.error) \(apy.errors.suffix(2000))")
        #expect(remote.output == local.output)
        // --yes says where the texts go.
        #expect(remote.error.contains("send texts to 127.0.0.1:\(apy.port) to translate"))

        let json = try Self.run(["translate", "--remote", apy.url, "--from", "es", "--to", "en", "--yes", "--json"], input: input)
        #expect(try Self.engines(json.output) == Array(repeating: ["remote"], count: Self.reviews.count))
    }

    @Test func withoutYesTheCommandRefusesNamingTheServer() throws {
        let apy = try Self.startAPy()
        defer { apy.stop() }
        // The variable, not the flag, this time.
        let refused = try Self.run(["translate", "--from", "es", "--to", "en"], input: Self.reviews[0] + "\n", ["HIKE_REVIEWS_REMOTE=\(apy.url)/"])
        #expect(refused.status == 3)
        #expect(refused.error.contains("127.0.0.1:\(apy.port)"), "\(refused.error)")
        #expect(refused.error.contains("--yes"))
        #expect(refused.output.isEmpty)
        // Detected per line: each line fails the same way, and nothing is sent.
        let detected = try Self.run(["translate", "--to", "en", "--remote", apy.url], input: Self.reviews[0] + "\n")
        #expect(detected.status == 3)
        #expect(detected.output == "\n")
        #expect(!apy.errors.contains("/translate"))
    }

    @Test func installedPairsComeFirstAndEngineRemoteKeepsToTheServer() throws {
        let apy = try Self.startAPy()
        defer { apy.stop() }
        let input = Self.reviews.joined(separator: "\n") + "\n"
        let auto = try Self.run(["translate", "--remote", apy.url, "--from", "es", "--to", "en", "--json"], input: input, localPairs: true)
        #expect(auto.status == 0, "\(auto.error)")
        #expect(try Self.engines(auto.output) == Array(repeating: ["apertium"], count: Self.reviews.count))
        // No consent was needed: nothing went to the server.
        #expect(!auto.error.contains("send texts"))

        let remote = try Self.run(["translate", "--remote", apy.url, "--engine", "remote", "--from", "es", "--to", "en", "--json", "--yes"],
                                  input: input, localPairs: true)
        #expect(remote.status == 0, "\(remote.error)")
        #expect(try Self.engines(remote.output) == Array(repeating: ["remote"], count: Self.reviews.count))

        let available = try Self.run(["availability", "es", "en", "--remote", apy.url], input: "")
        #expect(available.output == "remote http://127.0.0.1:\(apy.port)\n")
        let local = try Self.run(["availability", "es", "en", "--remote", apy.url], input: "", localPairs: true)
        #expect(local.output == "installed\n")
        let list = try Self.run(["packs", "list", "--remote", apy.url], input: "")
        #expect(list.output.contains("remote http://127.0.0.1:\(apy.port)"))
        #expect(list.output.contains("Apertium-APy server"))
    }

    @Test func libreTranslateServersShareTheLoad() throws {
        let first = try Self.startStandIn("libretranslate", name: "A")
        defer { first.stop() }
        let second = try Self.startStandIn("libretranslate", name: "B")
        defer { second.stop() }
        let lines = (1...24).map { "Reseña número \($0): el sendero era precioso." }
        let result = try Self.run(["translate", "--remote", first.url, "--remote", second.url, "--from", "es", "--to", "en", "--yes"],
                                  input: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.error)")
        let output = result.output.split(separator: "\n").map(String.init)
        #expect(output.count == lines.count)
        for (line, answer) in zip(lines, output) {
            #expect(answer == "A: " + line || answer == "B: " + line)
        }
        // Lines go 16 at a time and each answer takes 50 ms: both servers are asked.
        #expect(try Self.count(first) > 0)
        #expect(try Self.count(second) > 0)
        #expect(try Self.count(first) + Self.count(second) == lines.count)
        #expect(result.error.contains("127.0.0.1:\(first.port), 127.0.0.1:\(second.port)"))
    }

    @Test func aServerThatDropsEveryRequestLosesNoLine() throws {
        let apy = try Self.startAPy()
        defer { apy.stop() }
        let dropper = try Self.startStandIn("drop-apy", name: "dropper")
        defer { dropper.stop() }
        // A server that is not there at all: the probe leaves it out.
        let gone = try Self.startStandIn("drop-apy", name: "gone")
        let goneURL = gone.url
        gone.stop()
        let lines = (0..<12).map { Self.reviews[$0 % Self.reviews.count] }
        let input = lines.joined(separator: "\n") + "\n"
        let local = try Self.run(["translate", "--from", "es", "--to", "en"], input: input, localPairs: true)
        let result = try Self.run(["translate", "--remote", goneURL, "--remote", dropper.url, "--remote", apy.url,
                                   "--from", "es", "--to", "en", "--yes"], input: input)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == local.output)
        // The dropping server was tried, failed, and was left out after two failures.
        #expect(try Self.count(dropper) >= 1)
        #expect(try Self.count(dropper) <= 2 + 16)
    }

    @Test func aRemoteTranslationIsRememberedUnderItsServer() throws {
        let server = try Self.startStandIn("libretranslate", name: "A")
        defer { server.stop() }
        let other = try Self.startStandIn("libretranslate", name: "B")
        defer { other.stop() }
        let cache = try Scratch.folder("remote-memory")
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let input = Self.reviews[0] + "\n"
        let arguments = ["translate", "--from", "es", "--to", "en", "--yes", "--json"]
        let first = try Self.run(arguments + ["--remote", server.url], input: input, cache: cache)
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output.contains(#""remembered":false"#))
        // Asked again: the memory answers, and the server is not asked.
        let second = try Self.run(arguments + ["--remote", server.url], input: input, cache: cache)
        #expect(second.output.contains(#""remembered":true"#), "\(second.error)")
        #expect(second.output.contains("A: " + Self.reviews[0]))
        #expect(try Self.count(server) == 1)
        // Another server's translation is its own: the key holds the server's URL.
        let elsewhere = try Self.run(arguments + ["--remote", other.url], input: input, cache: cache)
        #expect(elsewhere.output.contains("B: " + Self.reviews[0]))
        #expect(elsewhere.output.contains(#""remembered":false"#))
    }

    @Test func aBadRemoteIsAUsageError() throws {
        let flag = try Self.run(["translate", "--to", "en", "--remote", "ftp://example.org"], input: "")
        #expect(flag.status == 2)
        #expect(flag.error.contains("--remote: 'ftp://example.org' is not an http or https URL"))
        let variable = try Self.run(["translate", "--to", "en"], input: "", ["HIKE_REVIEWS_REMOTE=localhost:5000"])
        #expect(variable.status == 2)
        #expect(variable.error.contains("HIKE_REVIEWS_REMOTE='localhost:5000' is not a URL"))
    }
}
