import Foundation
import Synchronization

/// Feeds a model download into the `Progress` that `ModelManager.download` returned, so that the
/// progress is finished exactly when the model can be used.
///
/// ML Kit's guide has apps keep the progress to learn when a model is available, so bytes alone
/// never finish it: each pack counts its size in bytes, then `installUnits(forSize:)` more that
/// complete only once the pack is unpacked into the store, and the whole download one last unit
/// that `finish()` completes after the registry has checked that the model is downloaded. A
/// download that fails or is cancelled therefore never reports finished. While a pack's size is
/// not known (Argos's index gives none and a server may not say it), `totalUnitCount` is -1
/// (indeterminate) rather than a total that would later grow and make the fraction go back.
final class DownloadProgress: Sendable {
    let progress: Progress

    private struct Pack {
        var size: Int?
        var bytes = 0
        var installed = false

        /// The pack on disk: all its bytes counted (as many as arrived when no size was said).
        func installing() -> Pack {
            let size = size ?? max(bytes, 1)
            return Pack(size: size, bytes: size, installed: true)
        }
    }

    private struct State {
        var packs: [String: Pack] = [:]
        var finished = false

        /// -1 while a size is unknown; else every byte, every install and the final check.
        var total: Int64 {
            var sum: Int64 = 1
            for pack in packs.values {
                guard let size = pack.size else { return -1 }
                sum += Int64(size) + DownloadProgress.installUnits(forSize: size)
            }
            return sum
        }

        /// What has arrived and been installed; the final unit only once finished.
        var completed: Int64 {
            var sum: Int64 = finished ? 1 : 0
            for pack in packs.values {
                sum += Int64(pack.size.map { min(pack.bytes, $0) } ?? pack.bytes)
                if pack.installed, let size = pack.size { sum += DownloadProgress.installUnits(forSize: size) }
            }
            return sum
        }
    }

    private let state = Mutex(State())

    init(_ progress: Progress) {
        self.progress = progress
    }

    /// The units installing a pack of `size` bytes counts for: a tenth of its size (unpacking
    /// is roughly that share of a download's time here), at least one.
    static func installUnits(forSize size: Int) -> Int64 {
        max(1, Int64(size) / 10)
    }

    /// The packs to fetch and their sizes (0: not known yet).
    func expect(_ sizes: [(id: String, size: Int)]) {
        change { state in
            for (id, size) in sizes {
                var pack = state.packs[id] ?? Pack()
                if size > 0 { pack.size = size }
                state.packs[id] = pack
            }
        }
    }

    /// `bytes` of `total` (0 or less: not known) have arrived for `id`.
    func update(id: String, bytes: Int, total: Int) {
        change { state in
            // A late report of bytes must not move a pack back from installed.
            guard state.packs[id]?.installed != true else { return }
            state.packs[id, default: Pack()].bytes = bytes
            if total > 0 { state.packs[id]?.size = total }
        }
    }

    /// `id` is unpacked into the store (or was there already): its bytes and install units are done.
    func installed(_ id: String) {
        change { state in state.packs[id] = (state.packs[id] ?? Pack()).installing() }
    }

    /// The model is downloaded, checked on disk (or was already): the progress finishes.
    func finish() {
        change { state in
            state.packs = state.packs.mapValues { $0.installing() }
            state.finished = true
        }
    }

    /// Applies `update` and writes the counts to the progress under the lock, so two reports
    /// never write out of order; nothing moves once finished.
    private func change(_ update: (inout State) -> Void) {
        state.withLock { state in
            guard !state.finished else { return }
            update(&state)
            let (total, completed) = (state.total, state.completed)
            // Of the two orders of writing, the one whose halfway state does not look finished
            // (completed >= total > 0); one always is, since both the old and new counts are not.
            if total > 0 && progress.completedUnitCount >= total {
                progress.completedUnitCount = completed
                progress.totalUnitCount = total
            } else {
                progress.totalUnitCount = total
                progress.completedUnitCount = completed
            }
        }
    }
}
