/// Where a key binding applies: the screen or modal on top.
enum KeyContext: String, Hashable, Sendable, CaseIterable {
    case routeList = "Route list"
    case routeDetail = "Route detail"
    case languagePicker = "Language picker"
    case textInput = "Search field"
    case help = "Help"
    case consent = "Dialog"
    case confirmDialog = "Confirm"
    case progress = "Download"
    case errorDialog = "Error"
    case overlay = "Translation"
    case packs = "Packs"
}

/// What the user asks for, in the imperative.
enum Command: Hashable, Sendable {
    case moveDown, moveUp, pageDown, pageUp, moveToTop, moveToBottom
    case open, back, quit, showHelp
    case pickLanguage, search
    case apply, cancel
    case clearFilters
    case cycleSort
    case translateAll, translateOne, toggleOriginal, toggleAllOriginals, pickTarget, showPacks
    case confirm, decline, chooseAlternative, hide, cancelDownload, retry, putInline, install, remove
}

/// One row of the keybinding table.
struct KeyBinding: Sendable {
    var command: Command
    var keys: [Key]
    var help: String
    var contexts: Set<KeyContext>
}

/// The one keybinding table: dispatch, the help modal and docs/USAGE.md's key table all read it.
enum KeyBindings {
    static let table: [KeyBinding] = [
        KeyBinding(command: .moveDown, keys: [.char("j"), .down, .wheelDown], help: "next item", contexts: [.routeList, .routeDetail, .help]),
        KeyBinding(command: .moveDown, keys: [.down, .tab], help: "next item", contexts: [.languagePicker]),
        KeyBinding(command: .moveUp, keys: [.char("k"), .up, .wheelUp], help: "previous item", contexts: [.routeList, .routeDetail, .help]),
        KeyBinding(command: .moveUp, keys: [.up], help: "previous item", contexts: [.languagePicker]),
        KeyBinding(command: .pageDown, keys: [.pageDown, .char(" "), .ctrl("f")], help: "page down", contexts: [.routeList, .routeDetail, .help]),
        KeyBinding(command: .pageDown, keys: [.pageDown], help: "page down", contexts: [.languagePicker]),
        KeyBinding(command: .pageUp, keys: [.pageUp, .char("b"), .ctrl("b")], help: "page up", contexts: [.routeList, .routeDetail, .help]),
        KeyBinding(command: .pageUp, keys: [.pageUp], help: "page up", contexts: [.languagePicker]),
        KeyBinding(command: .moveToTop, keys: [.char("g"), .home], help: "first item", contexts: [.routeList, .routeDetail, .help]),
        KeyBinding(command: .moveToTop, keys: [.home], help: "first item", contexts: [.languagePicker]),
        KeyBinding(command: .moveToBottom, keys: [.char("G"), .end], help: "last item", contexts: [.routeList, .routeDetail, .help]),
        KeyBinding(command: .moveToBottom, keys: [.end], help: "last item", contexts: [.languagePicker]),
        KeyBinding(command: .open, keys: [.enter, .right, .char("l")], help: "open the route", contexts: [.routeList]),
        KeyBinding(command: .pickLanguage, keys: [.char("l")], help: "filter reviews by detected language", contexts: [.routeDetail]),
        KeyBinding(command: .search, keys: [.char("/")], help: "search", contexts: [.routeList, .routeDetail]),
        KeyBinding(command: .cycleSort, keys: [.char("s")], help: "sort: newest, oldest, best, worst", contexts: [.routeDetail]),
        KeyBinding(command: .clearFilters, keys: [.char("c")], help: "clear language filter and search", contexts: [.routeList, .routeDetail]),
        KeyBinding(command: .apply, keys: [.enter], help: "apply", contexts: [.languagePicker, .textInput]),
        KeyBinding(command: .cancel, keys: [.escape], help: "close without changes", contexts: [.languagePicker, .textInput]),
        KeyBinding(command: .back, keys: [.escape, .backspace, .left, .char("h")], help: "go back", contexts: [.routeDetail]),
        KeyBinding(command: .back, keys: [.escape, .backspace, .char("?")], help: "close help", contexts: [.help]),
        KeyBinding(command: .translateAll, keys: [.char("T")], help: "translate the filtered reviews inline (those not translated yet)", contexts: [.routeDetail]),
        KeyBinding(command: .translateOne, keys: [.char("t")], help: "translate the selected review in an overlay", contexts: [.routeDetail]),
        KeyBinding(command: .toggleOriginal, keys: [.char("o")], help: "original / translation of the selected review", contexts: [.routeDetail]),
        KeyBinding(command: .toggleAllOriginals, keys: [.char("O")], help: "original / translation of every review", contexts: [.routeDetail]),
        KeyBinding(command: .pickTarget, keys: [.char("L")], help: "choose the language to translate into", contexts: [.routeDetail, .overlay]),
        KeyBinding(command: .showPacks, keys: [.char("P")], help: "language packs", contexts: [.routeList, .routeDetail]),
        KeyBinding(command: .confirm, keys: [.enter, .char("y")], help: "yes (the highlighted button)", contexts: [.consent]),
        KeyBinding(command: .decline, keys: [.escape, .char("n")], help: "not now", contexts: [.consent]),
        KeyBinding(command: .confirm, keys: [.enter, .char("y")], help: "delete (the highlighted button)", contexts: [.confirmDialog]),
        KeyBinding(command: .decline, keys: [.escape, .char("n")], help: "keep", contexts: [.confirmDialog]),
        KeyBinding(command: .chooseAlternative, keys: [.char("a")], help: "download the other engine's packs instead, when offered",
                   contexts: [.consent]),
        KeyBinding(command: .hide, keys: [.char("h"), .escape], help: "hide; the download goes on", contexts: [.progress]),
        KeyBinding(command: .cancelDownload, keys: [.char("c")], help: "cancel the download", contexts: [.progress]),
        KeyBinding(command: .retry, keys: [.char("r"), .enter], help: "retry", contexts: [.errorDialog]),
        KeyBinding(command: .cancel, keys: [.escape], help: "close", contexts: [.errorDialog, .overlay]),
        KeyBinding(command: .putInline, keys: [.char("r")], help: "put the translation inline", contexts: [.overlay]),
        KeyBinding(command: .install, keys: [.char("i")], help: "install the selected pack", contexts: [.packs]),
        KeyBinding(command: .remove, keys: [.char("d")], help: "delete the selected pack", contexts: [.packs]),
        KeyBinding(command: .moveDown, keys: [.char("j"), .down], help: "next item", contexts: [.packs]),
        KeyBinding(command: .moveUp, keys: [.char("k"), .up], help: "previous item", contexts: [.packs]),
        KeyBinding(command: .back, keys: [.escape, .backspace, .char("h")], help: "go back", contexts: [.packs]),
        KeyBinding(command: .showHelp, keys: [.char("?")], help: "help", contexts: [.routeList, .routeDetail, .packs]),
        KeyBinding(command: .quit, keys: [.char("q")], help: "quit", contexts: [.routeList, .routeDetail, .help, .packs]),
        KeyBinding(command: .quit, keys: [.ctrl("c")], help: "quit", contexts: Set(KeyContext.allCases)),
    ]

    /// The command a key runs in a context, if any.
    static func command(for key: Key, in context: KeyContext) -> Command? {
        table.first { $0.contexts.contains(context) && $0.keys.contains(key) }?.command
    }

    /// The first key bound to a command in a context, or `preferred` when it is one of them;
    /// nil when the command is not bound there.
    static func key(for command: Command, in context: KeyContext, preferring preferred: Key? = nil) -> Key? {
        let keys = table.filter { $0.command == command && $0.contexts.contains(context) }.flatMap(\.keys)
        if let preferred, keys.contains(preferred) { return preferred }
        return keys.first
    }

    /// The key a sentence names for a command, "T" in "press T to download": the first one
    /// the table binds to it in the context.
    static func name(of command: Command, in context: KeyContext) -> String {
        key(for: command, in: context)?.label ?? "?"
    }

    /// A status-bar or title hint, "Enter open": the key from the table, then what it does.
    static func hint(_ command: Command, _ what: String, in context: KeyContext, preferring preferred: Key? = nil) -> String {
        guard let key = key(for: command, in: context, preferring: preferred) else { return what }
        return "\(key.label) \(what)"
    }

    /// A dialog button, "Delete (Enter)": what it does, then the key from the table.
    static func button(_ what: String, _ command: Command, in context: KeyContext) -> String {
        guard let key = key(for: command, in: context) else { return what }
        return "\(what) (\(key.label))"
    }

    /// The bindings of one context, keys merged per command, in table order.
    static func bindings(in context: KeyContext) -> [KeyBinding] {
        var result: [KeyBinding] = []
        for binding in table where binding.contexts.contains(context) {
            if let index = result.firstIndex(where: { $0.command == binding.command }) {
                for key in binding.keys where !result[index].keys.contains(key) {
                    result[index].keys.append(key)
                }
            } else {
                var copy = binding
                copy.contexts = [context]
                result.append(copy)
            }
        }
        return result
    }
}
