import Foundation

extension TranslationMemory {
    /// A test seam: where the memory kills its own process with SIGKILL, so a test sees what a
    /// crash at an exact write leaves instead of killing a child after polling the file.
    /// Read only by `EngineEnvironment.fromProcess`, from `HIKE_REVIEWS_TEST_MEMORY_KILL`.
    package struct KillPoint: Sendable, Equatable {
        /// Which stored entry of this process (1 is the first; hits are not counted).
        package var entry: Int
        /// True: once the entry's transaction is committed; false: inside it, the row written
        /// and the transaction not committed.
        package var committed: Bool

        /// `after-commit:N` or `before-commit:N`, N from 1; nil for anything else.
        package init?(_ text: String) {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let entry = Int(parts[1]), entry > 0, ["after-commit", "before-commit"].contains(parts[0]) else { return nil }
            self.entry = entry
            committed = parts[0] == "after-commit"
        }
    }

    /// Kills the process when the settings' kill point is the `entry`th stored entry at this step.
    func killIfAsked(atEntry entry: Int, committed: Bool) {
        guard let point = settings.killPoint, point.entry == entry, point.committed == committed else { return }
        kill(getpid(), SIGKILL)
    }
}
