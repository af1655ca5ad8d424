/// The help modal: the keybinding table's lines for its context, from its scroll position.
enum HelpView {
    static func draw(_ help: HelpState, in area: Rect, into buffer: inout ScreenBuffer) {
        let lines = KeyBindings.helpLines(for: help.context)
        let width = min(area.width, max(50, lines.map(TerminalText.width).max() ?? 0) + 4)
        let height = min(area.height, lines.count + 2)
        let box = area.centered(width: width, height: height)
        buffer.fill(box, style: .dialog)
        buffer.drawBox(box, title: "Help", style: .dialog)
        let inner = box.inset(by: 1)
        for row in 0..<inner.height {
            let index = help.scroll + row
            guard index < lines.count else { break }
            _ = buffer.put(lines[index], x: inner.x + 1, y: inner.y + row, style: index == 0 ? .dialogTitle : .dialog, maxWidth: inner.width - 1)
        }
    }
}
