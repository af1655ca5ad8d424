import Foundation
import Synchronization

/// Set by a signal handler, read by the main loop.
final class SignalFlag: Sendable {
    /// The process's one flag: a C signal handler cannot capture, so it reaches a global.
    static let shared = SignalFlag()

    private let raised = Atomic<Int32>(0)
    /// The input watcher's wake pipe (its write end), or -1 before it starts.
    private let wakeDescriptor = Atomic<Int32>(-1)

    /// Records a termination signal and wakes the input watcher. Signal-safe: an atomic store
    /// and `write(2)`.
    func raise(_ signal: Int32) {
        raised.store(signal, ordering: .relaxed)
        wake(InputWatcher.Wake.terminate)
    }

    /// Writes one byte to the wake pipe (from a signal handler, or to stop the watcher).
    func wake(_ byte: UInt8) {
        let descriptor = wakeDescriptor.load(ordering: .relaxed)
        guard descriptor >= 0 else { return }
        var byte = byte
        _ = write(descriptor, &byte, 1)
    }

    func setWakeDescriptor(_ descriptor: Int32) {
        wakeDescriptor.store(descriptor, ordering: .relaxed)
    }

    /// The signal that arrived, or 0.
    var signal: Int32 { raised.load(ordering: .relaxed) }
}
