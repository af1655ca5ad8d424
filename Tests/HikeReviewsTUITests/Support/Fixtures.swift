import Foundation
import ReviewModel
import TranslationEngine
@testable import HikeReviewsTUI

/// App states built on the real sample data, with languages detected by the real recognizer.
enum Fixtures {
    static let catalog: RouteCatalog = {
        do {
            return try CatalogLoader.load(contentsOf: Paths.sampleData)
        } catch {
            fatalError("sample data does not load: \(error)")
        }
    }()

    static let languages: [String: String] = {
        let recognizer = HostEnvironment.recognizer
        var result: [String: String] = [:]
        for review in catalog.routes.flatMap(\.reviews) {
            result[review.id] = recognizer.recognize(review.text).tag
        }
        return result
    }()

    /// The app at a size, with every language detected.
    static func state(width: Int = 80, height: Int = 24) -> AppState {
        var state = AppState(routes: catalog.routes, size: .init(width: width, height: height), targetLanguage: "en")
        let total = languages.count
        _ = state.reduce(.languagesDetected(languages, done: total, total: total))
        return state
    }

    static func routeIndex(_ id: String) -> Int {
        catalog.routes.firstIndex { $0.id == id }!
    }

    /// Applies keys in order, collecting the effects.
    @discardableResult
    static func press(_ keys: [Key], on state: inout AppState, layout: LaidOutBlocks = LaidOutBlocks()) -> [Effect] {
        keys.flatMap { state.reduce(.keyPressed($0), layout: layout) }
    }

    static func type(_ text: String, on state: inout AppState) {
        for character in text {
            _ = state.reduce(.keyPressed(.char(character)))
        }
    }
}
