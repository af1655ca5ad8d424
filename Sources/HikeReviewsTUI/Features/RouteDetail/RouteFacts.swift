import Foundation
import ReviewModel

/// Short texts about a route, shared by the list and the detail.
enum RouteFacts {
    /// "★★★★☆" for a rating of 4 (clamped to 0...5).
    static func stars(_ rating: Int) -> String {
        let filled = min(max(rating, 0), 5)
        return String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled)
    }

    static func kilometres(_ km: Double) -> String {
        km < 100 ? String(format: "%.1f km", km) : String(format: "%.0f km", km)
    }

    static func rating(of route: Route) -> String {
        guard let average = route.averageRating else { return "–" }
        return String(format: "★%.1f", average)
    }

    /// "Spain · Asturias · 22.0 km · ↑850 m · 6.5 h · moderate · ★4.2 (18 reviews)".
    static func summary(of route: Route) -> String {
        let parts = [
            route.country,
            route.region,
            kilometres(route.lengthKm),
            "↑\(route.ascentM) m",
            String(format: "%.1f h", route.durationHours),
            route.difficulty,
            "\(rating(of: route)) (\(route.reviews.count) reviews)",
        ]
        return parts.filter { !$0.isEmpty }.joined(separator: " · ")
    }
}
