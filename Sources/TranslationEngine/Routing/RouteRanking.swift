/// Which engine a route leans to where the planner has a choice between routes of equal rank:
/// Apple's translation strategies as the planner sees them (`TranslationSession.Strategy`).
///
/// It never narrows the choice (that is `EnginePreference`): a route of the other engine is
/// still taken when it is the only one, as Apple's strategy falls back to the other models.
public enum RouteRanking: String, Sendable, Hashable, CaseIterable {
    /// More neural legs first: the more fluent models (`highFidelity`, and the default).
    case neuralFirst
    /// More Apertium legs first: pipelines that answer within milliseconds once warm and need
    /// far less memory (`lowLatency`).
    case apertiumFirst

    /// How many of `legs` run on the engine this ranking prefers.
    func preferredLegs(of legs: [Direction]) -> Int {
        let preferred: PackEngine = self == .neuralFirst ? .neural : .apertium
        return legs.filter { $0.engine == preferred }.count
    }
}
