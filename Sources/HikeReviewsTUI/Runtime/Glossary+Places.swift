import ReviewModel
import TranslationEngine

extension Glossary {
    /// A route's places as kept terms: every spelling the data gives a place is kept as written,
    /// or becomes the place's own name in the target's language where the data has one
    /// ("Monte Perdido" stays "Monte Perdido" into English, and is "Mont Perdu" into French).
    init(keeping places: [Place]) {
        self.init(terms: places.flatMap { place in
            place.spellings.map { Glossary.Term($0, translations: place.names) }
        })
    }
}

extension EffectRunner {
    /// What a route's translations keep: its places, then the user's glossary (whose forced
    /// translation wins for a term both name); nil when neither has a term, so the engine's
    /// own (the user's) applies.
    nonisolated func keeping(_ places: [Place]) -> Glossary? {
        guard !places.isEmpty else { return nil }
        let routes = Glossary(keeping: places)
        guard let user = engine.environment.glossary else { return routes }
        return routes.merged(with: user)
    }
}
