/// One hiker's review of a route.
public struct Review: Codable, Sendable, Hashable, Identifiable {
    /// Identifier of the review; the loader requires it to be unique within its route.
    public var id: String
    /// Display name of the reviewer.
    public var author: String
    /// Day the review was written, as `YYYY-MM-DD`.
    ///
    /// Kept as text rather than `Date`: it has no time or time zone, and the fixed
    /// format already sorts chronologically as a string.
    public var date: String
    /// Star rating; the loader accepts only 1 through 5.
    public var rating: Int
    /// The review itself, in whatever language the reviewer wrote it.
    public var text: String

    /// Creates a review from its parts without validating them.
    public init(id: String, author: String, date: String, rating: Int, text: String) {
        self.id = id
        self.author = author
        self.date = date
        self.rating = rating
        self.text = text
    }
}
