import Foundation
import ReviewModel
import TestSupport
import Testing

@Suite(.tags(.fast)) struct ModelTests {}

extension ModelTests {
    @Test func averageRatingIsTheMeanOfAllReviews() {
        #expect(CatalogJSON.sampleRoute.averageRating == 4.5)
    }

    @Test func averageRatingIsNilWithoutReviews() {
        var route = CatalogJSON.sampleRoute
        route.reviews = []
        #expect(route.averageRating == nil)
    }

    @Test func averageRatingIsNotEncoded() throws {
        let data = try JSONEncoder().encode(CatalogJSON.sampleRoute)
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["averageRating"] == nil)
        #expect(Set(object.keys).count == 11)
    }

    @Test func codableMatchesTheLoader() throws {
        let fromFoundation = try JSONDecoder().decode(RouteCatalog.self, from: Data(CatalogJSON.sample.utf8))
        #expect(fromFoundation == RouteCatalog(routes: [CatalogJSON.sampleRoute]))
    }
}
