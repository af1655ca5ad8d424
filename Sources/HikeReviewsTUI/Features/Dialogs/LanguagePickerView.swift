/// The language picker: a text field over a list of languages with their review counts.
enum LanguagePickerView {
    static func draw(_ picker: LanguagePickerState, in area: Rect, into buffer: inout ScreenBuffer) {
        let matches = picker.matches
        // Measured over every choice, so the box keeps its size while the filter narrows it.
        let columns = Columns(picker.choices)
        let width = min(area.width, max(44, TerminalText.width(picker.title) + 6, columns.widest + 2))
        let height = min(area.height, max(matches.count, 1) + 4)
        let box = area.centered(width: width, height: height)
        buffer.fill(box, style: .dialog)
        buffer.drawBox(box, title: picker.title, style: .dialog)
        let inner = box.inset(by: 1)
        guard !inner.isEmpty else { return }
        let used = buffer.put(" Filter: ", x: inner.x, y: inner.y, style: .dialogTitle)
        let typed = buffer.put(picker.filterText, x: inner.x + used, y: inner.y, style: .dialog, maxWidth: inner.width - used - 1)
        _ = buffer.put("▏", x: inner.x + used + typed, y: inner.y, style: .dialogTitle)
        let listTop = inner.y + 2
        let rows = max(inner.height - 2, 0)
        guard rows > 0 else { return }
        if matches.isEmpty {
            _ = buffer.put(picker.loading ? " looking up languages…" : " no language matches", x: inner.x, y: listTop, style: .dialog, maxWidth: inner.width)
            return
        }
        let scroll = min(max(picker.selected - rows + 1, 0), max(matches.count - rows, 0))
        for row in 0..<rows {
            let index = scroll + row
            guard index < matches.count else { break }
            let choice = matches[index]
            let style: Style = index == picker.selected ? .selected : .dialog
            let code = choice.tag ?? "*"
            let count = choice.note ?? "\(choice.count)"
            // The code is never cut: it is what tells "Catalan (Valencian, ...)" rows apart when
            // their names are cut. Codes are flush right against the counts, so a short code
            // leaves its row's name more room.
            let codeWidth = TerminalText.width(code)
            let nameWidth = max(inner.width - 4 - codeWidth - columns.count, 1)
            let line = " " + TerminalText.pad(choice.name, width: nameWidth) + " " + code + " "
                + String(repeating: " ", count: max(columns.count - TerminalText.width(count), 0)) + count + " "
            _ = buffer.put(line, x: inner.x, y: listTop + row, style: style, maxWidth: inner.width)
        }
    }

    /// Widths shared by every row, so counts line up and the box fits the longest row.
    private struct Columns {
        /// The longest count or note, at least 5.
        var count: Int
        /// A row with its name and code in full.
        var widest: Int

        init(_ choices: [LanguageChoice]) {
            count = max(5, choices.map { TerminalText.width($0.note ?? "\($0.count)") }.max() ?? 0)
            // At least the 6 columns a two-letter code had before codes grew.
            let row = choices.map { TerminalText.width($0.name) + max(TerminalText.width($0.tag ?? "*"), 5) }.max() ?? 0
            widest = 4 + row + count
        }
    }
}
