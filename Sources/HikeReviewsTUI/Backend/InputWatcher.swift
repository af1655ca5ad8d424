import CNcurses
import Foundation

/// Waits for input on its own thread, so the main loop awaits one queue of actions instead of
/// polling the keyboard.
///
/// curses is not thread-safe and runs on the main actor, so the watcher reads no key itself:
/// when standard input has bytes it sends `.inputReady` and waits until the main actor has read
/// them with curses (`keysRead()`). The signal handlers write a byte to its wake pipe, which
/// the watcher turns into an action: a window change into `.resized` with the kernel's size (the
/// app, not curses, handles SIGWINCH), a termination signal into `.terminationRequested`.
final class InputWatcher: Sendable {
    /// The bytes on the wake pipe.
    enum Wake {
        static let terminate: UInt8 = 1
        static let resize: UInt8 = 2
        static let stop: UInt8 = 3
    }

    private let queue: ActionQueue
    private let wakeRead: Int32
    private let consumed = DispatchSemaphore(value: 0)

    /// Opens the wake pipe and hands its write end to the signal handlers; nil if no pipe.
    init?(queue: ActionQueue) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        // A signal handler must never block on a full pipe; a lost byte is one of many alike.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        self.queue = queue
        wakeRead = ends[0]
        SignalFlag.shared.setWakeDescriptor(ends[1])
    }

    func start() {
        Thread.detachNewThread { [self] in watch() }
    }

    /// The main actor has read every waiting key: watch standard input again.
    func keysRead() {
        consumed.signal()
    }

    /// Ends the thread (it may be waiting for `keysRead()`, so that is given too).
    func stop() {
        SignalFlag.shared.wake(Wake.stop)
        consumed.signal()
    }

    private func watch() {
        var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        while true {
            if poll(&descriptors, 2, -1) < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0 {
                var bytes = [UInt8](repeating: 0, count: 64)
                let count = read(wakeRead, &bytes, bytes.count)
                for byte in bytes.prefix(max(count, 0)) {
                    switch byte {
                    case Wake.stop: return
                    case Wake.resize: if let size = Self.terminalSize() { queue.send(.resized(width: size.width, height: size.height)) }
                    default: queue.send(.terminationRequested)
                    }
                }
            }
            let input = descriptors[0].revents
            if input & Int16(POLLIN) != 0 {
                queue.send(.inputReady)
                consumed.wait()
            } else if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                // The terminal went away: nothing more will be typed.
                queue.send(.terminationRequested)
                return
            }
        }
    }

    /// The terminal's size as the kernel has it after SIGWINCH.
    static func terminalSize() -> ScreenSize? {
        var rows: Int32 = 0, columns: Int32 = 0
        guard hr_terminal_size(STDOUT_FILENO, &rows, &columns) == 0 else { return nil }
        return ScreenSize(width: Int(columns), height: Int(rows))
    }
}
