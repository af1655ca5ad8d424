import Foundation

/// The `apertium-codes` executable of this build, for tests that run `scripts/build-pack-repo`.
///
/// The script builds the tool itself unless `APERTIUM_CODES` names one; inside `swift test` that
/// nested `swift build` would wait on the test run's own lock on `.build`, so tests pass the one
/// built beside the test bundle.
public enum ApertiumCodesTool {
    /// The checkout this file belongs to.
    static let packageRoot = PackagePaths.root

    /// Its path: beside the test bundle, else in `.build/debug`.
    public static var path: String {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("apertium-codes").path,
            packageRoot.appendingPathComponent(".build/debug/apertium-codes").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[1]
    }

    /// The environment entry that hands it to `scripts/build-pack-repo`.
    public static var environment: [String: String] {
        ["APERTIUM_CODES": path]
    }
}
