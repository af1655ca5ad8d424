import ApertiumCodeTable

/// Maps Apertium language codes and mode names to BCP 47 tags.
///
/// Apertium mixes ISO 639-3 (`spa`) and ISO 639-1 (`es`) codes and appends variants after
/// underscores (`_US`, `_valencia`, `_valencia_uni`); the rest of the app speaks BCP 47 only.
/// The table itself is `ApertiumCodeTable`, which `scripts/build-pack-repo` reads too (through
/// the `apertium-codes` tool), so an index and the engine name a mode's direction alike.
public enum ApertiumCode {
    /// The BCP 47 tag for one Apertium code, possibly with variant parts (`spa`, `eng_US`,
    /// `cat_valencia_uni`, `hbs_HR`, `nno_e`); nil when the code is unknown or a part malformed.
    public static func bcp47(_ code: String) -> String? {
        ApertiumCodeTable.bcp47(code)
    }
}
