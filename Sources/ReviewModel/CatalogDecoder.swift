/// Builds a `RouteCatalog` from a parsed document, reporting each schema problem at the value that causes it.
struct CatalogDecoder {
    let document: JSONDocument

    /// Decodes the whole catalog, stopping at the first problem.
    func decodeCatalog() throws(SourceIssue) -> RouteCatalog {
        let context = DecodingContext.topLevel
        let root = try object(document.root, field: nil, context: context)
        let routeNodes = try array(requiredField("routes", in: root, context: context), field: "routes", context: context)
        var routes: [Route] = []
        routes.reserveCapacity(routeNodes.count)
        var routeNumberByID: [String: Int] = [:]
        for (index, node) in routeNodes.enumerated() {
            let number = index + 1
            let (route, idOffset) = try decodeRoute(node, number: number)
            if let first = routeNumberByID[route.id] {
                let context = DecodingContext(routeNumber: number, routeID: route.id)
                throw SourceIssue(
                    offset: idOffset,
                    message: context.message(field: "id", "duplicate route id; route \(first) already uses it")
                )
            }
            routeNumberByID[route.id] = number
            routes.append(route)
        }
        return RouteCatalog(routes: routes)
    }

    /// Decodes one route and returns it with the offset of its id, for duplicate reports.
    private func decodeRoute(_ node: Int, number: Int) throws(SourceIssue) -> (Route, idOffset: Int) {
        var context = DecodingContext(routeNumber: number)
        let fields = try object(node, field: nil, context: context)
        let (id, idOffset) = try identifier(in: fields, context: context)
        context.routeID = id

        let name = try string("name", in: fields, context: context)
        let country = try string("country", in: fields, context: context)
        let region = try string("region", in: fields, context: context)
        let lengthKm = try nonNegativeDouble("lengthKm", in: fields, context: context)
        let ascentM = try nonNegativeInteger("ascentM", in: fields, context: context)
        let durationHours = try nonNegativeDouble("durationHours", in: fields, context: context)
        let difficulty = try string("difficulty", in: fields, context: context)
        let description = try string("description", in: fields, context: context)
        let places = try places(in: fields, context: context)
        let reviewNodes = try array(requiredField("reviews", in: fields, context: context), field: "reviews", context: context)

        var reviews: [Review] = []
        reviews.reserveCapacity(reviewNodes.count)
        var reviewNumberByID: [String: Int] = [:]
        for (index, reviewNode) in reviewNodes.enumerated() {
            let reviewNumber = index + 1
            var reviewContext = context.review(reviewNumber)
            let (review, reviewIDOffset) = try decodeReview(reviewNode, context: reviewContext)
            if let first = reviewNumberByID[review.id] {
                reviewContext.reviewID = review.id
                throw SourceIssue(
                    offset: reviewIDOffset,
                    message: reviewContext.message(field: "id", "duplicate review id; review \(first) of this route already uses it")
                )
            }
            reviewNumberByID[review.id] = reviewNumber
            reviews.append(review)
        }

        let route = Route(
            id: id,
            name: name,
            country: country,
            region: region,
            lengthKm: lengthKm,
            ascentM: ascentM,
            durationHours: durationHours,
            difficulty: difficulty,
            description: description,
            places: places,
            reviews: reviews
        )
        return (route, idOffset)
    }

    /// Decodes one review and returns it with the offset of its id.
    private func decodeReview(_ node: Int, context: DecodingContext) throws(SourceIssue) -> (Review, idOffset: Int) {
        var context = context
        let fields = try object(node, field: nil, context: context)
        let (id, idOffset) = try identifier(in: fields, context: context)
        context.reviewID = id
        let author = try string("author", in: fields, context: context)
        let date = try calendarDate("date", in: fields, context: context)
        let rating = try rating("rating", in: fields, context: context)
        let text = try string("text", in: fields, context: context)
        return (Review(id: id, author: author, date: date, rating: rating, text: text), idOffset)
    }
}
