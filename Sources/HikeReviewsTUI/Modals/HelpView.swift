/// The help modal, generated from the keybinding table.
enum HelpView {
    /// The help text of a context: its own keys first, then what works everywhere.
    static func lines(for context: KeyContext) -> [String] {
        var lines = ["\(context.rawValue) keys", ""]
        for binding in KeyBindings.bindings(in: context) {
            let keys = binding.keys.map(\.label).joined(separator: ", ")
            lines.append(TerminalText.pad(keys, width: 22) + " " + binding.help)
        }
        lines.append("")
        let quit = KeyBindings.key(for: .quit, in: .routeList)?.label ?? "q"
        let interrupt = KeyBindings.key(for: .quit, in: .progress)?.label ?? "Ctrl-C"
        lines.append("\(quit) quits from any screen; \(interrupt) from anywhere.")
        return lines
    }

    static func lineCount(for context: KeyContext) -> Int {
        lines(for: context).count
    }

    static func draw(_ help: HelpState, in area: Rect, into buffer: inout ScreenBuffer) {
        let lines = lines(for: help.context)
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
