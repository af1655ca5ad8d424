import Foundation

/// Finds the routes file: the one named, else $HIKE_REVIEWS_DATA, else ./sample-data, else the
/// sample-data folder of the checkout the binary was built in.
enum DataLocator {
    static func locate(_ named: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let named { return resolve(named) }
        if let fromEnvironment = environment["HIKE_REVIEWS_DATA"], !fromEnvironment.isEmpty {
            return resolve(fromEnvironment)
        }
        var candidates = [URL(fileURLWithPath: "sample-data/routes.json")]
        // The binary lives in <checkout>/.build/<triple>/<config>/; walk up to find the checkout.
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(folder.appendingPathComponent("sample-data/routes.json"))
            folder = folder.deletingLastPathComponent()
        }
        return candidates.first { FileManager.default.isReadableFile(atPath: $0.path) }
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
