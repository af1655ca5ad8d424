import Foundation
import Testing
@testable import HikeReviewsTUI

/// Whole-screen text snapshots under Tests/HikeReviewsTUITests/Snapshots.
///
/// Set HIKE_REVIEWS_RECORD_SNAPSHOTS=1 to write them anew, then review the diff.
enum Snapshot {
    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["HIKE_REVIEWS_RECORD_SNAPSHOTS"] == "1"
    }

    /// The screen as text, with a frame so trailing spaces and the size are visible.
    static func text(of buffer: ScreenBuffer) -> String {
        let lines = buffer.lines()
        let border = "+" + String(repeating: "-", count: buffer.width) + "+"
        var out = [border]
        for line in lines {
            out.append("|" + TerminalText.pad(line, width: buffer.width) + "|")
        }
        out.append(border)
        return out.joined(separator: "\n") + "\n"
    }

    static func check(_ buffer: ScreenBuffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = Paths.snapshots.appendingPathComponent("\(name).txt")
        let actual = text(of: buffer)
        if isRecording {
            try? FileManager.default.createDirectory(at: Paths.snapshots, withIntermediateDirectories: true)
            try? actual.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
            Issue.record("no snapshot \(name).txt; run with HIKE_REVIEWS_RECORD_SNAPSHOTS=1 and review it", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "screen differs from \(name).txt:\n\(actual)", sourceLocation: sourceLocation)
    }
}
