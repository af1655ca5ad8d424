/// A hiking route with its key figures and the reviews written about it.
public struct Route: Codable, Sendable, Hashable, Identifiable {
    /// Identifier of the route, unique within a catalog (for example `"cares-gorge"`).
    public var id: String
    /// Display name of the route.
    public var name: String
    /// Country the route lies in, as written in the data.
    public var country: String
    /// Region within the country.
    public var region: String
    /// Length of the route in kilometres.
    public var lengthKm: Double
    /// Total ascent in metres.
    public var ascentM: Int
    /// Typical walking time in hours.
    public var durationHours: Double
    /// Difficulty grade as free text (for example `"moderate"`).
    public var difficulty: String
    /// Longer description of the route.
    public var description: String
    /// Reviews of the route, in the order they appear in the data.
    public var reviews: [Review]

    /// Creates a route from its parts without validating them.
    public init(
        id: String,
        name: String,
        country: String,
        region: String,
        lengthKm: Double,
        ascentM: Int,
        durationHours: Double,
        difficulty: String,
        description: String,
        reviews: [Review]
    ) {
        self.id = id
        self.name = name
        self.country = country
        self.region = region
        self.lengthKm = lengthKm
        self.ascentM = ascentM
        self.durationHours = durationHours
        self.difficulty = difficulty
        self.description = description
        self.reviews = reviews
    }

    /// Mean rating of all reviews, or `nil` when the route has none.
    public var averageRating: Double? {
        guard !reviews.isEmpty else { return nil }
        // Summing in Double keeps absurd ratings built in code from overflowing.
        let total = reviews.reduce(0.0) { $0 + Double($1.rating) }
        return total / Double(reviews.count)
    }
}
