extension KeyBindings {
    /// The help text of a context, from the table: its own keys first, then what works everywhere.
    ///
    /// The help modal draws these lines and the reducer scrolls over their count.
    static func helpLines(for context: KeyContext) -> [String] {
        var lines = ["\(context.rawValue) keys", ""]
        for binding in bindings(in: context) {
            let keys = binding.keys.map(\.label).joined(separator: ", ")
            lines.append(TerminalText.pad(keys, width: 22) + " " + binding.help)
        }
        lines.append("")
        let quit = key(for: .quit, in: .routeList)?.label ?? "q"
        let interrupt = key(for: .quit, in: .progress)?.label ?? "Ctrl-C"
        lines.append("\(quit) quits from any screen; \(interrupt) from anywhere.")
        return lines
    }
}
