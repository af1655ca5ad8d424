import Foundation

/// The tests' HTTP server (Tests/TranslationEngineTests/Fixtures/pack_server.py) on 127.0.0.1,
/// serving one folder. It stops when `stop()` closes its stdin, or by itself when this process
/// dies (its stdin closes then too), or after ten minutes.
public final class PackServer: Sendable {
    public let port: Int
    public let root: String
    private let process: Subprocess.Running

    /// Starts the server on `root`; `script` is the path of pack_server.py.
    public init(serving root: String, script: String) throws {
        let folder = Scratch.root.appendingPathComponent("pack-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let portFile = folder.appendingPathComponent("port").path
        process = try Subprocess.start(["/usr/bin/env", "python3", script, root, portFile],
                                       outputPath: folder.appendingPathComponent("out").path,
                                       errorPath: folder.appendingPathComponent("err").path)
        self.root = root
        var port: Int?
        // Python's start on a busy machine can take seconds: a minute is only the safety net.
        for _ in 0..<2400 {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8), let value = Int(text) {
                port = value
                break
            }
            usleep(25_000)
        }
        guard let port else {
            let error = (try? String(contentsOfFile: folder.appendingPathComponent("err").path, encoding: .utf8)) ?? ""
            close(process.input)
            _ = try? Subprocess.wait(for: process.pid)
            throw Subprocess.Failure(description: "the pack server did not start: \(error)")
        }
        self.port = port
    }

    /// `http://127.0.0.1:PORT/` + path.
    public func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)")!
    }

    /// The requests the server has seen, "METHOD PATH RANGE" each.
    public func requests() -> [String] {
        guard let data = try? Data(contentsOf: url("log")) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.contains(" /log ") }
    }

    public func stop() {
        close(process.input)
        _ = try? Subprocess.wait(for: process.pid)
    }
}
