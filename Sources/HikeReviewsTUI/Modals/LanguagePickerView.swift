/// The language picker: a text field over a list of languages with their review counts.
enum LanguagePickerView {
    static func draw(_ picker: LanguagePickerState, in area: Rect, into buffer: inout ScreenBuffer) {
        let matches = picker.matches
        let width = min(area.width, max(44, TerminalText.width(picker.title) + 6))
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
            _ = buffer.put(" no language matches", x: inner.x, y: listTop, style: .dialog, maxWidth: inner.width)
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
            let nameWidth = max(inner.width - 9 - max(count.count, 5), 1)
            let line = " " + TerminalText.pad(TerminalText.truncate(choice.name, width: nameWidth), width: nameWidth)
                + " " + TerminalText.pad(code, width: 6) + String(repeating: " ", count: max(5 - count.count, 0)) + count + " "
            _ = buffer.put(line, x: inner.x, y: listTop + row, style: style, maxWidth: inner.width)
        }
    }
}
