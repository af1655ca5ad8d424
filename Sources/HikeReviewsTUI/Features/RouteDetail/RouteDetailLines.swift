/// The route screen's blocks that are on screen, as the reducer laid them out on the way out of
/// `reduce`: the view and the overlay draw these lines as they are, with no lookup per block.
struct RouteDetailLines: Sendable {
    /// The screen they were laid out for, its text's width and its body's height: the lines
    /// are drawn only for that same screen.
    var detail: RouteDetailState
    var width: Int
    var height: Int
    /// The lines of each block from `detail.top` down, as far as the screen reaches.
    var blocks: [[StyledLine]] = []

    /// Rows `block` takes; 0 for a block off screen.
    func height(ofBlock block: Int) -> Int {
        blocks.indices.contains(block - detail.top) ? blocks[block - detail.top].count : 0
    }
}
