import Foundation
import TestSupport
@testable import TranslationEngine

/// Locations of the extracted pair data and helpers shared by the tests.
enum PipelineFixtures {
    /// Extracted by `scripts/fetch-test-pairs` (run by `make test`) into the checkout's .build folder.
    static let pairsRoot = PackagePaths.root
        .appendingPathComponent(".build/test-pairs/extracted/usr/share/apertium").path
    static let spaEngMode = pairsRoot + "/modes/spa-eng.mode"
    static let frEsMode = pairsRoot + "/modes/fr-es.mode"

    /// Whether the extracted Debian pair data and the Apertium programs are present.
    static var dataAvailable: Bool {
        FileManager.default.fileExists(atPath: spaEngMode)
            && FileManager.default.fileExists(atPath: frEsMode)
            && FileManager.default.fileExists(atPath: pairsRoot + "/modes/es-pt_BR.mode")
            && FileManager.default.fileExists(atPath: pairsRoot + "/modes/eng-cat_valencia.mode")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/lt-proc")
    }


    static func spaEng() throws -> ApertiumPipeline {
        try ApertiumPipeline(modeFile: spaEngMode, dataRoot: pairsRoot)
    }

    /// Runs a program to completion and returns its stdout.
    static func run(_ executable: String, _ arguments: [String], input: String) throws -> String {
        let result = try Subprocess.output(of: [executable] + arguments, input: input)
        guard result.status == 0 else {
            throw Subprocess.Failure(description: "\(executable) exited with \(result.status): \(result.error)")
        }
        return result.output
    }

    /// Pids of the live (non-zombie included) children of this process, from /proc.
    static func childrenOfThisProcess() -> [Int32] {
        let taskDir = "/proc/self/task"
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: taskDir)) ?? []
        var pids: [Int32] = []
        for task in tasks {
            guard let text = try? String(contentsOfFile: "\(taskDir)/\(task)/children", encoding: .utf8) else { continue }
            pids += text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
        return pids
    }

    /// A copy of the pair's data dir with a rewritten mode file, so the `apertium` wrapper
    /// (which reads `<datadir>/modes/<pair>.mode`) finds the extracted data.
    static func wrapperDataDir() throws -> String {
        try ApertiumCommand.dataDirectory(pairsRoot: pairsRoot)
    }
}
