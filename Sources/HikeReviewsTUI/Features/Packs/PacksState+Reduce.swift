import TranslationEngine

/// What a packs screen key asks of the app beyond the screen's own change.
enum PacksOutcome: Equatable {
    case none
    /// Leave the screen.
    case back
    case effects([Effect])
    /// A dialog to open (the install question, the removal's confirmation).
    case open(Modal)
}

/// The packs screen's reducer: its keys and its listings.
extension PacksScreenState {
    /// Keys of the packs screen, `rows` packs on screen.
    mutating func run(_ command: Command, rows: Int) -> PacksOutcome {
        if move(command, rows: rows) { return .none }
        switch command {
        case .back:
            return .back
        case .install:
            switch installRequest() {
            case .askSizes(let entry): return .effects([.askToInstall([entry])])
            case .install(let entry):
                let request = ConsentRequest(reason: "Install \(entry.title)", packs: [entry], repository: nil)
                return .open(.consent(ConsentDialogState(requestID: nil, request: request)))
            case nil: break
            }
        case .remove:
            if let row = removalRequest() {
                return .open(.confirm(ConfirmState(purpose: .removePack(row.id), question: "Delete the language pack \(row.title) (\(row.id))?")))
            }
        default:
            break
        }
        return .none
    }

    /// A pack was installed or removed here: list them again, with `message`.
    mutating func changed(message: String?) -> [Effect] {
        self.message = message
        return [.loadPacks]
    }
}
