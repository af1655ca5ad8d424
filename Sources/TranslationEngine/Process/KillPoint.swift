import Foundation

/// A test seam: the step at which the process kills itself with SIGKILL, so a test sees what a
/// crash at an exact point leaves instead of killing a child after polling its files. Read only
/// by `EngineEnvironment.fromProcess`, from `HIKE_REVIEWS_TEST_KILL` (`STEP` or `STEP:N`); nil
/// in use.
package struct KillPoint: Sendable, Equatable {
    package enum Step: String, Sendable, CaseIterable {
        /// The memory: right after its Nth stored entry (hits are not counted) is committed.
        case memoryAfterCommit = "memory-after-commit"
        /// The memory: inside its Nth stored entry's transaction, the row written, not committed.
        case memoryBeforeCommit = "memory-before-commit"
        /// An install: on the Nth progress report of its download (bytes written, not all checked).
        case installDownloading = "install-downloading"
        /// An install: its archive downloaded and hashed, nothing unpacked.
        case installDownloaded = "install-downloaded"
        /// An install: unpacked, checked and its manifest written beside the store, not renamed.
        case installUnpacked = "install-unpacked"
        /// An install: renamed into place, its staging and download not yet removed.
        case installRenamed = "install-renamed"
    }

    package var step: Step
    /// Which time the step is reached (from 1).
    package var count: Int

    /// `STEP` (the first time) or `STEP:N`; nil for anything else.
    package init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard let step = Step(rawValue: String(parts[0])), parts.count <= 2 else { return nil }
        let count = parts.count == 2 ? Int(parts[1]) : 1
        guard let count, count > 0 else { return nil }
        self.step = step
        self.count = count
    }

    /// Kills the process when `step` is reached for the `count`th time and that is this point.
    package func reached(_ step: Step, count: Int = 1) {
        if step == self.step && count == self.count { kill(getpid(), SIGKILL) }
    }
}
