/// A line of styled text segments, as the route detail lays it out.
struct StyledLine: Equatable, Sendable {
    var segments: [(text: String, style: Style)]

    init(_ segments: [(text: String, style: Style)]) {
        self.segments = segments
    }

    init(_ text: String, style: Style = .plain) {
        segments = [(text, style)]
    }

    static func == (lhs: StyledLine, rhs: StyledLine) -> Bool {
        lhs.segments.count == rhs.segments.count
            && zip(lhs.segments, rhs.segments).allSatisfy { $0.text == $1.text && $0.style == $1.style }
    }
}
