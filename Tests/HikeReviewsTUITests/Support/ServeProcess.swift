import Foundation
import TestSupport

/// `hike-reviews serve` started by a test on 127.0.0.1 and a port the kernel picks, over
/// make test's pair data, an empty store and no memory; stopped with SIGTERM.
struct ServeProcess {
    let pid: pid_t
    let port: Int
    let folder: String
    let errorPath: String

    /// The pair data `make test` fetches.
    static let testPairs = CommandLineTests.testPairs
    static var hasTestPairs: Bool { FileManager.default.fileExists(atPath: testPairs + "/modes/spa-eng.mode") }
    /// The Python of the interop venv (scripts/setup-interop): the four LibreTranslate clients (libretranslatepy,
    /// deep-translator, libretranslate-aio, translate), and the scripts.
    static let python = Paths.packageRoot.appendingPathComponent(".build/interop-venv/bin/python3").path
    static var hasPython: Bool { FileManager.default.isExecutableFile(atPath: python) }
    static let scripts = Paths.packageRoot.appendingPathComponent("Tests/HikeReviewsTUITests/ServeScripts").path

    /// Starts the server with `arguments` after `serve`, and `environment` (`NAME=VALUE`)
    /// over the defaults; returns once it says it listens.
    static func start(_ arguments: [String] = [], environment extra: [String] = []) async throws -> ServeProcess {
        let folder = try Scratch.folder("serve")
        let errorPath = folder + "/err"
        let environment = ["HIKE_REVIEWS_PAIRS_PATH=\(testPairs)", "HIKE_REVIEWS_SYSTEM_PAIRS=0", "HIKE_REVIEWS_STORE=\(folder)/store",
                           "HIKE_REVIEWS_PACKS_URL=file:///nonexistent/index.json", "HIKE_REVIEWS_CACHE=0"] + extra
        let argv = ["/usr/bin/env"] + environment + [Paths.binary.path, "serve", "--listen", "127.0.0.1:0"] + arguments
        let running = try Subprocess.start(argv, outputPath: folder + "/out", errorPath: errorPath)
        close(running.input)
        // Waits for the line that names the port (or for the process to end: a failed start).
        for _ in 0..<6000 {
            let log = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            if let line = log.split(separator: "\n").first(where: { $0.contains("serve: listening on 127.0.0.1:") }),
               let port = Int(line.split(separator: ":").last ?? "") {
                return ServeProcess(pid: running.pid, port: port, folder: folder, errorPath: errorPath)
            }
            var status: Int32 = 0
            if waitpid(running.pid, &status, WNOHANG) == running.pid {
                throw Subprocess.Failure(description: "serve ended before listening: \(log)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(running.pid, SIGKILL)
        _ = try? await Subprocess.waitOffPool(for: running.pid)
        throw Subprocess.Failure(description: "serve did not start listening")
    }

    var url: String { "http://127.0.0.1:\(port)/" }

    /// Its stderr so far: the banner and the access log.
    var log: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// The pids whose parent is the server (its pipelines).
    var children: [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { child in
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid
        }
    }

    /// SIGTERM, then its exit status; removes its folder.
    func stop() async throws -> Int32 {
        kill(pid, SIGTERM)
        let status = try await Subprocess.waitOffPool(for: pid, program: "hike-reviews serve")
        try? FileManager.default.removeItem(atPath: folder)
        return status
    }

    /// Runs a script of ServeScripts with the interop venv's Python: its status and output.
    static func runScript(_ name: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let folder = try Scratch.folder("script")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let argv = ["/usr/bin/env", "PYTHONDONTWRITEBYTECODE=1", python, scripts + "/" + name] + arguments
        let running = try Subprocess.start(argv, outputPath: folder + "/out", errorPath: folder + "/out")
        close(running.input)
        let status = try await Subprocess.waitOffPool(for: running.pid, program: name)
        return (status, (try? String(contentsOfFile: folder + "/out", encoding: .utf8)) ?? "")
    }
}
