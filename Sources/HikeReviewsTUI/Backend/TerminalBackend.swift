/// What the main loop needs of a terminal: its size, the keys typed, and frames written.
///
/// `CursesBackend` is the real one; `TestBackend` runs the same loop in tests, keys in and
/// frames out, with no terminal.
@MainActor
protocol TerminalBackend: AnyObject {
    /// The terminal's size in cells.
    var size: ScreenSize { get }
    /// Takes a key already typed; nil when none is waiting.
    func readKey() -> Action?
    /// Every waiting key was read: input may be announced again (`.inputReady`).
    func keysRead()
    /// The terminal has a new size; the next frame is drawn whole.
    func resize(width: Int, height: Int)
    /// Forgets the last frame, so the next one is drawn whole.
    func invalidate()
    /// The runs of cells that differ from the frame on the terminal.
    func changes(to buffer: ScreenBuffer) -> [ScreenBuffer.Change]
    /// Writes the runs; the buffer becomes the frame on the terminal.
    func write(_ changes: [ScreenBuffer.Change], of buffer: ScreenBuffer)
}
