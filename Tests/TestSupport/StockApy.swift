import Foundation

/// Debian's stock Apertium-APy on 127.0.0.1, through `Fixtures/apy_loopback.py`: the server our
/// `serve` is compared with and the remote engine is tested against.
public enum StockApy {
    /// Whether Debian's apertium-apy is installed.
    public static var installed: Bool {
        FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/apertium_apy/apy.py")
    }

    /// Serves `pairs` (mode names such as `spa-eng`) of `dataRoot`, a copy of Debian's
    /// /usr/share/apertium (make test's pairs): each mode file is copied into a folder of its
    /// own with its paths pointed at `dataRoot`. `stop()` ends it.
    public static func start(pairs: [String], dataRoot: String) throws -> LoopbackServer {
        let folder = try Scratch.folder("apy-pairs")
        try FileManager.default.createDirectory(atPath: folder + "/modes", withIntermediateDirectories: true)
        for pair in pairs {
            let mode = try String(contentsOfFile: dataRoot + "/modes/\(pair).mode", encoding: .utf8)
            try mode.replacingOccurrences(of: "/usr/share/apertium/", with: dataRoot + "/")
                .write(toFile: folder + "/modes/\(pair).mode", atomically: true, encoding: .utf8)
        }
        let script = PackagePaths.fixtures.appendingPathComponent("apy_loopback.py").path
        return try LoopbackServer(["/usr/bin/python3", script, folder])
    }
}
