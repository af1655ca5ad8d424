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
            // By the argument's own bytes (see ArgumentBytes): a name that is not UTF-8 stays itself.
            let bytes = ArgumentBytes.path(path)
            let fd = Self.withCPath(bytes) { open($0, O_RDONLY | O_CLOEXEC) }
            if fd >= 0 {
                var info = stat()
                if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
                    close(fd)
                } else {
                    return LineReader(fd: fd, closesDescriptor: true)
                }
            }
            report("hike-reviews: \(command): cannot read '\(ArgumentBytes.shown(path))': \(Self.problem(bytes))")
        }
        return nil
    }

    /// Reports a problem with one input; the command's status becomes 1.
    mutating func report(_ message: String) {
        StandardError.print(message)
        status = max(status, 1)
    }

    private static func problem(_ path: [UInt8]) -> String {
        var info = stat()
        guard withCPath(path, { stat($0, &info) }) == 0 else { return errno == ENOENT || errno == ENOTDIR ? "no such file" : String(cString: strerror(errno)) }
        return (info.st_mode & S_IFMT) == S_IFDIR ? "it is a folder" : "permission denied"
    }

    /// Calls `body` with `path` as a NUL-terminated C string.
    private static func withCPath<Result>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
