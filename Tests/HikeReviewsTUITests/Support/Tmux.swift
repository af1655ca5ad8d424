import Foundation
import TestSupport

/// A tmux server of the test's own (its own socket), driving the real binary in a real terminal.
///
/// The socket is a path in the run's scratch folder (`-S`), not a name in tmux's own
/// /tmp/tmux-UID (`-L`), where every run left its sockets behind.
struct Tmux {
    let socket: String
    let session = "e2e"

    init() {
        socket = Scratch.root.appendingPathComponent("tmux-\(UInt32.random(in: 0...UInt32.max))").path
    }

    static var isAvailable: Bool { executable("tmux") != nil }

    static func executable(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs a tmux command and returns what it printed.
    ///
    /// It uses posix_spawn and waitpid rather than Foundation's Process: the command that starts
    /// the server leaves a daemon behind, and Process was seen never to notice its client exit
    /// under the parallel test runner. Output goes through a file so no pipe is left open.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let outputPath = "\(socket)-\(UUID().uuidString).out"
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let argv = [Self.executable("tmux") ?? "/usr/bin/tmux", "-S", socket, "-f", "/dev/null"] + arguments
        try Subprocess.run(argv, outputPath: outputPath)
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// Starts a shell command in a detached session of the given size.
    func start(_ command: String, width: Int, height: Int, environment: [String: String] = [:]) throws {
        var arguments = ["new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)"]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
            arguments += ["-e", "\(name)=\(value)"]
        }
        arguments.append(command)
        try run(arguments)
    }

    func send(_ keys: String...) throws {
        try run(["send-keys", "-t", session] + keys)
    }

    /// Types text literally (no key names).
    func type(_ text: String) throws {
        try run(["send-keys", "-t", session, "-l", text])
    }

    func screen() throws -> String {
        try run(["capture-pane", "-p", "-t", session])
    }

    func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", session, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Polls the screen until `predicate` holds on a screen that has settled, or `seconds` pass;
    /// returns the last screen. `seconds` is only a safety net (a busy machine delays, it does not
    /// fail): callers wait for what the screen shows, never for a time.
    ///
    /// A screen settles when two captures in a row are the same: on a busy machine tmux can be
    /// caught half-way through one frame (a dialog's title drawn, its body not yet), and a check
    /// made on that capture fails on what the next one shows. A screen that keeps changing (a
    /// progress figure) is taken as it is once the predicate has held for two seconds.
    func waitForScreen(timeout seconds: Double = 60, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var last = ""
        var heldSince: Date?
        var previous: String?
        while Date() < deadline {
            last = try screen()
            if predicate(last) {
                let now = Date()
                if last == previous || now.timeIntervalSince(heldSince ?? now) >= 2 { return last }
                heldSince = heldSince ?? now
                previous = last
            } else {
                heldSince = nil
                previous = nil
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return last
    }

    /// Ends the server and removes its socket (a killed server may leave it).
    func kill() {
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(atPath: socket)
    }
}
