/// One choice of the language picker.
struct LanguageChoice: Hashable, Sendable {
    /// A BCP 47 tag, or nil for "All".
    var tag: String?
    var name: String
    var count: Int
    /// Shown instead of the count (a target's availability: installed, supported).
    var note: String? = nil
}

/// What a language picker chooses.
enum PickerPurpose: Hashable, Sendable {
    /// The route detail's review filter.
    case filter
    /// The route screen's target language.
    case target
    /// The overlay's target language.
    case overlayTarget
    /// The language of reviews that could not be identified.
    case identify(reviewIDs: [String])
}
