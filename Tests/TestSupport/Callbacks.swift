import Dispatch
import Synchronization

/// Waits for what callbacks (completion handlers, notification observers) report, without
/// blocking any queue: the callbacks `fulfill`, the test awaits `value()`, in order.
public final class Expectation<Value: Sendable>: Sendable {
    private let state = Mutex<(values: [Value], waiters: [CheckedContinuation<Value, Never>])>(([], []))

    public init() {}

    public func fulfill(_ value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Value, Never>? in
            if state.waiters.isEmpty {
                state.values.append(value)
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.resume(returning: value)
    }

    /// The next value reported (the oldest not yet taken).
    public func value() async -> Value {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Value? in
                if !state.values.isEmpty { return state.values.removeFirst() }
                state.waiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}

/// Where a callback ran: on the main queue, as ML Kit promises, or not.
public enum Queue {
    private static let key: DispatchSpecificKey<String> = {
        let key = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: key, value: "main")
        return key
    }()

    /// Whether the caller runs on DispatchQueue.main (whichever thread drains it).
    public static var isMain: Bool {
        DispatchQueue.getSpecific(key: key) == "main"
    }
}
