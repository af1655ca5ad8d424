/// ML Kit's languages that neither engine here joins with English: neither Debian's Apertium
/// pairs nor the public Argos index has them. Naming one is a compile error that says so.
extension TranslateLanguage {
    @available(*, unavailable, message: "no offline engine here translates Afrikaans (no Apertium pair or Argos model joins it with English)")
    public static var afrikaans: TranslateLanguage { fatalError() }
    @available(*, unavailable, message: "no offline engine here translates Belarusian (no Apertium pair or Argos model joins it with English)")
    public static var belarusian: TranslateLanguage { fatalError() }
    @available(*, unavailable, message: "no offline engine here translates Georgian (no Apertium pair or Argos model joins it with English)")
    public static var georgian: TranslateLanguage { fatalError() }
    @available(*, unavailable, message: "no offline engine here translates Gujarati (no Apertium pair or Argos model joins it with English)")
    public static var gujarati: TranslateLanguage { fatalError() }
    @available(*, unavailable, message: "no offline engine here translates Haitian Creole (no Apertium pair or Argos model joins it with English)")
    public static var haitianCreole: TranslateLanguage { fatalError() }
    @available(*, unavailable, message: "no offline engine here translates Kannada (no Apertium pair or Argos model joins it with English)")
    public static var kannada: TranslateLanguage { fatalError() }
    @available(*, unavailable, message: "no offline engine here translates Maltese (no Apertium pair or Argos model joins it with English)")
    public static var maltese: TranslateLanguage { fatalError() }
    @available(*, unavailable, message: "no offline engine here translates Marathi (no Apertium pair or Argos model joins it with English)")
    public static var marathi: TranslateLanguage { fatalError() }
    @available(*, unavailable, message: "no offline engine here translates Swahili (no Apertium pair or Argos model joins it with English)")
    public static var swahili: TranslateLanguage { fatalError() }
    @available(*, unavailable, message: "no offline engine here translates Tamil (no Apertium pair or Argos model joins it with English)")
    public static var tamil: TranslateLanguage { fatalError() }
    @available(*, unavailable, message: "no offline engine here translates Telugu (no Apertium pair or Argos model joins it with English)")
    public static var telugu: TranslateLanguage { fatalError() }
    @available(*, unavailable, message: "no offline engine here translates Vietnamese (no Apertium pair or Argos model joins it with English)")
    public static var vietnamese: TranslateLanguage { fatalError() }
    @available(*, unavailable, message: "no offline engine here translates Welsh (no Apertium pair or Argos model joins it with English)")
    public static var welsh: TranslateLanguage { fatalError() }
}
