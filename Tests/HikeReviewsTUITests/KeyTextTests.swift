import TestSupport
import Testing
@testable import HikeReviewsTUI

/// Status-bar hints, dialog buttons and titles take their keys from the keybinding table.
@Suite(.tags(.fast)) struct KeyTextTests {}

extension KeyTextTests {
    @Test func hintsAndButtonsUseTheTablesKeys() {
        #expect(KeyBindings.hint(.open, "open", in: .routeList) == "Enter open")
        #expect(KeyBindings.button("Delete", .confirm, in: .confirmDialog) == "Delete (Enter)")
        #expect(KeyBindings.button("Keep", .decline, in: .confirmDialog) == "Keep (Esc)")
        // A preferred key is used only when it is bound there.
        #expect(KeyBindings.key(for: .moveDown, in: .help, preferring: .down) == .down)
        #expect(KeyBindings.key(for: .moveDown, in: .help, preferring: .char("x")) == .char("j"))
        #expect(KeyBindings.key(for: .install, in: .routeList) == nil)
    }

    /// The confirm dialog has its own context: its help says "keep", not the consent dialog's
    /// "not now", and its status bar names its own buttons.
    @Test func theConfirmDialogNamesItsOwnActions() {
        let modal = Modal.confirm(ConfirmState(purpose: .removePack("eng-spa"), question: "Delete the language pack English - Spanish (eng-spa)?"))
        #expect(modal.keyContext == .confirmDialog)
        let help = KeyBindings.helpLines(for: .confirmDialog).joined(separator: "\n")
        #expect(help.contains("keep"))
        #expect(!help.contains("not now"))
        var state = Fixtures.state()
        state.dialogs.modals.append(modal)
        let screen = Snapshot.text(of: AppView.render(state))
        #expect(screen.contains(" Delete (Enter) "))
        #expect(screen.contains(" Keep (Esc) "))
        #expect(screen.contains("Enter delete  Esc keep"))
    }

    @Test func theConfirmDialogsKeysAnswerIt() {
        var state = Fixtures.state()
        state.dialogs.modals.append(.confirm(ConfirmState(purpose: .removePack("eng-spa"), question: "Delete?")))
        #expect(Fixtures.press([.char("y")], on: &state) == [.removePack("eng-spa")])
        #expect(state.dialogs.modals.isEmpty)
        state.dialogs.modals.append(.confirm(ConfirmState(purpose: .removePack("eng-spa"), question: "Delete?")))
        #expect(Fixtures.press([.escape], on: &state) == [])
        #expect(state.dialogs.modals.isEmpty)
    }
}
