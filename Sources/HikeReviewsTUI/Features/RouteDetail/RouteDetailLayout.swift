import ReviewModel

/// Lays out the route detail as blocks of lines: block 0 is the route header, block i + 1 the i-th visible review.
///
/// A model, not a view: the reducer measures and scrolls over these lines and the renderer
/// draws them; their words, styles and key names are made by `RouteDetailText`, beside it. Each
/// block's lines depend on its `LaidOutBlocks.Inputs` alone, and are kept in `LaidOutBlocks` with them,
/// so a block is laid out once per change (a translation arriving, a resize), by whoever needs
/// it first, normally the reducer. Only the blocks near the viewport are laid out, which keeps
/// a key press cheap on routes with many reviews.
struct RouteDetailLayout {
    var route: Route
    var routeIndex: Int
    /// Indices into the route's reviews that pass the query, in display order.
    var visible: [Int]
    var query: ReviewQuery
    var languages: [String: String]
    /// Columns available to the text.
    var width: Int
    var translations = ShownTranslations()
    var showingOriginal: Set<String> = []
    var originalsOnly = false
    var overrides: [String: String] = [:]

    var blockCount: Int { visible.count + 1 }

    /// Lines longer than this are hard to follow on a wide terminal.
    static let readableTextWidth = 100

    /// Where `block` is kept: the review it shows (nil for the header) on this route.
    func key(ofBlock block: Int) -> LaidOutBlocks.Key {
        LaidOutBlocks.Key(route: routeIndex, review: block == 0 ? nil : visible[block - 1])
    }

    /// Everything the lines of `block` are made from.
    func inputs(ofBlock block: Int) -> LaidOutBlocks.Inputs {
        let width = max(1, self.width)
        guard block > 0 else { return .header(width: width, shown: visible.count, query: query) }
        let id = route.reviews[visible[block - 1]].id
        let shown = originalsOnly || showingOriginal.contains(id) ? nil : translations[id]
        return .review(width: width, tag: overrides[id] ?? languages[id], translation: shown)
    }

    /// The lines of `block` laid out from its `inputs` (what `LaidOutBlocks.lines(ofBlock:of:)`
    /// keeps; nothing else lays a block out).
    func lines(ofBlock block: Int, from inputs: LaidOutBlocks.Inputs) -> [StyledLine] {
        switch inputs {
        case .header(let width, let shown, let query):
            RouteDetailText.headerLines(of: route, width: width, shown: shown, query: query)
        case .review(let width, let tag, let translation):
            RouteDetailText.reviewLines(route.reviews[visible[block - 1]], width: width, tag: tag, translation: translation)
        }
    }
}
