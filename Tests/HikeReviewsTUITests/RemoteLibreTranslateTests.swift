import Foundation
import TestSupport
import Testing
@testable import HikeReviewsTUI

/// `--remote` against stock LibreTranslate 1.9.6 (PyPI) on 127.0.0.1, offline, serving the
/// echo model as Argos packages es->en and de->en (its sentence splitter replaced, LAB-NOTES).
/// Its 592 MB venv is one of make test's fixtures (scripts/setup-libretranslate makes it): under
/// make test a missing venv fails the suite; plain `swift test` skips it.
/// The venv's Python (a file-level constant: the suite's trait cannot name the suite's type).
private let libreTranslatePython = Paths.packageRoot.appendingPathComponent(".build/libretranslate-venv/bin/python").path

@Suite(.needs(FileManager.default.isExecutableFile(atPath: libreTranslatePython) && EchoArgosRepository.available,
              "needs scripts/setup-libretranslate and the neural venv"), .timeLimit(.minutes(5)))
struct RemoteLibreTranslateTests {
    static let python = libreTranslatePython

    /// LibreTranslate with the echo model for `pairs`, unpacked into a packages folder.
    /// `arguments`: LibreTranslate options added to its command line (`--req-limit 2`);
    /// `environment` (`NAME=VALUE`) sets options it reads from variables (`LT_ALTERNATIVES_LIMIT=3`).
    static func start(pairs: [String] = ["es:en", "de:en"], arguments: [String] = [], environment: [String] = []) throws -> LoopbackServer {
        let repository = try EchoArgosRepository.build(pairs: pairs)
        defer { try? FileManager.default.removeItem(atPath: repository) }
        let home = try Scratch.folder("libretranslate-home")
        let packages = home + "/packages"
        for pair in pairs {
            let code = "translate-" + pair.replacingOccurrences(of: ":", with: "_")
            let status = try Subprocess.run(["/usr/bin/python3", "-m", "zipfile", "-e", repository + "/\(code).argosmodel", packages],
                                            outputPath: home + "/unzip.log")
            #expect(status == 0)
        }
        let options = arguments.isEmpty ? environment : environment + ["LOOPBACK_ARGS=" + arguments.joined(separator: " ")]
        return try LoopbackServer(["/usr/bin/env"] + options + [python, RemoteEngineTests.fixtures + "/libretranslate_loopback.py", home, packages])
    }

    @Test func theCommandTranslatesThroughStockLibreTranslate() throws {
        let server = try Self.start()
        defer { server.stop() }
        let lines = ["El perro bebe agua. Es bueno.", "Der Weg war schön, aber steil."]
        let result = try RemoteEngineTests.run(["translate", "--remote", server.url, "--to", "en", "--yes", "--json"],
                                               input: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.error) \(server.errors.suffix(2000))")
        let objects = try result.output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        // The echo model gives its input back: what came back is what went, through the server.
        #expect(objects.map { $0["targetText"] as? String } == lines)
        #expect(objects.map { $0["engines"] as? [String] } == [["remote"], ["remote"]])
        #expect(result.error.contains("send texts to 127.0.0.1:\(server.port)"))

        let list = try RemoteEngineTests.run(["packs", "list", "--remote", server.url], input: "")
        #expect(list.output.contains("LibreTranslate server"))
        #expect(list.output.contains("de>en"))
    }
}
