import Foundation
import Testing
import TestSupport

/// APy's diagnostic endpoints on the real binary (`/list`, `/analyze`, `/generate`, `/perWord`,
/// `/calcCoverage`, `/stats`, `/translateChain`, `/pipedebug`; `/translatePage`, never fetching,
/// and `/translateDoc` without a file), compared with stock Debian apertium-apy serving the same mode files
/// (apy_tools.py): the same statuses and bodies where stock APy answers, APy's shapes where it
/// fails by a bug of its own, and hostile requests answered in APy's error shape.
@Suite(.timeLimit(.minutes(6)),
       .needs(ServeProcess.hasTestPairs, "needs make test's pair data"),
       .needs(ServeProcess.hasPython, "needs .build/interop-venv (scripts/setup-interop)"),
       .needs(StockApy.installed, "needs Debian's apertium-apy"))
struct ServeApyToolsTests {
    /// Debian's pair packages ship translation modes only; a pair's source tree also builds
    /// analysers, generators and taggers. These are written as such modes are, over the test
    /// pairs' data, under names of each of APy's patterns (`-morph`, `-anmor`, `-gener`,
    /// `-generador`, `-tagger`).
    static let toolModes = [
        "eng-morph": "lt-proc -w '@/apertium-eng-spa/eng-spa.automorf.bin'",
        "spa-anmor": "lt-proc -w '@/apertium-eng-spa/spa-eng.automorf.bin'",
        "eng-gener": "lt-proc $1 '@/apertium-eng-spa/spa-eng.autogen.bin'",
        "spa-generador": "lt-proc $1 '@/apertium-eng-spa/eng-spa.autogen.bin'",
        "eng-tagger": "lt-proc -w '@/apertium-eng-spa/eng-spa.automorf.bin' | apertium-tagger -g $2 '@/apertium-eng-spa/eng-spa.prob'",
    ]

    /// A data root both servers read: the test pairs' eng-spa and eng-cat data, their
    /// translation modes and `toolModes`, every path in them absolute (stock APy runs the
    /// files as they are written).
    static func dataRoot() throws -> String {
        let root = try Scratch.folder("apy-tools")
        try FileManager.default.createDirectory(atPath: root + "/modes", withIntermediateDirectories: true)
        for pack in ["apertium-eng-spa", "apertium-eng-cat"] {
            try FileManager.default.createSymbolicLink(atPath: root + "/" + pack, withDestinationPath: ServeProcess.testPairs + "/" + pack)
        }
        for pair in ["eng-spa", "spa-eng", "eng-cat", "cat-eng"] {
            let mode = try String(contentsOfFile: ServeProcess.testPairs + "/modes/\(pair).mode", encoding: .utf8)
            try mode.replacingOccurrences(of: "/usr/share/apertium/", with: root + "/")
                .write(toFile: root + "/modes/\(pair).mode", atomically: true, encoding: .utf8)
        }
        for (name, text) in toolModes {
            try text.replacingOccurrences(of: "'@/", with: "'\(root)/").write(toFile: root + "/modes/\(name).mode", atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func toolsAnswerAsStockApyDoes() async throws {
        let root = try Self.dataRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let apy = try StockApy.start(pairs: ["eng-spa", "spa-eng", "eng-cat", "cat-eng"] + Self.toolModes.keys.sorted(), dataRoot: root)
        defer { apy.stop() }
        let server = try await ServeProcess.start(environment: ["HIKE_REVIEWS_PAIRS_PATH=\(root)"])
        let result = try await ServeProcess.runScript("apy_tools.py", [server.url, apy.url + "/"])
        let log = server.log
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(status == 0)
        #expect(log.contains("GET /analyze 200 "))
        #expect(log.contains("GET /pipedebug 200 "))
        #expect(log.contains("GET /translatePage 404 "))
    }

    /// Modes that cannot run (lt-proc on a missing file, a stage that exits at once, a program
    /// that is not installed) give APy's 500, and one that never answers 408 after the run's
    /// 30 s, never a hang; with `--api-keys` the tools need a
    /// key and the lists do not.
    @Test func failingModesAndKeysGiveApysErrors() async throws {
        let root = try Self.dataRoot()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let broken = ["eng-morph": "lt-proc -w '\(root)/apertium-eng-spa/no-such.automorf.bin'", "eng-gener": "false",
                      "eng-tagger": "no-such-apertium-program -g", "zzz-morph": "tail -f /dev/null"]
        for (name, text) in broken {
            try text.write(toFile: root + "/modes/\(name).mode", atomically: true, encoding: .utf8)
        }
        try "sesame\n".write(toFile: root + "/keys", atomically: true, encoding: .utf8)
        let server = try await ServeProcess.start(["--api-keys", root + "/keys"], environment: ["HIKE_REVIEWS_PAIRS_PATH=\(root)"])
        let result = try await ServeProcess.runScript("apy_tools_failing.py", [server.url, "sesame"])
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(status == 0)
    }
}
