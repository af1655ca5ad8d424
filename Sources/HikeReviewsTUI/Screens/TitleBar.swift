/// The title bar: where the user is on the left, what is under way on the right.
struct TitleBar: Equatable {
    /// " HikeReviews › Cares Gorge".
    var location: String
    /// Language detection's progress or a notice; empty when there is none.
    var activity = ""

    /// Draws the bar; the location is cut to leave room for the activity.
    func draw(in rect: Rect, into buffer: inout ScreenBuffer) {
        buffer.fill(rect, style: .titleBar)
        let right = activity.isEmpty ? "" : TerminalText.sanitize(activity) + " "
        let rightWidth = TerminalText.width(right)
        let room = max(rect.width - rightWidth - 1, 0)
        _ = buffer.put(TerminalText.truncate(location, width: room), x: rect.x, y: rect.y, style: .titleBar)
        if rightWidth < rect.width {
            _ = buffer.put(right, x: rect.x + rect.width - rightWidth, y: rect.y, style: .titleBar)
        }
    }
}
