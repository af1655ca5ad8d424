import Foundation

/// Where the checkout, the sample data and the built binary are.
enum Paths {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let sampleData = packageRoot.appendingPathComponent("sample-data/routes.json")
    static let snapshots = packageRoot.appendingPathComponent("Tests/HikeReviewsTUITests/Snapshots")

    /// The `hike-reviews` binary of this build (beside the test bundle).
    static var binary: URL {
        let bundleFolder = Bundle.main.bundleURL.deletingLastPathComponent()
        let candidates = [
            bundleFolder.appendingPathComponent("hike-reviews"),
            packageRoot.appendingPathComponent(".build/debug/hike-reviews"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[1]
    }
}
