import Foundation
import ReviewModel

/// Writes `text` to `routes.json` in a temporary directory, loads it, and returns the error, or `nil` if it loaded.
func loadFailure(_ text: String, limits: LoadLimits = .default) throws -> CatalogLoadError? {
    try loadFailure(Data(text.utf8), limits: limits)
}

/// Writes `data` to `routes.json` in a temporary directory, loads it, and returns the error, or `nil` if it loaded.
func loadFailure(_ data: Data, limits: LoadLimits = .default) throws -> CatalogLoadError? {
    try withTemporaryDirectory { directory -> CatalogLoadError? in
        let url = try writeFile(data, in: directory)
        do throws(CatalogLoadError) {
            _ = try CatalogLoader.load(contentsOf: url, limits: limits)
            return nil
        } catch {
            return error
        }
    }
}

/// Writes `text` to `routes.json` in a temporary directory and loads it.
func loadCatalog(_ text: String, limits: LoadLimits = .default) throws -> RouteCatalog {
    try withTemporaryDirectory { directory in
        try CatalogLoader.load(contentsOf: writeFile(text, in: directory), limits: limits)
    }
}
