extension Style {
    /// Default terminal text.
    static let plain = Style()

    /// Headings and box titles.
    static let title = Style(bold: true)

    /// The highlighted row of a list; reverse video works on every terminal and theme.
    static let selected = Style(reverse: true)

    /// Secondary information such as dates and hints.
    static let dim = Style(dim: true)

    /// Something to draw the eye to, such as ratings or key bindings.
    static let accent = Style(bold: true, foreground: .cyan)

    /// Error and warning messages.
    static let error = Style(bold: true, foreground: .red)
}

extension Style {
    /// Author names.
    static let bold = Style(bold: true)

    /// A review's detected-language tag.
    static let tag = Style(foreground: .yellow)

    /// The bar at the top with the app's name and where the user is.
    static let titleBar = Style(bold: true, reverse: true)

    /// The bar at the bottom with key hints.
    static let statusBar = Style(reverse: true)

    /// Column titles of a table.
    static let columnHeader = Style(bold: true, underline: true)

    /// The bar beside the selected review.
    static let marker = Style(bold: true, foreground: .cyan)

    /// Dialog background and text.
    static let dialog = Style()

    /// A dialog's heading.
    static let dialogTitle = Style(bold: true)

    /// A word the translation engine did not know (left as it was).
    static let unknownWord = Style(underline: true)

    /// A dialog's default button.
    static let button = Style(bold: true, reverse: true)
}
