extension Command {
    /// Where a movement command takes a cursor over positions 0...last, or nil when `command`
    /// is not a movement. The result is not clamped: callers clamp to what they show.
    static func move(_ command: Command, from position: Int, last: Int, page: Int) -> Int? {
        switch command {
        case .moveDown: return position + 1
        case .moveUp: return position - 1
        case .pageDown: return position + page
        case .pageUp: return position - page
        case .moveToTop: return 0
        case .moveToBottom: return last
        default: return nil
        }
    }
}
