import Foundation
import Synchronization

/// The translated files LibreTranslate's `/translate_file` hands out for download: kept in a
/// private folder (mode 0700, made when the server starts) under random names a caller cannot
/// guess or choose, each for `lifetime` after it was made (LibreTranslate keeps its own for
/// 30 minutes too), removed when they expire, when the store is over its caps, and when the
/// server stops. A name from a request is only ever a key looked up here, never a path.
final class TranslatedFiles: Sendable {
    /// How long a file may be downloaded after it was made.
    let lifetime: Duration
    /// At most this many files kept at once; the oldest go first.
    let maxFiles: Int
    /// At most this many bytes kept at once; the oldest go first.
    let maxBytes: Int

    private struct Kept {
        var path: String
        /// The sender's file name, made safe: what the download is called.
        var downloadName: String
        var bytes: Int
        var made: ContinuousClock.Instant
    }

    private let state: Mutex<(folder: String?, files: [String: Kept])>

    init(lifetime: Duration = .seconds(30 * 60), maxFiles: Int = 64, maxBytes: Int = 256 << 20) {
        self.lifetime = lifetime
        self.maxFiles = maxFiles
        self.maxBytes = maxBytes
        state = Mutex((nil, [:]))
    }

    deinit {
        removeAll()
    }

    /// Keeps `bytes` for download as `downloadName`; returns the random name to fetch it by.
    /// - Throws: when the private folder cannot be made or written.
    func keep(_ bytes: [UInt8], downloadName: String) throws -> String {
        var generator = SystemRandomNumberGenerator()
        let token = (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max, using: &generator)) }.joined()
        let name = token + "." + downloadName
        return try state.withLock { state in
            let folder = try state.folder ?? Self.makeFolder()
            state.folder = folder
            Self.expire(&state.files, lifetime: lifetime)
            // Room for the new one: the oldest go first.
            while !state.files.isEmpty,
                  state.files.count >= maxFiles || state.files.values.reduce(0, { $0 + $1.bytes }) + bytes.count > maxBytes {
                guard let oldest = state.files.min(by: { $0.value.made < $1.value.made }) else { break }
                unlink(oldest.value.path)
                state.files[oldest.key] = nil
            }
            let path = folder + "/" + token
            guard FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown)
            }
            state.files[name] = Kept(path: path, downloadName: downloadName, bytes: bytes.count, made: .now)
            return name
        }
    }

    /// The file kept under `name` and what it is called, or nil when there is none (never
    /// was, or expired).
    func file(named name: String) -> (bytes: [UInt8], downloadName: String)? {
        let kept = state.withLock { state -> Kept? in
            Self.expire(&state.files, lifetime: lifetime)
            return state.files[name]
        }
        guard let kept, let data = FileManager.default.contents(atPath: kept.path) else { return nil }
        return (Array(data), kept.downloadName)
    }

    /// How many files are kept now.
    var count: Int {
        state.withLock { state in
            Self.expire(&state.files, lifetime: lifetime)
            return state.files.count
        }
    }

    /// Removes every file and the folder (at stop).
    func removeAll() {
        state.withLock { state in
            for kept in state.files.values { unlink(kept.path) }
            state.files = [:]
            if let folder = state.folder { try? FileManager.default.removeItem(atPath: folder) }
            state.folder = nil
        }
    }

    private static func expire(_ files: inout [String: Kept], lifetime: Duration) {
        let now = ContinuousClock.now
        for (name, kept) in files where now - kept.made > lifetime {
            unlink(kept.path)
            files[name] = nil
        }
    }

    private static func makeFolder() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/hike-reviews-files.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        return String(cString: made)
    }
}
