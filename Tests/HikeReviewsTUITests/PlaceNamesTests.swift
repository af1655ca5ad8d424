import Foundation
@testable import HikeReviewsTUI
import ReviewModel
import Testing
import TestSupport
import TranslationEngine

/// A route's places as the terms its translations keep (issue 32): every spelling kept as
/// written, or the place's own name in the target's language.
@Suite(.tags(.fast)) struct PlaceNamesTests {
    static let perdido = Place(name: "Mont Perdu", kind: "peak", names: ["fr": "Mont Perdu", "es": "Monte Perdido", "ca": "Mont Perdut"])
    static let goriz = Place(name: "Refuge de Góriz", kind: "hut", names: ["fr": "Refuge de Góriz", "es": "Refugio de Góriz"])

    static func marked(_ text: String, into target: String, _ places: [Place]) -> [SpannedText.Segment] {
        Glossary(keeping: places).marking(SpannedText(text: text), into: target).segments
    }

    @Test func aPlaceIsKeptAsWrittenWhereTheTargetHasNoNameOfItsOwn() {
        let segments = Self.marked("Subimos al Monte Perdido desde el Refugio de Góriz.", into: "en", [Self.perdido, Self.goriz])
        #expect(segments == [.text("Subimos al "), .kept("Monte Perdido"), .text(" desde el "), .kept("Refugio de Góriz"), .text(".")])
    }

    @Test func aPlaceBecomesItsNameInTheTargetsLanguage() {
        #expect(Self.marked("Le Mont Perdu, enfin.", into: "es", [Self.perdido]) == [.text("Le "), .kept("Monte Perdido"), .text(", enfin.")])
        #expect(Self.marked("Pujàrem al Mont Perdut", into: "fr-CA", [Self.perdido]) == [.text("Pujàrem al "), .kept("Mont Perdu")])
    }

    @Test func wordsInsideOtherWordsAndOtherCasesAreNotPlaces() {
        let alan = Place(name: "Alan", kind: "pass")
        #expect(Self.marked("Alana and alan walked to Alan.", into: "en", [alan]) == [.text("Alana and alan walked to "), .kept("Alan"), .text(".")])
    }

    /// The user's glossary comes after the route's places: its forced translation wins.
    @Test func theUsersGlossaryWinsOverTheRoutesNames() {
        let user = Glossary(terms: [Glossary.Term("Monte Perdido", translations: ["en": "Monte Perdido (3,355 m)"])])
        let merged = Glossary(keeping: [Self.perdido]).merged(with: user)
        #expect(merged.marking(SpannedText(text: "al Monte Perdido"), into: "en").segments == [.text("al "), .kept("Monte Perdido (3,355 m)")])
    }

    @Test func everySampleRoutesPlacesMakeTerms() throws {
        let catalog = try CatalogLoader.load(contentsOf: PackagePaths.root.appendingPathComponent("sample-data/routes.json"))
        for route in catalog.routes {
            let glossary = Glossary(keeping: route.places)
            #expect(glossary.terms.count >= route.places.count, "\(route.id)")
        }
    }
}
