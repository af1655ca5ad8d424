import ReviewModel
import TranslationEngine

/// One route's reviews: filter, selection and scroll.
struct RouteDetailState: Hashable, Sendable {
    var routeIndex: Int
    var query = ReviewQuery(language: nil, searchText: "", sort: .newest)
    /// Indices into the route's reviews that pass the query, in display order.
    var visible: [Int] = []
    /// Index into `visible` of the selected review.
    var selected = 0
    /// The first block on screen (0 is the route header, i + 1 is `visible[i]`) and lines of it skipped.
    var top = 0
    var topOffset = 0
    /// What the screen translates, as Apple's translationTask takes it: nil until the first `T`;
    /// then every change to it (`T` invalidates it, `L` sets its target, the language filter its
    /// source, a filter that changes which reviews are shown invalidates it) starts the task.
    var configuration: TranslationSession.Configuration?
}
