/// How many of `reviews` were detected in each language, most common first and then by tag.
///
/// Reviews not in `languages` yet are not counted; `"und"` is counted like any other tag.
public func languageCounts(of reviews: [Review], languages: [String: String]) -> [(tag: String, count: Int)] {
    var counts: [String: Int] = [:]
    for review in reviews {
        if let tag = languages[review.id] {
            counts[tag, default: 0] += 1
        }
    }
    return counts
        .map { (tag: $0.key, count: $0.value) }
        .sorted { $0.count != $1.count ? $0.count > $1.count : $0.tag < $1.tag }
}
