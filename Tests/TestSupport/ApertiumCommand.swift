import Foundation
import Synchronization

/// The `apertium` command over make test's extracted pair data, for tests that compare with it.
public enum ApertiumCommand {
    /// Where Debian's mode files say the data is.
    public static let installedPrefix = "/usr/share/apertium"

    /// A copy of `pairsRoot`'s `modes/` with each mode's data paths moved from Debian's prefix to
    /// `pairsRoot`, so `apertium -d DIR` finds the extracted data. Written once per test run (in
    /// the temp folder): suites running in parallel share it, so none may replace or remove it.
    public static func dataDirectory(pairsRoot: String) throws -> String {
        try directories.withLock { made in
            if let dir = made[pairsRoot] { return dir }
            let dir = Scratch.root.appendingPathComponent("pipelines-ref-\(getpid())-\(made.count)").path
            try FileManager.default.createDirectory(atPath: dir + "/modes", withIntermediateDirectories: true)
            let names = try FileManager.default.contentsOfDirectory(atPath: pairsRoot + "/modes").filter { $0.hasSuffix(".mode") }
            for file in names {
                let mode = try String(contentsOfFile: pairsRoot + "/modes/" + file, encoding: .utf8)
                    .replacingOccurrences(of: installedPrefix, with: pairsRoot)
                try mode.write(toFile: dir + "/modes/" + file, atomically: true, encoding: .utf8)
            }
            made[pairsRoot] = dir
            return dir
        }
    }

    private static let directories = Mutex<[String: String]>([:])

    /// `apertium -d DIR -f FORMAT -u MODE` for each mode in turn, off the cooperative pool.
    public static func run(_ text: String, format: String, modes: [String], pairsRoot: String) async throws -> String {
        let directory = try dataDirectory(pairsRoot: pairsRoot)
        var output = text
        for mode in modes {
            let run = try await Subprocess.measuredOffPool(["/usr/bin/apertium", "-d", directory, "-f", format, "-u", mode], input: output)
            guard run.status == 0 else { throw Subprocess.Failure(description: "apertium -f \(format) \(mode): \(run.error)") }
            output = run.output
        }
        return output
    }
}
