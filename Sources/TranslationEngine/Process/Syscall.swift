import Foundation

/// The one EINTR retry of the package (swift-nio's `syscall(blocking:where:)` shape, without
/// its throwing): every blocking read, write, waitpid and flock goes through it.
package enum Syscall {
    /// Calls `call` again while it fails with EINTR, and returns its last result; when that is
    /// a failure (negative), `errno` still says why.
    @inline(__always)
    package static func retryingOnInterrupt<Result: SignedInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }
}
