/// How a cell is drawn: attributes plus optional foreground and background colors.
///
/// A nil color means "the terminal's default", which keeps the user's own theme
/// (including transparent backgrounds) instead of forcing black or white.
struct Style: Hashable, Sendable {
    /// The eight basic terminal colors.
    ///
    /// Raw values match the ANSI / curses color numbers (COLOR_BLACK = 0 ... COLOR_WHITE = 7),
    /// so a backend can pass them straight to init_pair or an SGR sequence.
    enum Color: UInt8, Sendable, CaseIterable {
        case black, red, green, yellow, blue, magenta, cyan, white
    }

    var bold = false
    var dim = false
    var underline = false
    var reverse = false
    var foreground: Color? = nil
    var background: Color? = nil
}
