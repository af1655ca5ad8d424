extension KeyBindings {
    /// docs/USAGE.md's key table: one row per row of the keybinding table.
    static func markdownTable() -> String {
        var rows = ["| keys | what | where |", "|---|---|---|"]
        for binding in table {
            let keys = binding.keys.map { "`\($0.label)`" }.joined(separator: " ")
            let contexts = KeyContext.allCases.filter(binding.contexts.contains)
            let places = contexts.count == KeyContext.allCases.count ? "everywhere" : contexts.map(\.rawValue).joined(separator: ", ")
            rows.append("| \(keys) | \(binding.help) | \(places) |")
        }
        return rows.joined(separator: "\n")
    }
}
