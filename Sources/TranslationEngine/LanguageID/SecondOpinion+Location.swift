import Foundation

extension SecondOpinion {
    /// Where the model file is: `HIKE_REVIEWS_LANGID_MODEL` when set (even to a file that is not
    /// there, so the model can be turned off); else `ShippedFile.langidModel` beside the binary
    /// (`.build/langid/model.bin` of its checkout, or `PREFIX/share/hike-reviews/langid/model.bin`
    /// of its installation). Nil when none exists.
    public static func defaultModelURL(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = ShippedFile.executable
    ) -> URL? {
        if let named = environment["HIKE_REVIEWS_LANGID_MODEL"], !named.isEmpty {
            return URL(fileURLWithPath: named)
        }
        return ShippedFile.locate(ShippedFile.langidModel, executable: executable)
    }
}
