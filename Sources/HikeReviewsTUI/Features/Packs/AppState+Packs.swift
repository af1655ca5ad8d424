import Foundation
import TranslationEngine

/// The packs screen and what the repositories say.
extension AppState {
    /// Applies the packs screen's listings and a repository that does not answer.
    mutating func reducePacks(_ action: Action) -> [Effect] {
        switch action {
        case .packsChanged(let message):
            guard case .packs(var packs) = screens.last else { return [] }
            packs.message = message
            screens[screens.count - 1] = .packs(packs)
            return [.loadPacks]
        case .installQuestionReady(let request):
            guard case .packs = screens.last else { return [] }
            modals.append(.consent(ConsentDialogState(requestID: nil, request: request)))
        case .repositoryUnreachable(let outage):
            unreachablePacks.formUnion(outage.packIDs)
            if announcedOutages.insert(outage.repository).inserted { statusMessage = outage.line }
        case .packsLoaded(let rows, let message):
            guard case .packs(var packs) = screens.last else { return [] }
            packs.rows = rows
            packs.loading = false
            packs.message = message ?? packs.message
            packs.selected = min(packs.selected, max(rows.count - 1, 0))
            screens[screens.count - 1] = .packs(packs)
        default:
            break
        }
        return []
    }

    mutating func openPacks() -> [Effect] {
        screens.append(.packs(PacksScreenState()))
        return [.loadPacks]
    }

    /// Keys of the packs screen.
    mutating func runPacks(_ command: Command) -> [Effect] {
        guard case .packs(var packs) = screens.last else { return [] }
        let count = packs.rows.count
        if let moved = Command.move(command, from: packs.selected, last: count - 1, page: max(1, bodyHeight - 3)) {
            packs.selected = min(max(moved, 0), max(count - 1, 0))
            let rows = max(1, bodyHeight - 3)
            if packs.selected < packs.scroll { packs.scroll = packs.selected }
            if packs.selected >= packs.scroll + rows { packs.scroll = packs.selected - rows + 1 }
            screens[screens.count - 1] = .packs(packs)
            return []
        }
        switch command {
        case .back:
            screens.removeLast()
            // A route screen shown again looks in the memory again (packs may have changed).
            return recallShown()
        case .install:
            guard packs.rows.indices.contains(packs.selected) else { return [] }
            let row = packs.rows[packs.selected]
            guard row.status == .available, let entry = row.entry else {
                packs.message = "\(row.id) is \(row.status.rawValue) already"
                screens[screens.count - 1] = .packs(packs)
                return []
            }
            guard !row.unreachable else {
                packs.message = "\(row.id): \(entry.origin) does not answer; it cannot be downloaded now"
                screens[screens.count - 1] = .packs(packs)
                return []
            }
            // A size the repository did not give is asked of the server before the question.
            guard entry.sizeIsKnown else { return [.askToInstall([entry])] }
            modals.append(.consent(ConsentDialogState(requestID: nil, request: ConsentRequest(reason: "Install \(entry.title)", packs: [entry], repository: nil))))
        case .remove:
            guard packs.rows.indices.contains(packs.selected) else { return [] }
            let row = packs.rows[packs.selected]
            guard row.status == .installed else {
                packs.message = row.status == .system ? "\(row.id) is Debian's: remove it with apt" : "\(row.id) is not installed"
                screens[screens.count - 1] = .packs(packs)
                return []
            }
            modals.append(.confirm(ConfirmState(purpose: .removePack(row.id), question: "Delete the language pack \(row.title) (\(row.id))?")))
        default:
            break
        }
        return []
    }
}
