import Foundation

/// The inputs of a line-oriented command: the named files in order, or standard input.
///
/// A file that cannot be opened (or standard input, when it is closed) is reported on stderr
/// and skipped, and makes the command's exit status 1; the others are still read.
struct InputFiles {
    private var paths: ArraySlice<String>
    private let command: String
    /// 0, or 1 once a file could not be read.
    private(set) var status: Int32 = 0
    /// The terminal hint was given (standard input may be named more than once).
    private var hinted = false

    init(_ files: [String], command: String) {
        paths = (files.isEmpty ? ["-"] : files)[...]
        self.command = command
    }

    /// A reader for the next input that opens, or nil when none is left. FIFOs are read as
    /// files are (process substitution, `<(...)`, must work).
    mutating func nextReader() -> LineReader? {
        while let path = paths.popFirst() {
            if path == "-" {
                if StandardStreams.closedAtStart.contains(STDIN_FILENO) {
                    report("hike-reviews: \(command): cannot read standard input: it is closed")
                    continue
                }
                // On a terminal nothing says the command waits for the user's text, nor how
                // to end it: one line on stderr, out of the way of the results.
                if isatty(STDIN_FILENO) != 0 && !hinted {
                    hinted = true
                    StandardError.print("hike-reviews: \(command): reading text from the terminal, one text per line; Ctrl-D ends")
                }
                return LineReader(fd: STDIN_FILENO, closesDescriptor: false)
            }
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            if fd >= 0 {
                var info = stat()
                if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                    close(fd)
                } else {
                    return LineReader(fd: fd, closesDescriptor: true)
                }
            }
            report("hike-reviews: \(command): cannot read '\(path)': \(Self.problem(path))")
        }
        return nil
    }

    /// Reports a problem with one input; the command's status becomes 1.
    mutating func report(_ message: String) {
        StandardError.print(message)
        status = max(status, 1)
    }

    private static func problem(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file" }
        return isDirectory.boolValue ? "it is a folder" : "permission denied"
    }
}
