import Foundation

/// The language picker: every language of the route's reviews, narrowed by what the user types.
struct LanguagePickerState: Hashable, Sendable {
    var choices: [LanguageChoice]
    var purpose: PickerPurpose = .filter
    var title = "Language"
    var filterText = ""
    var selected = 0
    /// Open before its choices are known (a target picker waits for the packs' languages):
    /// keys typed meanwhile filter it, and the choices fill it in when they come.
    var loading = false

    /// A target picker opened by its key, its choices to follow.
    static func awaitingChoices(purpose: PickerPurpose) -> LanguagePickerState {
        LanguagePickerState(choices: [], purpose: purpose, title: "Translate into", loading: true)
    }

    /// The choices whose name or code contains the typed text; "All" always stays.
    var matches: [LanguageChoice] {
        let needle = filterText.trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { return choices }
        return choices.filter { choice in
            guard let tag = choice.tag else { return true }
            return choice.name.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
                || tag.range(of: needle, options: .caseInsensitive) != nil
        }
    }

    /// After typing: the first match rather than "All", so Enter applies what was typed.
    mutating func selectTypedMatch() {
        selected = filterText.isEmpty || matches.count < 2 ? 0 : 1
    }
}

/// What a text field is for.
enum TextInputPurpose: Hashable, Sendable {
    case searchRoutes
    case searchReviews
}

/// A one-line text field at the bottom of the screen.
struct TextInputState: Hashable, Sendable {
    var purpose: TextInputPurpose
    var text: String
}
