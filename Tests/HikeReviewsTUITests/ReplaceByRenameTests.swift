import Foundation
import TestSupport
import Testing

/// `make install` (scripts/install) and setup (scripts/langid-model.py, run by setup-langid)
/// replace what a running hike-reviews reads or maps by writing new files and renaming them in,
/// never by rewriting a file in place: the language-ID model is mapped, and a mapped file cut
/// short under its reader is a SIGBUS. A reader holding the old file keeps it whole.
///
/// Each test holds the installed files open, replaces them, and checks through the descriptor
/// that the old file is unlinked (no name left) with its size and bytes as they were.
@Suite struct ReplaceByRenameTests {
    /// A file held open, with what it was when opened.
    struct Held {
        let path: String
        let descriptor: Int32
        let inode: UInt64
        let bytes: [UInt8]

        init(_ path: String) throws {
            self.path = path
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            try #require(descriptor >= 0, "cannot open \(path): errno \(errno)")
            var info = stat()
            fstat(descriptor, &info)
            inode = UInt64(info.st_ino)
            bytes = try ReplaceByRenameTests.read(descriptor, count: Int(info.st_size))
        }

        /// The held file was replaced, not rewritten: unlinked, its size and bytes unchanged, and the
        /// path names another file.
        func expectReplacedWhole(_ comment: String) throws {
            defer { close(descriptor) }
            var info = stat()
            fstat(descriptor, &info)
            #expect(info.st_nlink == 0, "\(comment): \(path) was rewritten in place, not replaced")
            #expect(Int(info.st_size) == bytes.count, "\(comment): \(path) changed size under its reader")
            #expect(try ReplaceByRenameTests.read(descriptor, count: bytes.count) == bytes, "\(comment): \(path) changed under its reader")
            var now = stat()
            #expect(stat(path, &now) == 0 && UInt64(now.st_ino) != inode, "\(comment): \(path) is not a new file")
        }
    }

    /// `count` bytes from the start of `descriptor` (pread: the offset of the descriptor is not used).
    static func read(_ descriptor: Int32, count: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(done)) }
            if got <= 0 { break }
            done += got
        }
        return Array(buffer.prefix(done))
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A checkout holding every file scripts/install ships, small, each saying `version`.
    static func makeCheckout(_ root: String, version: String) throws {
        try write("[]\n", to: root + "/sample-data/routes.json")
        try write("{\"version\": \"\(version)\"}\n", to: root + "/.build/pack-repo/index.json")
        try write("HRNB model " + String(repeating: version, count: 4096), to: root + "/.build/langid/model.bin")
        try write("# worker \(version)\n", to: root + "/Sources/TranslationEngine/Neural/neural_worker.py")
    }
}

extension ReplaceByRenameTests {
    @Test func makeInstallReplacesFilesARunningBinaryHoldsByRenaming() throws {
        let root = try Scratch.folder("hike-install-rename")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let checkout = root + "/checkout", prefix = root + "/prefix"
        let install = Paths.packageRoot.appendingPathComponent("scripts/install").path
        try Self.makeCheckout(checkout, version: "one")
        let first = try Subprocess.output(of: ["/bin/bash", install, prefix, "/bin/true", checkout], input: "")
        try #require(first.status == 0, "\(first.error)")

        let share = prefix + "/share/hike-reviews"
        let held = try [share + "/langid/model.bin", share + "/pack-repo/index.json",
                        share + "/Sources/TranslationEngine/Neural/neural_worker.py", prefix + "/bin/hike-reviews"].map(Held.init)
        try Self.makeCheckout(checkout, version: "second")
        let second = try Subprocess.output(of: ["/bin/bash", install, prefix, "/bin/true", checkout], input: "")
        #expect(second.status == 0, "\(second.error)")
        for file in held { try file.expectReplacedWhole("make install") }
        #expect(FileManager.default.contents(atPath: share + "/langid/model.bin") == Data(("HRNB model " + String(repeating: "second", count: 4096)).utf8))
        let hidden = try FileManager.default.contentsOfDirectory(atPath: share).filter { $0.hasPrefix(".") }
        #expect(hidden.isEmpty, "left behind: \(hidden)")
    }

    @Test func setupWritesTheLanguageIDModelBesideItselfAndRenamesIt() throws {
        let wheels = Paths.packageRoot.appendingPathComponent(".build/langid-venv/wheels").path
        let wheel = try #require((try? FileManager.default.contentsOfDirectory(atPath: wheels))?.first { $0.hasPrefix("py3langid-") },
                                 "no py3langid wheel in \(wheels): run scripts/setup-langid")
        let folder = try Scratch.folder("hike-langid-rename")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = Paths.packageRoot.appendingPathComponent("scripts/langid-model.py").path
        let out = folder + "/model.bin"
        let argv = ["/usr/bin/env", "python3", script, wheels + "/" + wheel, out]
        let first = try Subprocess.output(of: argv, input: "")
        try #require(first.status == 0, "\(first.error)")
        let held = try Held(out)
        let second = try Subprocess.output(of: argv, input: "")
        #expect(second.status == 0, "\(second.error)")
        try held.expectReplacedWhole("langid-model.py")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["model.bin"], "no temporary left")
    }
}
