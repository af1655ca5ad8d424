import Foundation
import ReviewModel
import TestSupport

/// One route with many reviews, made by combining sentence pieces written for these tests
/// (several languages, one per review), for the tests of issue 19's "big data" item.
///
/// Every review is dated 2001 or later but the last one, dated 1999, whose text is `oldestText`:
/// newest first (the route screen's order), it is the review `G` must show.
enum BigRoute {
    /// Openings, middles and endings per language: a review takes one of each, all in one language.
    private static let pieces: [[[String]]] = [
        [["The path climbs steadily above the village.", "We started before sunrise and had the ridge to ourselves.",
          "Parking was easy on a weekday morning."],
         ["The markings are clear except near the old quarry.", "Bring more water than you think, there is no spring.",
          "The last kilometre is loose gravel and slow going."],
         ["Worth every step.", "We will come back in autumn.", "Good boots are a must."]],
        [["El sendero sube sin descanso desde el pueblo.", "Salimos antes del amanecer y no vimos a nadie.",
          "Aparcar fue fácil un martes por la mañana."],
         ["Las marcas se ven bien salvo cerca de la cantera.", "Lleva agua de sobra, no hay ninguna fuente.",
          "El último tramo es de grava suelta y cuesta avanzar."],
         ["Merece mucho la pena.", "Volveremos en otoño con los niños.", "Hacen falta unas buenas botas."]],
        [["Le sentier monte sans répit au-dessus du village.", "Nous sommes partis avant l'aube et la crête était déserte.",
          "Se garer était facile un mardi matin."],
         ["Le balisage est clair sauf près de l'ancienne carrière.", "Prenez plus d'eau que prévu, il n'y a aucune source.",
          "Le dernier kilomètre est fait de cailloux qui roulent."],
         ["Cela vaut vraiment le détour.", "Nous reviendrons à l'automne.", "De bonnes chaussures sont indispensables."]],
        [["Der Weg steigt vom Dorf aus stetig an.", "Wir sind vor Sonnenaufgang los und hatten den Grat für uns.",
          "Parken war an einem Werktag kein Problem."],
         ["Die Markierungen sind gut, nur beim alten Steinbruch nicht.", "Nehmt mehr Wasser mit, es gibt keine Quelle.",
          "Der letzte Kilometer ist loser Schotter und mühsam."],
         ["Jeder Schritt hat sich gelohnt.", "Im Herbst kommen wir wieder.", "Gute Schuhe sind Pflicht."]],
        [["Il sentiero sale senza sosta sopra il paese.", "Siamo partiti prima dell'alba e la cresta era tutta nostra.",
          "Parcheggiare è stato facile di martedì mattina."],
         ["I segnavia sono chiari tranne vicino alla vecchia cava.", "Portate più acqua del previsto, non ci sono fonti.",
          "L'ultimo chilometro è di ghiaia e si procede piano."],
         ["Ne vale assolutamente la pena.", "Torneremo in autunno.", "Servono scarponi buoni."]],
    ]

    /// The language of each entry of `pieces`.
    private static let tags = ["en", "es", "fr", "de", "it"]

    static let oldestText = "The very first review of this route, from the last century, now at the end of the list."

    /// The route's reviews, `count - 1` combined ones then the oldest, and the language each
    /// was written in (review id -> tag), as detection would report it.
    static func reviews(_ count: Int) -> (reviews: [Review], languages: [String: String]) {
        var random = SplitMix64(seed: 19)
        var reviews: [Review] = []
        var languages: [String: String] = [:]
        reviews.reserveCapacity(count)
        for index in 0..<max(count - 1, 0) {
            let which = Int(random.next() % UInt64(pieces.count))
            let language = pieces[which]
            languages["big-\(index)"] = tags[which]
            let text = language.map { $0[Int(random.next() % UInt64($0.count))] }.joined(separator: " ")
            let date = String(format: "%04d-%02d-%02d", 2001 + Int(random.next() % 25), 1 + Int(random.next() % 12), 1 + Int(random.next() % 28))
            reviews.append(Review(id: "big-\(index)", author: "Hiker \(index % 97)", date: date, rating: 1 + Int(random.next() % 5), text: text))
        }
        reviews.append(Review(id: "big-oldest", author: "First Hiker", date: "1999-06-01", rating: 5, text: oldestText))
        languages["big-oldest"] = "en"
        return (reviews, languages)
    }

    static func route(_ count: Int) -> Route {
        route(reviews(count).reviews)
    }

    static func route(_ reviews: [Review]) -> Route {
        Route(id: "big", name: "The Long Ridge", country: "Spain", region: "Test Range", lengthKm: 12.5, ascentM: 640,
              durationHours: 4.5, difficulty: "moderate", description: "A ridge walk with a great many reviews.", reviews: reviews)
    }

    /// Writes a routes.json with the one route under `Scratch.root` and returns it (the caller removes it).
    static func file(_ count: Int) throws -> URL {
        struct Catalog: Encodable { var routes: [Route] }
        let url = Scratch.root.appendingPathComponent("big-route-\(count)-\(UUID().uuidString).json")
        try JSONEncoder().encode(Catalog(routes: [route(count)])).write(to: url)
        return url
    }
}
