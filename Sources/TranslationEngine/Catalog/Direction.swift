/// One translation direction a pack provides, in BCP 47 terms: an Apertium mode, or a
/// neural model (whose `mode` is its pack id, e.g. `translate-de_en`).
public struct Direction: Hashable, Sendable {
    /// Source language tag, e.g. `es`.
    public var source: String
    /// Target tag, possibly with a region or variant, e.g. `en-US`.
    public var target: String
    /// Apertium mode name without `.mode`, e.g. `spa-eng_US`.
    public var mode: String
    /// Id of the pack that ships the mode, e.g. `eng-spa`.
    public var pack: String
    /// The engine that runs it.
    public var engine: PackEngine

    /// Creates a direction.
    public init(source: String, target: String, mode: String, pack: String, engine: PackEngine = .apertium) {
        // Tags from an index in any case (`pt-br`) name the same language as the user's.
        self.source = LanguageTag.canonical(source)
        self.target = LanguageTag.canonical(target)
        self.mode = mode
        self.pack = pack
        self.engine = engine
    }
}
