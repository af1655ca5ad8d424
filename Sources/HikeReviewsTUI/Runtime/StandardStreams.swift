import Foundation
import Synchronization
import TranslationEngine

/// The process's standard streams as the commands use them: checked once at start, written
/// through one buffered writer that notices a closed pipe, sanitised where a terminal reads them.
enum StandardStreams {
    /// Which of stdin, stdout and stderr were closed when the process started.
    ///
    /// Each closed one is reopened on /dev/null at once, before anything else opens a file:
    /// otherwise the next `open` or `pipe` would get descriptor 0, 1 or 2, and a pipeline's
    /// pipe end would be handed to its children as their stdin or stdout.
    static let closedAtStart: Set<Int32> = {
        var closed: Set<Int32> = []
        for fd: Int32 in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            closed.insert(fd)
            let null = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if null >= 0 && null != fd {
                dup2(null, fd)
                close(null)
            }
        }
        return closed
    }()

    /// Whether standard output is a terminal (then output is sanitised like the app's cells).
    static let outputIsTerminal = isatty(STDOUT_FILENO) != 0

    /// Writes every byte, retrying on EINTR; false on any other error (EPIPE among them).
    @discardableResult
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        FileDescriptorIO.writeAll(fd, bytes)
    }
}

/// Standard output, written with `write(2)`: buffered when it is not a terminal, and stopped
/// for good at the first failed write, so `... | head -1` ends the command at once.
///
/// Only a reader that has gone (EPIPE) is quiet, with a program killed by SIGPIPE's status;
/// any other failure (ENOSPC on a full disk or /dev/full, EIO) is an error: one line on stderr
/// naming standard output and the reason, exit status 1. Every command returns `failureStatus`
/// when a write fails.
final class StandardOutput: Sendable {
    static let shared = StandardOutput()

    /// The exit status once the reader has gone: what a program killed by SIGPIPE reports.
    static let brokenPipeStatus: Int32 = 128 + SIGPIPE

    private struct State {
        var buffer: [UInt8] = []
        /// The errno of the write that failed (EBADF when it was closed from the start); nil
        /// while writes succeed.
        var failure: Int32?
    }
    private let state = Mutex(State())

    /// Whether standard output can no longer be written (its reader has gone, a write failed,
    /// or it was closed from the start).
    var isClosed: Bool {
        state.withLock { $0.failure != nil }
    }

    /// The exit status a command ends with once a write failed: 141 when the reader has gone,
    /// else 1 (the failure was said on stderr when it happened).
    var failureStatus: Int32 {
        state.withLock { $0.failure } == EPIPE ? Self.brokenPipeStatus : 1
    }

    /// Appends one line (a newline is added); on a terminal it is sanitised first, so a text
    /// holding escape sequences shows them as visible placeholders instead of running them.
    /// Returns false once standard output cannot be written.
    @discardableResult
    func line(_ text: String) -> Bool {
        let shown = StandardStreams.outputIsTerminal ? Self.terminalSafe(text) : text
        let full = state.withLock { state -> Bool? in
            if state.failure != nil { return nil }
            state.buffer.append(contentsOf: shown.utf8)
            state.buffer.append(0x0A)
            return state.buffer.count >= 64 * 1024
        }
        guard let full else { return false }
        return full || StandardStreams.outputIsTerminal ? flush() : true
    }

    /// Appends one line given as bytes (a line of input that is not UTF-8, passed through as it
    /// came). On a terminal its text is shown sanitised instead: raw bytes could be C1 controls.
    @discardableResult
    func line(bytes: [UInt8]) -> Bool {
        if StandardStreams.outputIsTerminal { return line(String(decoding: bytes, as: UTF8.self)) }
        let full = state.withLock { state -> Bool? in
            if state.failure != nil { return nil }
            state.buffer.append(contentsOf: bytes)
            state.buffer.append(0x0A)
            return state.buffer.count >= 64 * 1024
        }
        guard let full else { return false }
        return full ? flush() : true
    }

    /// The text as the app would draw it, but for newlines and tabs, which a terminal only
    /// moves the cursor for (help text has lines; `detect` output has columns).
    static func terminalSafe(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(separator: "\t", omittingEmptySubsequences: false).map { TerminalText.sanitize(String($0)) }.joined(separator: "\t")
        }.joined(separator: "\n")
    }

    /// Writes what is buffered; false when standard output cannot be written. The first
    /// failure other than EPIPE is said on stderr, once.
    @discardableResult
    func flush() -> Bool {
        let failed = state.withLock { state -> Int32? in
            if state.failure != nil { return nil }
            if StandardStreams.closedAtStart.contains(STDOUT_FILENO) {
                state.failure = EBADF
            } else if let code = Self.write(STDOUT_FILENO, state.buffer) {
                state.failure = code
            }
            state.buffer.removeAll(keepingCapacity: true)
            return state.failure
        }
        if let failed, failed != EPIPE {
            StandardError.print("hike-reviews: cannot write to standard output: \(String(cString: strerror(failed)))")
        }
        return failed == nil && !isClosed
    }

    /// Writes every byte, retrying on EINTR; the errno of the failure, nil when all were written.
    private static func write(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { raw -> Int32? in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    // A write of 0 bytes makes no progress: as good as an I/O error.
                    return written < 0 ? errno : EIO
                }
            }
            return nil
        }
    }
}

/// Writes to standard error, one message per call, each line sanitised (messages quote input:
/// file names, language tags, review text).
enum StandardError {
    static func print(_ message: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.sanitize(String($0)) }
        StandardStreams.writeAll(STDERR_FILENO, Array((lines.joined(separator: "\n") + "\n").utf8))
    }
}
