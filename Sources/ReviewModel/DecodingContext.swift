/// Which route and review a decoding error belongs to, rendered only when an error is actually reported.
struct DecodingContext {
    /// 1-based number of the route in the `routes` array, or `nil` at the top level.
    var routeNumber: Int?
    var routeID: String?
    /// 1-based number of the review in the route's `reviews` array.
    var reviewNumber: Int?
    var reviewID: String?

    /// The top level of the file, outside any route.
    static let topLevel = DecodingContext()

    /// A context for the review numbered `number` inside this route.
    func review(_ number: Int) -> DecodingContext {
        var context = self
        context.reviewNumber = number
        context.reviewID = nil
        return context
    }

    /// For example `route 3 ("cares-gorge"), review 2 ("r2")`; empty at the top level.
    var description: String {
        var parts: [String] = []
        if let routeNumber {
            parts.append(Self.label("route", routeNumber, routeID))
        }
        if let reviewNumber {
            parts.append(Self.label("review", reviewNumber, reviewID))
        }
        return parts.joined(separator: ", ")
    }

    /// `context: field: text`, leaving out the parts that are absent.
    func message(field: String?, _ text: String) -> String {
        let parts = [description, field ?? ""].filter { !$0.isEmpty } + [text]
        return parts.joined(separator: ": ")
    }

    private static func label(_ noun: String, _ number: Int, _ id: String?) -> String {
        guard let id else { return "\(noun) \(number)" }
        return "\(noun) \(number) (\(DiagnosticText.quoted(id)))"
    }
}
