import TranslationEngine

/// A language to translate from or into, named as ML Kit names it (`.english`, `.german`); its
/// raw value is the BCP 47 language code ML Kit uses ("en", "de", "no" for Norwegian).
///
/// The static members are the ML Kit languages that the engines here can join with English in
/// both directions: Apertium's pairs (the project's repository) and Argos Translate's neural
/// models (the public Argos index). ML Kit's other languages are declared unavailable, so code
/// that names one says why at compile time (see `TranslateLanguage+Unavailable.swift`).
public struct TranslateLanguage: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The BCP 47 language code.
    public let rawValue: String

    /// The language of a BCP 47 tag: its language subtag, lowercased, with the old or
    /// alternative codes ML Kit does not use mapped onto its own ("nb" and "iw" read as "no" and
    /// "he"). A region or script is dropped (ML Kit's models have none). A language no engine here
    /// translates keeps its code, and translating it fails with an error that names it.
    public init(rawValue: String) {
        let language = rawValue.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        self.rawValue = Self.aliases[language] ?? language
    }

    /// The same as `init(rawValue:)`.
    public init(_ rawValue: String) {
        self.init(rawValue: rawValue)
    }

    /// The language of a BCP 47 tag (as a language identifier returns it), or nil when it is not
    /// one of `allLanguages()`.
    public static func fromLanguageTag(_ tag: String) -> TranslateLanguage? {
        let language = TranslateLanguage(rawValue: tag)
        return available.contains(language) ? language : nil
    }

    /// Every language a model can be downloaded for, English (built in) included.
    public static func allLanguages() -> Set<TranslateLanguage> {
        available
    }

    /// Its English name, "German" for "de".
    public var description: String {
        LanguageNames.name(of: rawValue)
    }

    /// The tag TranslationEngine's packs use for it: Norwegian's model is Bokmål's.
    var engineTag: String {
        rawValue == "no" ? "nb" : rawValue
    }

    /// Codes that mean an ML Kit language under another name.
    private static let aliases = ["nb": "no", "iw": "he", "in": "id", "fil": "tl"]

    static let available: Set<TranslateLanguage> = [
        .albanian, .arabic, .bengali, .bulgarian, .catalan, .chinese, .croatian, .czech, .danish, .dutch, .english,
        .esperanto, .estonian, .finnish, .french, .galician, .german, .greek, .hebrew, .hindi, .hungarian, .icelandic,
        .indonesian, .irish, .italian, .japanese, .korean, .latvian, .lithuanian, .macedonian, .malay, .norwegian,
        .persian, .polish, .portuguese, .romanian, .russian, .slovak, .slovenian, .spanish, .swedish, .tagalog,
        .thai, .turkish, .ukrainian, .urdu,
    ]
}

extension TranslateLanguage {
    public static let albanian = TranslateLanguage(rawValue: "sq")
    public static let arabic = TranslateLanguage(rawValue: "ar")
    public static let bengali = TranslateLanguage(rawValue: "bn")
    public static let bulgarian = TranslateLanguage(rawValue: "bg")
    public static let catalan = TranslateLanguage(rawValue: "ca")
    public static let chinese = TranslateLanguage(rawValue: "zh")
    public static let croatian = TranslateLanguage(rawValue: "hr")
    public static let czech = TranslateLanguage(rawValue: "cs")
    public static let danish = TranslateLanguage(rawValue: "da")
    public static let dutch = TranslateLanguage(rawValue: "nl")
    /// Built in: its model is always downloaded.
    public static let english = TranslateLanguage(rawValue: "en")
    /// Esperanto, under the name ML Kit's Swift interface gives it.
    public static let eperanto = TranslateLanguage(rawValue: "eo")
    public static let esperanto = TranslateLanguage(rawValue: "eo")
    public static let estonian = TranslateLanguage(rawValue: "et")
    public static let finnish = TranslateLanguage(rawValue: "fi")
    public static let french = TranslateLanguage(rawValue: "fr")
    public static let galician = TranslateLanguage(rawValue: "gl")
    public static let german = TranslateLanguage(rawValue: "de")
    public static let greek = TranslateLanguage(rawValue: "el")
    public static let hebrew = TranslateLanguage(rawValue: "he")
    public static let hindi = TranslateLanguage(rawValue: "hi")
    public static let hungarian = TranslateLanguage(rawValue: "hu")
    public static let icelandic = TranslateLanguage(rawValue: "is")
    public static let indonesian = TranslateLanguage(rawValue: "id")
    public static let irish = TranslateLanguage(rawValue: "ga")
    public static let italian = TranslateLanguage(rawValue: "it")
    public static let japanese = TranslateLanguage(rawValue: "ja")
    public static let korean = TranslateLanguage(rawValue: "ko")
    public static let latvian = TranslateLanguage(rawValue: "lv")
    public static let lithuanian = TranslateLanguage(rawValue: "lt")
    public static let macedonian = TranslateLanguage(rawValue: "mk")
    public static let malay = TranslateLanguage(rawValue: "ms")
    /// Norwegian Bokmål, as ML Kit's model is.
    public static let norwegian = TranslateLanguage(rawValue: "no")
    public static let persian = TranslateLanguage(rawValue: "fa")
    public static let polish = TranslateLanguage(rawValue: "pl")
    public static let portuguese = TranslateLanguage(rawValue: "pt")
    public static let romanian = TranslateLanguage(rawValue: "ro")
    public static let russian = TranslateLanguage(rawValue: "ru")
    public static let slovak = TranslateLanguage(rawValue: "sk")
    public static let slovenian = TranslateLanguage(rawValue: "sl")
    public static let spanish = TranslateLanguage(rawValue: "es")
    public static let swedish = TranslateLanguage(rawValue: "sv")
    public static let tagalog = TranslateLanguage(rawValue: "tl")
    public static let thai = TranslateLanguage(rawValue: "th")
    public static let turkish = TranslateLanguage(rawValue: "tr")
    public static let ukrainian = TranslateLanguage(rawValue: "uk")
    public static let urdu = TranslateLanguage(rawValue: "ur")
}
