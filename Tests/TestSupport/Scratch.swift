import Foundation

/// One folder per test process for everything the tests make (stores, caches, served copies,
/// models, tmux sockets), removed when the process exits, so a test run leaves /tmp as it
/// found it.
///
/// Tests that can remove what they made still do (`defer`); fixtures shared by many tests of
/// a run (a built model, an empty store) and helpers that hand a folder back have no end of
/// their own, so they live here. A run killed before it exits leaves this one folder, named by
/// its pid; `make test` also runs the suite with TMPDIR in a folder of its own that it removes.
public enum Scratch {
    /// `$TMPDIR/hike-tests-<pid>`, made on first use, removed at exit.
    public static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hike-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { Scratch.removeRoot() }
        return root
    }()

    /// A new empty folder named `name-<uuid>` under `root`.
    public static func folder(_ name: String) throws -> String {
        let path = root.appendingPathComponent("\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private static func removeRoot() {
        // `root` is initialised: this handler is only registered by its initialiser.
        try? FileManager.default.removeItem(at: root)
    }
}
