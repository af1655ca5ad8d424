import Foundation
import Synchronization

/// Feeds a model download's bytes into the `Progress` that `ModelManager.download` returned.
///
/// Its unit is the byte: `totalUnitCount` is the sum of the packs' sizes (as the repository or,
/// for Argos's models, the server says them), `completedUnitCount` what has arrived.
final class DownloadProgress: Sendable {
    let progress: Progress
    private let state = Mutex<(bytes: [String: Int], totals: [String: Int])>(([:], [:]))

    init(_ progress: Progress) {
        self.progress = progress
    }

    /// The packs to fetch and their sizes (0: not known yet).
    func expect(_ sizes: [(id: String, size: Int)]) {
        let total = state.withLock { state in
            for (id, size) in sizes where size > 0 { state.totals[id] = size }
            return state.totals.values.reduce(0, +)
        }
        progress.totalUnitCount = total > 0 ? Int64(total) : -1
    }

    /// `bytes` of `total` have arrived for `id`.
    func update(id: String, bytes: Int, total: Int) {
        let (done, all) = state.withLock { state in
            state.bytes[id] = bytes
            if total > 0 { state.totals[id] = total }
            return (state.bytes.values.reduce(0, +), state.totals.values.reduce(0, +))
        }
        if all > 0 { progress.totalUnitCount = Int64(all) }
        progress.completedUnitCount = Int64(done)
    }

    /// Everything is on disk (or was already).
    func finish() {
        if progress.totalUnitCount <= 0 { progress.totalUnitCount = 1 }
        progress.completedUnitCount = progress.totalUnitCount
    }
}
