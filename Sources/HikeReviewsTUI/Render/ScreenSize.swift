/// The terminal's size in cells.
struct ScreenSize: Hashable, Sendable {
    var width: Int
    var height: Int
}
