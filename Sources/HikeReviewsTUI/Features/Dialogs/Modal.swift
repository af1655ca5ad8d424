import Foundation

/// A dialog over the screens; the top one gets keys first and Esc closes it.
enum Modal: Equatable, Sendable {
    case help(HelpState)
    case languagePicker(LanguagePickerState)
    case textInput(TextInputState)
    case consent(ConsentDialogState)
    case progress
    case error(ErrorDialogState)
    case overlay(OverlayState)
    case confirm(ConfirmState)

    var keyContext: KeyContext {
        switch self {
        case .help: return .help
        case .languagePicker: return .languagePicker
        case .textInput: return .textInput
        case .consent: return .consent
        case .confirm: return .confirmDialog
        case .progress: return .progress
        case .error: return .errorDialog
        case .overlay: return .overlay
        }
    }
}

/// The help modal: which context it explains and how far it is scrolled.
struct HelpState: Hashable, Sendable {
    var context: KeyContext
    var scroll = 0
}
