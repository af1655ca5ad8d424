import CNcurses
import Foundation

/// The one file that talks to curses: it starts and restores the terminal, reads keys
/// and writes only the cells that changed between two frames.
@MainActor
final class CursesBackend: TerminalBackend {
    /// Announces typed keys, window changes and signals; told when the keys were read.
    var watcher: InputWatcher?
    private var previous: ScreenBuffer?
    private var colorPairs: [ColorPairKey: Int16] = [:]
    private var isActive = false

    private struct ColorPairKey: Hashable {
        var foreground: Style.Color?
        var background: Style.Color?
    }

    /// Puts the terminal into curses mode.
    func start() {
        setlocale(LC_ALL, "")
        // Under LANG=C curses would show every accent and CJK character as escape notation;
        // reviews are UTF-8, and nearly every terminal today is too.
        if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        // Esc must answer at once, not after curses waits a second for an escape sequence.
        setenv("ESCDELAY", "25", 0)
        initscr()
        isActive = true
        cbreak()
        noecho()
        nonl()
        keypad(hr_stdscr(), true)
        curs_set(0)
        if has_colors() {
            start_color()
            use_default_colors()
        }
        mousemask(hr_button4_pressed() | hr_button5_pressed(), nil)
        mouseinterval(0)
    }

    /// Restores the terminal; safe to call more than once.
    func stop() {
        guard isActive else { return }
        isActive = false
        endwin()
    }

    /// The terminal's size in cells.
    var size: ScreenSize {
        ScreenSize(width: Int(hr_getmaxx(hr_stdscr())), height: Int(hr_getmaxy(hr_stdscr())))
    }

    /// Takes a key already typed; nil when none is waiting.
    func readKey() -> Action? {
        timeout(0)
        var character: wint_t = 0
        let status = wget_wch(hr_stdscr(), &character)
        if status == ERR { return nil }
        let code = Int32(bitPattern: UInt32(character))
        if status == KEY_CODE_YES {
            return decodeKeyCode(code)
        }
        return decodeCharacter(code)
    }

    func keysRead() {
        watcher?.keysRead()
    }

    private func decodeKeyCode(_ code: Int32) -> Action? {
        switch code {
        case hr_key_resize():
            return .resized(width: size.width, height: size.height)
        case hr_key_mouse():
            var event = MEVENT()
            guard getmouse(&event) == OK else { return nil }
            if event.bstate & hr_button4_pressed() != 0 { return .keyPressed(.wheelUp) }
            let down = hr_button5_pressed()
            if down != 0 && event.bstate & down != 0 { return .keyPressed(.wheelDown) }
            return nil
        case KEY_UP: return .keyPressed(.up)
        case KEY_DOWN: return .keyPressed(.down)
        case KEY_LEFT: return .keyPressed(.left)
        case KEY_RIGHT: return .keyPressed(.right)
        case KEY_PPAGE: return .keyPressed(.pageUp)
        case KEY_NPAGE: return .keyPressed(.pageDown)
        case KEY_HOME: return .keyPressed(.home)
        case KEY_END: return .keyPressed(.end)
        case KEY_ENTER: return .keyPressed(.enter)
        case KEY_BACKSPACE: return .keyPressed(.backspace)
        case KEY_DC: return .keyPressed(.delete)
        default: return nil
        }
    }

    private func decodeCharacter(_ code: Int32) -> Action? {
        switch code {
        case 10, 13: return .keyPressed(.enter)
        case 27: return .keyPressed(.escape)
        case 9: return .keyPressed(.tab)
        case 8, 127: return .keyPressed(.backspace)
        case 1...26: return .keyPressed(.ctrl(Character(Unicode.Scalar(UInt8(code) + 96))))
        default:
            guard code >= 32, let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
            return .keyPressed(.char(Character(scalar)))
        }
    }

    /// The runs of cells that differ from the frame on the terminal (every row after a resize).
    func changes(to buffer: ScreenBuffer) -> [ScreenBuffer.Change] {
        guard let previous, previous.width == buffer.width, previous.height == buffer.height else {
            return (0..<buffer.height).map { y in
                ScreenBuffer.Change(y: y, x: 0, cells: (0..<buffer.width).map { buffer[$0, y] })
            }
        }
        return buffer.changes(from: previous)
    }

    /// Writes changed runs (from `changes(to:)`) and shows them; the buffer becomes the frame on the terminal.
    func write(_ changes: [ScreenBuffer.Change], of buffer: ScreenBuffer) {
        if previous == nil || previous?.width != buffer.width || previous?.height != buffer.height {
            erase()
        }
        write(changes)
        previous = buffer
    }

    private func write(_ changes: [ScreenBuffer.Change]) {
        for change in changes {
            write(change.cells, x: change.x, y: change.y)
        }
        refresh()
    }

    /// Tells curses the terminal's new size (the app handles SIGWINCH); the next frame is
    /// drawn whole.
    func resize(width: Int, height: Int) {
        resizeterm(Int32(height), Int32(width))
        invalidate()
    }

    /// Forgets the last frame, so the next draw repaints everything (after a resize).
    func invalidate() {
        previous = nil
        clearok(hr_stdscr(), true)
    }

    private func write(_ cells: [Cell], x: Int, y: Int) {
        var column = x
        for cell in cells {
            defer { column += 1 }
            // The right half of a wide character is drawn by its left half.
            if cell.width == 0 { continue }
            let attributes = attributes(of: cell.style), pair = colorPair(of: cell.style)
            guard let characters = Self.wideCharacters(of: cell) else {
                // What the C library measures differently from our tables (an emoji newer than
                // its Unicode data) becomes the placeholder, padded to the cell's width.
                for (offset, glyph) in TerminalText.placeholderGlyphs(width: Int(cell.width)).enumerated() {
                    let characters = glyph.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
                    _ = hr_put_wide(Int32(y), Int32(column + offset), characters, attributes, pair)
                }
                continue
            }
            _ = hr_put_wide(Int32(y), Int32(column), characters, attributes, pair)
        }
    }

    /// The cell's glyph as a NUL-terminated wide string, or nil when curses would not keep it
    /// whole in one cell of the cell's width.
    ///
    /// setcchar keeps at most CCHARW_MAX characters and stops at the first spacing one after
    /// the first, and curses advances by wcwidth of the first: a glyph that breaks either rule
    /// would reach the terminal cut, or move every later cell of the row.
    nonisolated static func wideCharacters(of cell: Cell) -> [wchar_t]? {
        let characters = cell.grapheme.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        guard let first = characters.first, characters.count <= Int(hr_ccharw_max()),
              hr_wcwidth(first) == Int32(cell.width),
              characters.dropFirst().allSatisfy({ hr_wcwidth($0) == 0 }),
              characters.last != wchar_t(bitPattern: TerminalText.joiner.value) else {
            return nil
        }
        return characters + [0]
    }

    private func attributes(of style: Style) -> attr_t {
        var attrs = hr_a_normal()
        if style.bold { attrs |= hr_a_bold() }
        if style.dim { attrs |= hr_a_dim() }
        if style.underline { attrs |= hr_a_underline() }
        if style.reverse { attrs |= hr_a_reverse() }
        return attrs
    }

    private func colorPair(of style: Style) -> Int16 {
        guard has_colors(), style.foreground != nil || style.background != nil else { return 0 }
        let key = ColorPairKey(foreground: style.foreground, background: style.background)
        if let pair = colorPairs[key] { return pair }
        let pair = Int16(colorPairs.count + 1)
        guard Int32(pair) < hr_color_pairs() else { return 0 }
        init_pair(pair, Int16(style.foreground.map { Int($0.rawValue) } ?? -1), Int16(style.background.map { Int($0.rawValue) } ?? -1))
        colorPairs[key] = pair
        return pair
    }
}
