import ReviewModel
import TranslationEngine

/// Everything the app shows, as one value: the reducer changes it, renderers read it.
struct AppState: Equatable, Sendable {
    var routes: [Route]
    /// Detected language of each review, by review id; filled in as detection finishes.
    var languages: [String: String] = [:]
    var detection = DetectionProgress()
    /// The detected languages of each route's reviews, most frequent first (kept with `languages`).
    var routeLanguageTags: [[String]] = []
    /// What `routeLanguageTags` are counted from, kept batch by batch.
    var routeLanguageCounts: RouteLanguageCounts
    var size: ScreenSize
    /// The features the app composes: each owns its state, its reducer and its view.
    var routeList = RouteListState()
    /// Screens above the route list (the list is always at the bottom of the stack).
    var screens: [Screen] = []
    /// Dialogs above the screens (the last one gets keys first) and the downloads they follow.
    var dialogs = DialogStack()
    /// The target language and the inline translations shown.
    var translation: TranslationState
    /// A line the status bar shows instead of the key hints until the next key (a repository
    /// that does not answer).
    var statusMessage: String?
    /// Repositories already said to be unreachable in this run: each is said once.
    var announcedOutages: Set<String> = []
    /// Packs wanted from a repository that did not answer: not offered for download.
    var unreachablePacks: Set<String> = []
    var shouldQuit = false
    /// Set by a step of the `reduce` under way that changed the route screen's block heights:
    /// the selection is revealed once, on the way out, with the heights as they are then.
    var revealsSelection = false

    init(routes: [Route], size: ScreenSize, targetLanguage: String = "en") {
        self.routes = routes
        self.size = size
        translation = TranslationState(target: targetLanguage)
        routeList.visible = Array(routes.indices)
        routeLanguageTags = Array(repeating: [], count: routes.count)
        routeLanguageCounts = RouteLanguageCounts(routes: routes)
        detection.total = routes.reduce(0) { $0 + $1.reviews.count }
    }

    /// The smallest terminal the app draws in; below it the screen says so.
    static let minimumSize = ScreenSize(width: 20, height: 6)

    var isTooSmall: Bool {
        size.width < Self.minimumSize.width || size.height < Self.minimumSize.height
    }

    /// The context that receives keys: the top modal, else the top screen.
    var keyContext: KeyContext {
        if let modal = dialogs.modals.last { return modal.keyContext }
        switch screens.last {
        case .routeDetail: return .routeDetail
        case .packs: return .packs
        case nil: return .routeList
        }
    }
}

/// How far language detection has got.
struct DetectionProgress: Hashable, Sendable {
    var done = 0
    var total = 0
    var isFinished: Bool { done >= total }
}

/// A screen on the stack.
enum Screen: Equatable, Sendable {
    case routeDetail(RouteDetailState)
    case packs(PacksScreenState)
}
