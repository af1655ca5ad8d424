/// The route screen's blocks that are on screen, taken from the layout cache for one frame
/// (`RouteScreenContext.layOutViewport`): the view and the overlay draw these lines as they are.
struct RouteDetailLines {
    /// The screen they were taken for: its top block, offset and selection.
    var detail: RouteDetailState
    /// The lines of each block from `detail.top` down, as far as the screen reaches.
    var blocks: [[StyledLine]] = []

    /// Rows `block` takes; 0 for a block off screen.
    func height(ofBlock block: Int) -> Int {
        blocks.indices.contains(block - detail.top) ? blocks[block - detail.top].count : 0
    }
}
