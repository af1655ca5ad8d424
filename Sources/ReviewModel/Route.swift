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
    /// The places along the route whose names translations keep (optional in the data).
    public var places: [Place]
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
        places: [Place] = [],
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
        self.places = places
        self.reviews = reviews
    }

    /// Data written before routes named their places has no `places`: it decodes as none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            name: try container.decode(String.self, forKey: .name),
            country: try container.decode(String.self, forKey: .country),
            region: try container.decode(String.self, forKey: .region),
            lengthKm: try container.decode(Double.self, forKey: .lengthKm),
            ascentM: try container.decode(Int.self, forKey: .ascentM),
            durationHours: try container.decode(Double.self, forKey: .durationHours),
            difficulty: try container.decode(String.self, forKey: .difficulty),
            description: try container.decode(String.self, forKey: .description),
            places: try container.decodeIfPresent([Place].self, forKey: .places) ?? [],
            reviews: try container.decode([Review].self, forKey: .reviews)
        )
    }

    /// Mean rating of all reviews, or `nil` when the route has none.
    public var averageRating: Double? {
        guard !reviews.isEmpty else { return nil }
        // Summing in Double keeps absurd ratings built in code from overflowing.
        let total = reviews.reduce(0.0) { $0 + Double($1.rating) }
        return total / Double(reviews.count)
    }
}
