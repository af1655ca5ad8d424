/// A terminal for tests: keys are typed into it, and every frame the loop writes is kept.
@MainActor
final class TestBackend: TerminalBackend {
    private(set) var size: ScreenSize
    /// Every frame written, oldest first.
    private(set) var frames: [ScreenBuffer] = []
    /// The frame "on the terminal", nil after a resize.
    private var previous: ScreenBuffer?
    private var typed: [Key] = []
    private let queue: ActionQueue

    /// A terminal of `size` whose input is announced on `queue`, as `InputWatcher` does.
    init(size: ScreenSize, queue: ActionQueue) {
        self.size = size
        self.queue = queue
    }

    /// Types keys: the loop reads them all on its next wake-up.
    func type(_ keys: [Key]) {
        typed += keys
        queue.send(.inputReady)
    }

    /// Resizes the terminal, as SIGWINCH would.
    func resizeTerminal(width: Int, height: Int) {
        queue.send(.resized(width: width, height: height))
    }

    func readKey() -> Action? {
        typed.isEmpty ? nil : .keyPressed(typed.removeFirst())
    }

    func keysRead() {}

    func resize(width: Int, height: Int) {
        size = ScreenSize(width: width, height: height)
        invalidate()
    }

    func invalidate() {
        previous = nil
    }

    func changes(to buffer: ScreenBuffer) -> [ScreenBuffer.Change] {
        // A size no frame has makes every row a change.
        buffer.changes(from: previous ?? ScreenBuffer(width: 0, height: 0))
    }

    func write(_ changes: [ScreenBuffer.Change], of buffer: ScreenBuffer) {
        frames.append(buffer)
        previous = buffer
    }
}
