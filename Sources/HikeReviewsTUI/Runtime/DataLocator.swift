import Foundation
import TranslationEngine

/// Finds the routes file: the one named, else $HIKE_REVIEWS_DATA, else ./sample-data, else the
/// sample data shipped with the binary (its checkout's, or its installation's: `ShippedFile`).
enum DataLocator {
    static func locate(_ named: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let named { return resolve(named) }
        if let fromEnvironment = environment["HIKE_REVIEWS_DATA"], !fromEnvironment.isEmpty {
            return resolve(fromEnvironment)
        }
        let local = URL(fileURLWithPath: ShippedFile.sampleData)
        if FileManager.default.isReadableFile(atPath: local.path) { return local }
        return ShippedFile.locate(ShippedFile.sampleData)
    }

    /// A folder means the routes.json inside it.
    private static func resolve(_ path: String) -> URL {
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return url.appendingPathComponent("routes.json")
        }
        return url
    }
}
