import TranslationEngine

/// The packs screen.
struct PacksScreenState: Equatable, Sendable {
    var rows: [PackRow] = []
    var selected = 0
    var scroll = 0
    var loading = true
    var message: String?
}

extension PacksScreenState {
    /// What `i` asks for on the selected row.
    enum InstallRequest: Equatable {
        /// Its size is not in the index: ask the server first.
        case askSizes(PackIndex.Entry)
        case install(PackIndex.Entry)
    }

    var selectedRow: PackRow? { rows.indices.contains(selected) ? rows[selected] : nil }

    /// Moves the selection for a move command, `rows` packs on screen; false when `command` is
    /// not a move.
    mutating func move(_ command: Command, rows visibleRows: Int) -> Bool {
        let count = rows.count
        guard let moved = Command.move(command, from: selected, last: count - 1, page: visibleRows) else { return false }
        selected = min(max(moved, 0), max(count - 1, 0))
        if selected < scroll { scroll = selected }
        if selected >= scroll + visibleRows { scroll = selected - visibleRows + 1 }
        return true
    }

    /// The listing arrived (with a line to show, if any).
    mutating func listed(_ rows: [PackRow], message: String?) {
        self.rows = rows
        loading = false
        self.message = message ?? self.message
        selected = min(selected, max(rows.count - 1, 0))
    }

    /// What installing the selected pack takes; nil, with the reason in `message`, when it
    /// cannot be installed.
    mutating func installRequest() -> InstallRequest? {
        guard let row = selectedRow else { return nil }
        guard row.status == .available, let entry = row.entry else {
            message = "\(row.id) is \(row.status.rawValue) already"
            return nil
        }
        guard !row.unreachable else {
            message = "\(row.id): \(entry.origin) does not answer; it cannot be downloaded now"
            return nil
        }
        // A size the repository did not give is asked of the server before the question.
        return entry.sizeIsKnown ? .install(entry) : .askSizes(entry)
    }

    /// The selected pack, when it can be removed; nil, with the reason in `message`, when not.
    mutating func removalRequest() -> PackRow? {
        guard let row = selectedRow else { return nil }
        guard row.status == .installed else {
            message = row.status == .system ? "\(row.id) is Debian's: remove it with apt" : "\(row.id) is not installed"
            return nil
        }
        return row
    }
}
