/// The route screen's lines as the reducer laid them out: what its view and the overlay draw.
struct RouteDetailLines {
    var layout: RouteDetailLayout
    var blocks: LaidOutBlocks

    var blockCount: Int { layout.blockCount }

    func lines(ofBlock block: Int) -> [StyledLine] {
        layout.lines(ofBlock: block, from: blocks)
    }

    func height(ofBlock block: Int) -> Int {
        lines(ofBlock: block).count
    }
}
