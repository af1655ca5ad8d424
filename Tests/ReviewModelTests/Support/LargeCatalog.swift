import ReviewModel

/// Generates big catalogs with varied multilingual reviews for size and speed tests.
enum LargeCatalog {
    private static let authors = ["Ana García", "Åse Nordmann", "Jürgen Groß", "Chloé Dubois", "Sam O'Neil"]

    /// A catalog of `routes` routes with `reviewsPerRoute` reviews each, roughly 250 bytes of JSON per review.
    static func make(routes: Int, reviewsPerRoute: Int) -> RouteCatalog {
        let routeList = (0..<routes).map { routeIndex in
            Route(
                id: "route-\(routeIndex)",
                name: "Route \(routeIndex)",
                country: ["ES", "NO", "DE", "FR"][routeIndex % 4],
                region: "Region \(routeIndex % 7)",
                lengthKm: Double(routeIndex % 30) + 0.5,
                ascentM: routeIndex * 13 % 2_000,
                durationHours: Double(routeIndex % 9) + 1.25,
                difficulty: ["easy", "moderate", "hard"][routeIndex % 3],
                description: "Generated route number \(routeIndex).",
                reviews: (0..<reviewsPerRoute).map { review(route: routeIndex, number: $0) }
            )
        }
        return RouteCatalog(routes: routeList)
    }

    private static func review(route: Int, number: Int) -> Review {
        // Day 28 at most, so every generated date exists.
        let day = number % 28 + 1
        let text: String
        switch number % 4 {
        case 0:
            text = "Sendero precioso junto al río, muy recomendable. Día \(number): el camino está bien señalizado y las vistas son increíbles. ¡Volveremos!"
        case 1:
            text = "Fin tur med flott utsikt over fjorden. Dag \(number): stien er bratt og steinete, men det er verdt det. Ta med nok vann og mat, og gode sko."
        case 2:
            text = "Wunderschöne Wanderung durch den Wald. Tag \(number): der Weg ist gut markiert und die Aussicht über das Tal ist großartig. 🏔️ Sehr empfehlenswert!"
        default:
            text = "A great walk with a \"steep\" finish.\nDay \(number): the trail is well marked and the views from the ridge are stunning. Bring water\\snacks."
        }
        return Review(
            id: "r\(number)",
            author: authors[(route + number) % authors.count],
            date: "20\(10 + number % 15)-\(twoDigits(number % 12 + 1))-\(twoDigits(day))",
            rating: number % 5 + 1,
            text: text
        )
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
