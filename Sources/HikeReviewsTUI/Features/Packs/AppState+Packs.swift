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
            packs.listed(rows, message: message)
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

    /// Keys of the packs screen: `PacksScreenState` moves and decides; leaving and the dialogs
    /// are the app's.
    mutating func runPacks(_ command: Command) -> [Effect] {
        guard case .packs(var packs) = screens.last else { return [] }
        defer { if case .packs = screens.last { screens[screens.count - 1] = .packs(packs) } }
        if packs.move(command, rows: max(1, bodyHeight - 3)) { return [] }
        switch command {
        case .back:
            screens.removeLast()
            // A route screen shown again looks in the memory again (packs may have changed).
            return recallShown()
        case .install:
            switch packs.installRequest() {
            case .askSizes(let entry): return [.askToInstall([entry])]
            case .install(let entry):
                modals.append(.consent(ConsentDialogState(requestID: nil, request: ConsentRequest(reason: "Install \(entry.title)", packs: [entry], repository: nil))))
            case nil: break
            }
        case .remove:
            if let row = packs.removalRequest() {
                modals.append(.confirm(ConfirmState(purpose: .removePack(row.id), question: "Delete the language pack \(row.title) (\(row.id))?")))
            }
        default:
            break
        }
        return []
    }
}
