import Foundation
import TestSupport
import Testing
@testable import HikeReviewsTUI

/// HIKE_REVIEWS_TRACE appends to a regular file or a terminal and touches nothing else: a
/// device node it named was once replaced by a regular file (as root, `/dev/null` itself).
@Suite(.tags(.fast)) struct FrameTraceTests {
    /// The type, device and inode of what `path` names (without following a last symlink).
    static func identity(_ path: String) -> [UInt64]? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_mode & S_IFMT), UInt64(info.st_rdev), UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

extension FrameTraceTests {
    @Test func aDeviceNodeIsRefusedAndLeftAsItWas() throws {
        let before = try #require(Self.identity("/dev/null"))
        let trace = FrameTrace(environment: ["HIKE_REVIEWS_TRACE": "/dev/null"])
        trace.frameDrawn()
        #expect(!trace.isEnabled)
        #expect(trace.problem == "hike-reviews: warning: HIKE_REVIEWS_TRACE='/dev/null' is not a regular file or a terminal; no trace is written")
        #expect(Self.identity("/dev/null") == before)
        #expect(Int32(before[0]) == S_IFCHR)
    }

    @Test func aFIFOIsRefusedWithoutBlockingAndASymlinkToADeviceToo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Opened for writing, a FIFO with no reader would block the app's start for ever.
        let fifo = folder + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let fifoBefore = Self.identity(fifo)
        let throughFIFO = FrameTrace(environment: ["HIKE_REVIEWS_TRACE": fifo])
        #expect(!throughFIFO.isEnabled && throughFIFO.problem?.contains("is not a regular file or a terminal") == true)
        #expect(Self.identity(fifo) == fifoBefore)

        let link = folder + "/null-link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        let linkBefore = Self.identity(link)
        let throughLink = FrameTrace(environment: ["HIKE_REVIEWS_TRACE": link])
        #expect(!throughLink.isEnabled && throughLink.problem != nil)
        #expect(Self.identity(link) == linkBefore && (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "/dev/null")

        let missingFolder = FrameTrace(environment: ["HIKE_REVIEWS_TRACE": folder + "/no/such/trace"])
        #expect(!missingFolder.isEnabled && missingFolder.problem?.contains("cannot be opened: No such file or directory") == true)
    }

    @Test func aRegularFileIsAppendedToNeverReplaced() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/trace"
        try "earlier run\n".write(toFile: path, atomically: false, encoding: .utf8)
        let before = Self.identity(path)
        do {
            let trace = FrameTrace(environment: ["HIKE_REVIEWS_TRACE": path])
            #expect(trace.isEnabled && trace.problem == nil)
            trace.frameDrawn()
            trace.detectionFinished()
        }
        #expect(Self.identity(path) == before, "the same file, not a new one renamed over it")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3 && lines[0] == "earlier run" && lines[1].hasPrefix("first-frame ") && lines[2].hasPrefix("detection-finished "))

        let fresh = folder + "/new-trace"
        FrameTrace(environment: ["HIKE_REVIEWS_TRACE": fresh]).frameDrawn()
        #expect(try String(contentsOfFile: fresh, encoding: .utf8).hasPrefix("first-frame "))
        #expect(FrameTrace(environment: [:]).problem == nil && !FrameTrace(environment: [:]).isEnabled)
    }
}
