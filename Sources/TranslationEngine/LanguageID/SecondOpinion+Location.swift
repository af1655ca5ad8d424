import Foundation

extension SecondOpinion {
    /// Where the model file is: `HIKE_REVIEWS_LANGID_MODEL` when set (even to a file that is not
    /// there, so the model can be turned off); else `.build/langid/model.bin` of the checkout
    /// the binary was built in; else `../share/hike-reviews/langid-model.bin` beside the binary's
    /// folder (an installed `PREFIX/bin/hike-reviews`). Nil when none of these exists.
    public static func defaultModelURL(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: String = CommandLine.arguments.first ?? ""
    ) -> URL? {
        if let named = environment["HIKE_REVIEWS_LANGID_MODEL"], !named.isEmpty {
            return URL(fileURLWithPath: named)
        }
        let binary = URL(fileURLWithPath: (executable as NSString).resolvingSymlinksInPath)
        var candidates: [URL] = []
        var folder = binary
        for _ in 0..<8 {
            folder.deleteLastPathComponent()
            if folder.lastPathComponent == ".build" {
                candidates.append(folder.appendingPathComponent("langid/model.bin"))
                break
            }
        }
        candidates.append(binary.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/hike-reviews/langid-model.bin"))
        return candidates.first { FileManager.default.isReadableFile(atPath: $0.path) }
    }
}
