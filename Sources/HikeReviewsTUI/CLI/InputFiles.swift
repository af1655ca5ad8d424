import Foundation

/// The inputs of a line-oriented command: the named files in order, or standard input.
///
/// A file that cannot be opened is reported on stderr and skipped, and makes the
/// command's exit status 1; the others are still read.
struct InputFiles {
    private var paths: ArraySlice<String>
    private let command: String
    /// 0, or 1 once a file could not be read.
    private(set) var status: Int32 = 0

    init(_ files: [String], command: String) {
        paths = (files.isEmpty ? ["-"] : files)[...]
        self.command = command
    }

    /// A reader for the next input that opens, or nil when none is left.
    mutating func nextReader() -> LineReader? {
        while let path = paths.popFirst() {
            if path == "-" { return LineReader(handle: FileHandle.standardInput) }
            if let handle = FileHandle(forReadingAtPath: path) { return LineReader(handle: handle) }
            StandardError.print("hike-reviews: \(command): cannot read '\(TerminalText.sanitize(path))': \(Self.problem(path))")
            status = 1
        }
        return nil
    }

    private static func problem(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file" }
        return isDirectory.boolValue ? "it is a folder" : "permission denied"
    }
}
