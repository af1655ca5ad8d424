import Foundation
import ReviewModel
import TestSupport
import Testing

/// A route's `places`: optional in the data, checked like every other field, and present for
/// every route of the sample data.
@Suite(.tags(.fast)) struct PlacesTests {
    /// The sample route with `places` written just before its reviews.
    static func withPlaces(_ places: String) -> String {
        CatalogJSON.sample(replacing: "      \"reviews\": [", with: "      \"places\": \(places),\n      \"reviews\": [")
    }

    static let gavarnie = #"[{"name": "Mont Perdu", "kind": "peak", "names": {"fr": "Mont Perdu", "es": "Monte Perdido"}}, {"name": "Gavarnie"}]"#

    @Test func aRouteWithoutPlacesHasNone() throws {
        #expect(try loadCatalog(CatalogJSON.sample).routes[0].places == [])
    }

    @Test func placesAreReadWithTheirKindAndNames() throws {
        let places = try loadCatalog(Self.withPlaces(Self.gavarnie)).routes[0].places
        #expect(places == [Place(name: "Mont Perdu", kind: "peak", names: ["fr": "Mont Perdu", "es": "Monte Perdido"]),
                           Place(name: "Gavarnie")])
        #expect(places[0].spellings == ["Mont Perdu", "Monte Perdido"])
        #expect(places[0].name(in: "es") == "Monte Perdido")
        #expect(places[0].name(in: "de") == nil)
    }

    @Test func foundationsDecoderReadsTheSamePlaces() throws {
        let json = Self.withPlaces(Self.gavarnie)
        let fromFoundation = try JSONDecoder().decode(RouteCatalog.self, from: Data(json.utf8))
        #expect(fromFoundation == (try loadCatalog(json)))
        let withoutPlaces = try JSONDecoder().decode(RouteCatalog.self, from: Data(CatalogJSON.sample.utf8))
        #expect(withoutPlaces.routes[0].places == [])
    }

    static let invalid: [ExpectedFailure] = [
        ExpectedFailure(name: "places not an array", json: withPlaces(#"{"name": "x"}"#), line: 13, column: 17,
                        message: #"route 1 ("cares-gorge"): places: expected an array, found an object"#),
        ExpectedFailure(name: "a place not an object", json: withPlaces(#"["Gavarnie"]"#), line: 13, column: 18,
                        message: #"route 1 ("cares-gorge"): places: place 1: expected an object, found a string"#),
        ExpectedFailure(name: "a place without a name", json: withPlaces(#"[{"name": "a"}, {"kind": "hut"}]"#), line: 13, column: 33,
                        message: #"route 1 ("cares-gorge"): places: place 2: missing field "name""#),
        ExpectedFailure(name: "an empty name", json: withPlaces(#"[{"name": ""}]"#), line: 13, column: 27,
                        message: #"route 1 ("cares-gorge"): places: place 1: name: must not be empty"#),
        ExpectedFailure(name: "a kind that is a number", json: withPlaces(#"[{"name": "a", "kind": 3}]"#), line: 13, column: 40,
                        message: #"route 1 ("cares-gorge"): places: place 1: kind: expected a string, found a number"#),
        ExpectedFailure(name: "names not an object", json: withPlaces(#"[{"name": "a", "names": ["b"]}]"#), line: 13, column: 41,
                        message: #"route 1 ("cares-gorge"): places: place 1: names: expected an object, found an array"#),
        ExpectedFailure(name: "an empty name in a language", json: withPlaces(#"[{"name": "a", "names": {"es": ""}}]"#), line: 13, column: 48,
                        message: #"route 1 ("cares-gorge"): places: place 1: names: "es": must not be empty"#),
        ExpectedFailure(name: "a language twice", json: withPlaces(#"[{"name": "a", "names": {"es": "b", "es": "c"}}]"#), line: 13, column: 53,
                        message: #"route 1 ("cares-gorge"): places: place 1: names: "es": duplicate language"#),
    ]

    @Test(arguments: invalid)
    func reportsPlaceErrors(_ expected: ExpectedFailure) throws {
        let error = try #require(try loadFailure(expected.json))
        #expect(error == CatalogLoadError(file: "routes.json", line: expected.line, column: expected.column, message: expected.message))
    }

    /// The sample data names each route's places; where a place has other languages' names,
    /// the local form is among them.
    @Test func everySampleRouteNamesItsPlaces() throws {
        let url = PackagePaths.root.appendingPathComponent("sample-data/routes.json")
        let catalog = try CatalogLoader.load(contentsOf: url)
        for route in catalog.routes {
            #expect(route.places.count >= 4, "\(route.id)")
            for place in route.places where !place.names.isEmpty {
                #expect(place.names.values.contains(place.name), "\(route.id): \(place.name)")
            }
        }
        let gavarnie = try #require(catalog.routes.first { $0.id == "cirque-gavarnie" })
        #expect(gavarnie.places.contains { $0.name(in: "es") == "Monte Perdido" })
    }
}
