import Foundation
import ReviewModel

/// Catalog JSON in a fixed layout, so tests can state exact lines and columns.
///
/// `sample` looks like this (route fields are indented 6 spaces, review fields 10):
///
///      1 {
///      2   "routes": [
///      3     {
///      4       "id": "cares-gorge",
///      5       "name": "Cares Gorge",
///      6       "country": "ES",
///      7       "region": "Asturias",
///      8       "lengthKm": 12,
///      9       "ascentM": 350,
///     10       "durationHours": 5.5,
///     11       "difficulty": "moderate",
///     12       "description": "A path cut into the gorge walls.",
///     13       "reviews": [
///     14         {
///     15           "id": "r1",
///     16           "author": "Ana",
///     17           "date": "2024-05-01",
///     18           "rating": 5,
///     19           "text": "Precioso."
///     20         },
///     21         {
///     22           "id": "r2",
///     23           "author": "Ola",
///     24           "date": "2024-06-12",
///     25           "rating": 4,
///     26           "text": "Fin tur."
///     27         }
///     28       ]
///     29     }
///     30   ]
///     31 }
///
/// Each route takes 27 lines, so route `n` of `catalog(_:)` opens at line `3 + 27 * (n - 1)`, column 5.
enum CatalogJSON {
    /// One route object in the fixed layout, without a trailing comma or newline.
    static func route(id: String = "cares-gorge") -> String {
        """
            {
              "id": "\(id)",
              "name": "Cares Gorge",
              "country": "ES",
              "region": "Asturias",
              "lengthKm": 12,
              "ascentM": 350,
              "durationHours": 5.5,
              "difficulty": "moderate",
              "description": "A path cut into the gorge walls.",
              "reviews": [
                {
                  "id": "r1",
                  "author": "Ana",
                  "date": "2024-05-01",
                  "rating": 5,
                  "text": "Precioso."
                },
                {
                  "id": "r2",
                  "author": "Ola",
                  "date": "2024-06-12",
                  "rating": 4,
                  "text": "Fin tur."
                }
              ]
            }
        """
    }

    /// A catalog holding `routes` in order.
    static func catalog(_ routes: [String]) -> String {
        "{\n  \"routes\": [\n" + routes.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    /// A catalog with the single default route.
    static let sample = catalog([route()])

    /// `sample` with the one occurrence of `target` replaced.
    static func sample(replacing target: String, with replacement: String) -> String {
        replacingOnce(target, with: replacement, in: sample)
    }

    /// `text` with its single occurrence of `target` replaced; stops the tests if there is not exactly one.
    static func replacingOnce(_ target: String, with replacement: String, in text: String) -> String {
        let parts = text.components(separatedBy: target)
        precondition(parts.count == 2, "expected exactly one \(target) in the fixture")
        return parts.joined(separator: replacement)
    }

    /// The route that `sample` decodes to.
    static let sampleRoute = Route(
        id: "cares-gorge",
        name: "Cares Gorge",
        country: "ES",
        region: "Asturias",
        lengthKm: 12,
        ascentM: 350,
        durationHours: 5.5,
        difficulty: "moderate",
        description: "A path cut into the gorge walls.",
        reviews: [
            Review(id: "r1", author: "Ana", date: "2024-05-01", rating: 5, text: "Precioso."),
            Review(id: "r2", author: "Ola", date: "2024-06-12", rating: 4, text: "Fin tur."),
        ]
    )
}
