import Foundation

/// Puts the terminal back if the process crashes while curses owns it.
///
/// `endwin` is not safe inside a signal handler, so on a crash signal this restores the
/// terminal settings saved at start (tcsetattr is async-signal-safe), writes the escape
/// sequences that leave the alternate screen and show the cursor, then re-raises the
/// signal with its default action so the process still dies as it would have.
final class TerminalRescue: @unchecked Sendable {
    /// The one instance: a C signal handler cannot capture, so it reaches a global.
    static let shared = TerminalRescue()

    // Written once in `arm()` before any handler is installed, only read afterwards.
    private let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    private var hasSaved = false

    static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Saves the terminal's settings and installs the crash handlers; call before curses starts.
    func arm() {
        guard tcgetattr(STDIN_FILENO, saved) == 0 else { return }
        hasSaved = true
        for number in Self.crashSignals {
            signal(number) { received in
                TerminalRescue.shared.restore()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Removes the crash handlers once curses has restored the terminal itself.
    func disarm() {
        for number in Self.crashSignals {
            signal(number, SIG_DFL)
        }
    }

    private func restore() {
        guard hasSaved else { return }
        _ = tcsetattr(STDIN_FILENO, TCSANOW, saved)
        // Leave the alternate screen, reset attributes, show the cursor, stop mouse reporting.
        let reset: StaticString = "\u{1B}[?1049l\u{1B}[0m\u{1B}[?25h\u{1B}[?1000l\r\n"
        _ = write(STDOUT_FILENO, reset.utf8Start, reset.utf8CodeUnitCount)
    }
}
