import ReviewModel

/// How many reviews of each route are in each detected language, kept up to date batch by
/// batch as detection reports, so a batch costs its own size and not the catalog's.
///
/// It is derived from the routes and the detected languages, so it takes no part in equality.
struct RouteLanguageCounts: Equatable, Sendable {
    /// Per route: tag -> reviews in it.
    private var counts: [[String: Int]]
    /// Where a review id appears: route and position in it (ids may repeat across routes).
    private struct Place: Sendable {
        var route: Int
        var review: Int
    }

    private let places: [String: [Place]]

    init(routes: [Route]) {
        counts = Array(repeating: [:], count: routes.count)
        var places: [String: [Place]] = [:]
        places.reserveCapacity(routes.reduce(0) { $0 + $1.reviews.count })
        for (index, route) in routes.enumerated() {
            for (position, review) in route.reviews.enumerated() {
                places[review.id, default: []].append(Place(route: index, review: position))
            }
        }
        self.places = places
    }

    /// Counts the tags of `found` (review id -> tag), where `previous` held the tags before
    /// (a review detected again moves from its old tag to its new one); returns the routes
    /// whose counts changed.
    mutating func record(_ found: [String: String], previous: [String: String]) -> Set<Int> {
        var changed: Set<Int> = []
        for (id, tag) in found {
            let old = previous[id]
            guard old != tag, let places = places[id] else { continue }
            for route in places.map(\.route) {
                if let old {
                    counts[route][old, default: 0] -= 1
                    if counts[route][old] == 0 { counts[route][old] = nil }
                }
                counts[route][tag, default: 0] += 1
                changed.insert(route)
            }
        }
        return changed
    }

    /// Whether the review with `id` is on `route`.
    func contains(_ id: String, route: Int) -> Bool {
        places[id]?.contains { $0.route == route } == true
    }

    /// The positions on `route` of the reviews with these ids.
    func positions(of ids: some Sequence<String>, route: Int) -> [Int] {
        ids.flatMap { places[$0, default: []].filter { $0.route == route }.map(\.review) }
    }

    /// The route's languages with their counts, most common first and then by tag (as
    /// `languageCounts(of:languages:)` gives them).
    func counts(ofRoute route: Int) -> [(tag: String, count: Int)] {
        counts[route].map { (tag: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.tag < $1.tag }
    }

    static func == (lhs: RouteLanguageCounts, rhs: RouteLanguageCounts) -> Bool { true }
}
