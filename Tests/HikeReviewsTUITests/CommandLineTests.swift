import Foundation
import TestSupport
import Testing
@testable import HikeReviewsTUI

/// Argument parsing, and the real binary's non-interactive commands.
@Suite struct CommandLineTests {
    /// Runs the built binary with `arguments` and `input` on stdin.
    static func runBinary(_ arguments: [String], input: String = "", environment: [String] = []) throws -> (status: Int32, output: String, error: String) {
        let folder = Scratch.root.appendingPathComponent("hike-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputPath = folder.appendingPathComponent("in").path
        try input.write(toFile: inputPath, atomically: true, encoding: .utf8)
        let outputPath = folder.appendingPathComponent("out").path
        let errorPath = folder.appendingPathComponent("err").path
        // env(1) adds the variables without disturbing the rest of the test's environment.
        let argv = environment.isEmpty ? [Paths.binary.path] + arguments : ["/usr/bin/env"] + environment + [Paths.binary.path] + arguments
        let status = try Subprocess.run(argv, inputPath: inputPath, outputPath: outputPath, errorPath: errorPath)
        return (status, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "", (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }
}

extension CommandLineTests {
    @Test func parsesBrowseOptions() throws {
        #expect(try CommandLineOptions.parse([]) == .browse(data: nil, target: nil))
        #expect(try CommandLineOptions.parse(["--data", "x", "--target", "pt-BR"]) == .browse(data: "x", target: "pt-BR"))
        #expect(try CommandLineOptions.parse(["--data=x"]) == .browse(data: "x", target: nil))
        #expect(try CommandLineOptions.parse(["--help"]) == .help)
        #expect(try CommandLineOptions.parse(["-V"]) == .version)
        #expect(try CommandLineOptions.parse(["detect", "--json", "a", "--", "--b"]) == .detect(json: true, threads: nil, files: ["a", "--b"]))
    }

    @Test(arguments: [["--bogus"], ["--data"], ["--target", "english!"], ["--target", "xx"], ["stray"], ["detect", "--nope"],
                      ["translate", "--to", "qq"], ["translate", "--from", "und", "--to", "en"]])
    func rejectsBadArguments(arguments: [String]) {
        #expect(throws: UsageError.self) { try CommandLineOptions.parse(arguments) }
    }

    @Test func detectPrintsOneLinePerInputLine() throws {
        let input = "El camino estaba muy bien señalizado y había una fuente con agua fresca al llegar.\nOk\n\n山頂からの眺めは最高でした。\nLa vojo estas tre bela, sed ni bezonis multe da akvo."
        let result = try Self.runBinary(["detect"], input: input)
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == 5)
        let tags = lines.map { $0.split(separator: "\t").first.map(String.init) ?? "" }
        #expect(tags == ["es", "und", "und", "ja", "eo"])
        #expect(lines.allSatisfy { $0.split(separator: "\t").count == 3 })
        #expect(lines[1].hasSuffix("\tunreliable"))
        #expect(lines[0].hasSuffix("\treliable"))
    }

    @Test func detectJSONIsOneObjectPerLine() throws {
        let result = try Self.runBinary(["detect", "--json"], input: "Das ist ein schöner Weg, aber am Wochenende sind zu viele Leute unterwegs.\n")
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        #expect(object?["tag"] as? String == "de")
        #expect(object?["reliable"] as? Bool == true)
        #expect((object?["hypotheses"] as? [Any])?.isEmpty == false)
    }

    @Test func unknownOptionPrintsUsageOnStandardErrorAndExits2() throws {
        let result = try Self.runBinary(["--frobnicate"])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error.contains("unknown option '--frobnicate'"))
        #expect(result.error.contains("usage: hike-reviews"))
    }

    @Test func helpAndVersion() throws {
        let help = try Self.runBinary(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("detect"))
        #expect(help.output.contains("--target"))
        let version = try Self.runBinary(["--version"])
        #expect(version.output.hasPrefix("hike-reviews "))
    }

    @Test func badDataFileIsOneLineWithItsPosition() throws {
        let folder = Scratch.root.appendingPathComponent("hike-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("routes.json")
        try #"{"routes": [{"id": 7}]}"#.write(to: file, atomically: true, encoding: .utf8)
        let result = try Self.runBinary(["--data", folder.path])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("hike-reviews: routes.json:1:20:"))
        #expect(result.error.split(separator: "\n").count == 1)
    }

    @Test func missingFileForDetectIsAnErrorButOtherFilesStillRun() throws {
        let result = try Self.runBinary(["detect", "/nonexistent/file", "-"], input: "Too crowded in August, but the views from the ridge are superb.\n")
        #expect(result.status == 1)
        #expect(result.error.contains("cannot read '/nonexistent/file'"))
        #expect(result.output.hasPrefix("en\t"))
    }
}

extension CommandLineTests {
    /// The pair data `make test` fetches (scripts/fetch-test-pairs).
    static let testPairs = Paths.packageRoot.appendingPathComponent(".build/test-pairs/extracted/usr/share/apertium").path

    /// An empty pack store, so the user's own packs never change what a test sees.
    static let emptyStore: String = {
        let path = Scratch.root.appendingPathComponent("empty-store-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static func runWithTestPairs(_ arguments: [String], input: String) throws -> (status: Int32, output: String, error: String) {
        try runBinary(arguments, input: input, environment: ["HIKE_REVIEWS_PAIRS_PATH=\(testPairs)", "HIKE_REVIEWS_SYSTEM_PAIRS=0",
                                                             "HIKE_REVIEWS_STORE=\(emptyStore)", "HIKE_REVIEWS_PACKS_URL=file:///nonexistent/index.json"])
    }

    @Test(.needs(FileManager.default.fileExists(atPath: testPairs + "/modes/spa-eng.mode"), "needs make test's pair data"))
    func translateKeepsOneOutputLinePerInputLine() throws {
        let input = "El perro bebe agua.\n\nLe chien boit de l'eau.\nOk\n"
        let result = try Self.runWithTestPairs(["translate", "--to", "en"], input: input)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == "The dog drinks water.")
        #expect(lines[1] == "")
        #expect(lines[2].lowercased().contains("dog"))
        #expect(lines[3] == "", "an undetermined line stays a line")
        #expect(result.error.contains("line 4"))
        #expect(result.status == 1)
    }

    @Test(.needs(FileManager.default.fileExists(atPath: testPairs + "/modes/spa-eng.mode"), "needs make test's pair data"))
    func translateAndAvailabilityExitCodes() throws {
        let unsupported = try Self.runWithTestPairs(["translate", "--from", "de", "--to", "en"], input: "Der Weg war schön.\n")
        #expect(unsupported.status == 2)
        #expect(unsupported.error.contains("German"))
        let json = try Self.runWithTestPairs(["translate", "--from", "es", "--to", "en", "--json"], input: "El perro bebe agua.\n")
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(object?["targetText"] as? String == "The dog drinks water.")
        #expect(object?["route"] as? [String] == ["es", "en"])
        #expect(try Self.runWithTestPairs(["availability", "fr", "en"], input: "").output == "installed\n")
        #expect(try Self.runWithTestPairs(["availability", "de", "en"], input: "").output == "unsupported\n")
        #expect(try Self.runWithTestPairs(["translate", "--from", "es"], input: "").status == 2, "--to is required")
    }
}
