/// A key or mouse event, decoded from the terminal into a value the reducer can match.
enum Key: Hashable, Sendable {
    case char(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab, delete
    case wheelUp, wheelDown
    case ctrl(Character)

    /// How the key is written in help texts and in docs/USAGE.md's key table.
    var label: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .tab: return "Tab"
        case .delete: return "Del"
        case .wheelUp: return "wheel up"
        case .wheelDown: return "wheel down"
        case .ctrl(let c): return "Ctrl-\(c.uppercased())"
        }
    }
}
