import Foundation

/// A test's server program on 127.0.0.1 that writes the port it listens on to a file (the
/// last argument it is given) and stops when its stdin closes: `stop()` closes it, and so
/// does this process's end, even by a crash.
public final class LoopbackServer: Sendable {
    public let port: Int
    /// Where the program's stdout and stderr go, for a failing test's message.
    public let folder: String
    private let process: Subprocess.Running

    /// Starts `argv` (an absolute path first) with a port file's path appended, and waits for
    /// the port (a minute at most: Python's start on a busy machine can take seconds).
    public init(_ argv: [String]) throws {
        folder = try Scratch.folder("loopback-server")
        let portFile = folder + "/port"
        process = try Subprocess.start(argv + [portFile], outputPath: folder + "/out", errorPath: folder + "/err")
        var port: Int?
        for _ in 0..<2400 {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8), let value = Int(text) {
                port = value
                break
            }
            var status: Int32 = 0
            if waitpid(process.pid, &status, WNOHANG) == process.pid { break }
            usleep(25_000)
        }
        guard let port else {
            let error = (try? String(contentsOfFile: folder + "/err", encoding: .utf8)) ?? ""
            close(process.input)
            _ = try? Subprocess.wait(for: process.pid)
            throw Subprocess.Failure(description: "\(argv.joined(separator: " ")) did not start: \(error.suffix(2000))")
        }
        self.port = port
    }

    /// `http://127.0.0.1:PORT`.
    public var url: String { "http://127.0.0.1:\(port)" }

    /// What the program wrote on stderr so far.
    public var errors: String {
        (try? String(contentsOfFile: folder + "/err", encoding: .utf8)) ?? ""
    }

    /// Closes its stdin and waits for it to end; removes its folder.
    public func stop() {
        close(process.input)
        _ = try? Subprocess.wait(for: process.pid)
        try? FileManager.default.removeItem(atPath: folder)
    }
}
