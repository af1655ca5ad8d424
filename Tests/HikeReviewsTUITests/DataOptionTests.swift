import Foundation
import TestSupport
import Testing

/// `--data` names the routes file: anything that is not a regular file is refused at once.
@Suite struct DataOptionTests {
    /// A scratch folder removed when the test ends.
    struct Scratch: ~Copyable {
        let folder: URL

        init() throws {
            folder = TestSupport.Scratch.root.appendingPathComponent("hike-data-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        func path(_ name: String) -> String {
            folder.appendingPathComponent(name).path
        }

        deinit {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// Runs the app with `--data path` under timeout(1), so a hang fails the test (status 124)
    /// instead of stalling the suite.
    static func runApp(data path: String) throws -> (status: Int32, error: String) {
        let result = try CommandLineTests.runBinaryWithTimeout(seconds: 10, ["--data", path])
        return (result.status, result.error)
    }
}

extension CommandLineTests {
    /// Runs the built binary under timeout(1); a hang comes back as status 124.
    static func runBinaryWithTimeout(seconds: Int, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try Subprocess.output(of: ["/usr/bin/timeout", "-k", "2", "\(seconds)", Paths.binary.path] + arguments, input: "")
    }
}

extension DataOptionTests {
    @Test func aFIFONobodyWritesIsRefusedAtOnce() throws {
        let scratch = try Scratch()
        let fifo = scratch.path("routes.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try Self.runApp(data: fifo)
        #expect(result.status == 1, "124 means it hung: \(result.error)")
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(result.error.contains(fifo))
        #expect(result.error.contains("not a regular file"))
    }

    @Test func aFolderHoldingAFIFOIsRefusedToo() throws {
        let scratch = try Scratch()
        #expect(mkfifo(scratch.path("routes.json"), 0o600) == 0)
        let result = try Self.runApp(data: scratch.folder.path)
        #expect(result.status == 1, "124 means it hung: \(result.error)")
        #expect(result.error.contains(scratch.path("routes.json")))
        #expect(result.error.contains("not a regular file"))
    }

    @Test(arguments: ["/dev/zero", "/dev/null", "/dev/tty"])
    func aDeviceIsRefused(device: String) throws {
        guard FileManager.default.fileExists(atPath: device) else { return }
        let result = try Self.runApp(data: device)
        #expect(result.status == 1, "124 means it hung: \(result.error)")
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(result.error.contains("\(device) is a character device, not a regular file"))
    }

    @Test func aSocketIsRefused() throws {
        let scratch = try Scratch()
        let path = scratch.path("routes.json")
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8.prefix(raw.count - 1)))
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        #expect(listen(fd, 1) == 0)
        let result = try Self.runApp(data: path)
        #expect(result.status == 1, "124 means it hung: \(result.error)")
        #expect(result.error.contains("\(path) is a socket, not a regular file"))
    }

    @Test func aFolderWithoutRoutesIsNamed() throws {
        let scratch = try Scratch()
        let result = try Self.runApp(data: scratch.folder.path)
        #expect(result.status == 1)
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(result.error.contains(scratch.path("routes.json")))
    }

    @Test func aLinkToAFIFOIsRefused() throws {
        let scratch = try Scratch()
        let fifo = scratch.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let link = scratch.path("routes.json")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fifo)
        let result = try Self.runApp(data: link)
        #expect(result.status == 1, "124 means it hung: \(result.error)")
        #expect(result.error.contains("not a regular file"))
    }

    @Test func theEnvironmentVariableIsCheckedTheSameWay() throws {
        let scratch = try Scratch()
        let fifo = scratch.path("routes.json")
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try Subprocess.output(of: ["/usr/bin/timeout", "-k", "2", "10", "/usr/bin/env", "HIKE_REVIEWS_DATA=\(fifo)", Paths.binary.path], input: "")
        #expect(result.status == 1, "124 means it hung: \(result.error)")
        #expect(result.error.contains("not a regular file"))
    }

    @Test func fileArgumentsOfDetectStillReadFIFOs() throws {
        // Process substitution (`detect <(cmd)`) hands the command a pipe: it must keep working.
        let scratch = try Scratch()
        let fifo = scratch.path("texts")
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = try Subprocess.start(["/bin/sh", "-c", "cat > '\(fifo)'"], outputPath: "/dev/null", errorPath: "/dev/null")
        writer.write("Das ist ein schöner Weg, aber am Wochenende sind zu viele Leute unterwegs.\n")
        close(writer.input)
        let result = try CommandLineTests.runBinaryWithTimeout(seconds: 10, ["detect", fifo])
        _ = try Subprocess.wait(for: writer.pid)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("de\t"))
    }
}
