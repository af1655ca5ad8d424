/// How texts are cut before they reach a pipeline's stages.
public struct TextLimits: Sendable, Equatable {
    /// A text longer than this (UTF-8 bytes) is cut into pieces at sentence ends or spaces.
    public var maxPieceBytes: Int
    /// A token (a run without whitespace) longer than this is kept untranslated: Apertium's
    /// analysis is roughly quadratic in token length (100k characters take seconds).
    public var maxTokenCharacters: Int
    /// Pieces of one text written ahead of their answers.
    public var piecesInFlight: Int

    public init(maxPieceBytes: Int, maxTokenCharacters: Int, piecesInFlight: Int) {
        self.maxPieceBytes = maxPieceBytes
        self.maxTokenCharacters = maxTokenCharacters
        self.piecesInFlight = piecesInFlight
    }

    /// Pieces of 8 KB, tokens up to 1,000 characters, 8 pieces in flight.
    public static let standard = TextLimits(maxPieceBytes: 8 * 1024, maxTokenCharacters: 1_000, piecesInFlight: 8)
}
