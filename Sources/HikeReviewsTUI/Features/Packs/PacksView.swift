/// The packs screen: installed, system and available packs with their engine, sizes and directions.
enum PacksView {
    static func draw(_ packs: PacksScreenState, in rect: Rect, into buffer: inout ScreenBuffer) {
        guard !rect.isEmpty else { return }
        let keys = [KeyBindings.hint(.install, "install", in: .packs), KeyBindings.hint(.remove, "delete", in: .packs),
                    KeyBindings.hint(.back, "back", in: .packs)]
        _ = buffer.put(" " + (["Language packs"] + keys).joined(separator: " · "), x: rect.x, y: rect.y, style: .title, maxWidth: rect.width)
        if packs.loading {
            _ = buffer.put(" loading…", x: rect.x, y: rect.y + 2, style: .dim, maxWidth: rect.width)
            return
        }
        // Wide enough for the longest id (Argos's are like translate-de_en), within reason.
        let idWidth = min(max(packs.rows.map { TerminalText.width(TerminalText.sanitize($0.id)) }.max() ?? 0, 9), 24) + 1
        let header = " " + TerminalText.pad("PACK", width: idWidth) + TerminalText.pad("STATUS", width: 11) + TerminalText.pad("ENGINE", width: 10)
            + TerminalText.pad("SIZE", width: 9) + "DIRECTIONS"
        _ = buffer.put(header, x: rect.x, y: rect.y + 1, style: .columnHeader, maxWidth: rect.width)
        let rows = max(rect.height - 3, 0)
        for row in 0..<rows {
            let index = packs.scroll + row
            guard index < packs.rows.count else { break }
            let pack = packs.rows[index]
            let line = " " + TerminalText.pad(TerminalText.truncate(TerminalText.sanitize(pack.id), width: idWidth - 1), width: idWidth)
                + TerminalText.pad(pack.status.rawValue, width: 11) + TerminalText.pad(pack.engine.rawValue, width: 10)
                + TerminalText.pad(pack.size > 0 ? DialogViews.size(pack.size) : (pack.status == .available ? "unknown" : "-"), width: 9)
                + TerminalText.sanitize(pack.directions.joined(separator: " "))
            let style: Style = index == packs.selected ? .selected : (pack.status == .available ? .dim : .plain)
            _ = buffer.put(TerminalText.pad(line, width: rect.width), x: rect.x, y: rect.y + 2 + row, style: style, maxWidth: rect.width)
        }
        if packs.rows.isEmpty {
            _ = buffer.put(" no packs: none installed and no repository", x: rect.x, y: rect.y + 2, style: .dim, maxWidth: rect.width)
        }
        if let message = packs.message {
            _ = buffer.put(" " + TerminalText.sanitize(message), x: rect.x, y: rect.y + rect.height - 1, style: .accent, maxWidth: rect.width)
        }
    }
}
