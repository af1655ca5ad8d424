/// The one table from Apertium's language codes to BCP 47 tags, read by the engine (through
/// `ApertiumCode`) and by `scripts/build-pack-repo` (through the `apertium-codes` tool), so the
/// directions an index advertises and the directions the engine reads agree.
///
/// Apertium mixes ISO 639-3 (`spa`) and ISO 639-1 (`es`) codes and appends variants after
/// underscores (`eng-cat_valencia_uni`): a two-letter uppercase part is a region (`_US`), a
/// registered IANA variant is a variant subtag (`_valencia`), Serbo-Croatian standards name
/// whole languages (`hbs_HR` is `hr`), a few parts have a fixed spelling (`_aran` is `aranes`,
/// `_PTpre1990` is `PT` plus a private use `pre1990`), and anything else is private use
/// (`_iec2017` is `-x-iec2017`).
package enum ApertiumCodeTable {
    /// One Apertium language code's BCP 47 language subtag and English name.
    package struct Language: Sendable, Equatable {
        package var tag: String
        package var name: String
    }

    /// What one variant part of a code becomes.
    enum Subtag: Sendable, Equatable {
        case region(String)
        case variant(String)
        case privateUse(String)
    }

    /// Apertium base codes, both 3- and 2-letter forms.
    package static let languages: [String: Language] = {
        let rows: [(codes: [String], tag: String, name: String)] = [
            (["eng", "en"], "en", "English"), (["spa", "es"], "es", "Spanish"),
            (["cat", "ca"], "ca", "Catalan"), (["glg", "gl"], "gl", "Galician"),
            (["por", "pt"], "pt", "Portuguese"), (["fra", "fr"], "fr", "French"),
            (["ita", "it"], "it", "Italian"), (["ron", "ro"], "ro", "Romanian"),
            (["oci", "oc"], "oc", "Occitan"), (["eus", "eu"], "eu", "Basque"),
            (["isl", "is"], "is", "Icelandic"),
            // Serbo-Croatian has no 2-letter code; BCP 47 keeps the macrolanguage tag.
            (["hbs", "sh"], "hbs", "Serbo-Croatian"),
            (["hrv", "hr"], "hr", "Croatian"), (["srp", "sr"], "sr", "Serbian"),
            (["bos", "bs"], "bs", "Bosnian"), (["slv", "sl"], "sl", "Slovenian"),
            (["mkd", "mk"], "mk", "Macedonian"), (["bul", "bg"], "bg", "Bulgarian"),
            (["epo", "eo"], "eo", "Esperanto"), (["nob", "nb"], "nb", "Norwegian Bokmål"),
            (["nno", "nn"], "nn", "Norwegian Nynorsk"), (["nor", "no"], "no", "Norwegian"),
            (["dan", "da"], "da", "Danish"), (["swe", "sv"], "sv", "Swedish"),
            (["arg", "an"], "an", "Aragonese"), (["ast"], "ast", "Asturian"),
            // Apertium writes Sardinian as `srd`; its 2-letter code is `sc`.
            (["srd", "sc"], "sc", "Sardinian"),
            (["afr", "af"], "af", "Afrikaans"), (["nld", "nl"], "nl", "Dutch"),
            (["bel", "be"], "be", "Belarusian"), (["rus", "ru"], "ru", "Russian"),
            (["ukr", "uk"], "uk", "Ukrainian"), (["bre", "br"], "br", "Breton"),
            (["frp"], "frp", "Arpitan"), (["ind", "id"], "id", "Indonesian"),
            (["zlm", "msa", "ms"], "ms", "Malay"), (["pol", "pl"], "pl", "Polish"),
            (["szl"], "szl", "Silesian"), (["urd", "ur"], "ur", "Urdu"),
            (["hin", "hi"], "hi", "Hindi"), (["deu", "de"], "de", "German"),
            (["cym", "cy"], "cy", "Welsh"), (["gle", "ga"], "ga", "Irish"),
            (["fao", "fo"], "fo", "Faroese"), (["kaz", "kk"], "kk", "Kazakh"),
            (["tat", "tt"], "tt", "Tatar"), (["mlt", "mt"], "mt", "Maltese"),
            (["ara", "ar"], "ar", "Arabic"),
        ]
        var table: [String: Language] = [:]
        for row in rows {
            for code in row.codes { table[code] = Language(tag: row.tag, name: row.name) }
        }
        return table
    }()

    /// Registered IANA variant subtags that Apertium mode suffixes use.
    static let registeredVariants: Set<String> = [
        "valencia", "aranes", "gascon", "lengadoc", "provenc", "nicard", "limousin", "auvern", "vivaraup", "grclass",
    ]

    /// Variant parts whose spelling in BCP 47 is not the rule's.
    static let fixedVariants: [String: [Subtag]] = [
        "aran": [.variant("aranes")],
        "PTpre1990": [.region("PT"), .privateUse("pre1990")],
    ]

    /// Serbo-Croatian standards: `hbs_HR` is Croatian, a language of its own in BCP 47.
    static let serboCroatianStandards: [String: String] = ["HR": "hr", "SR": "sr", "BS": "bs"]

    /// Words that make a mode auxiliary (a stage of a pair, not a translation) when a part of
    /// its name after a `-` or `_` starts with one: `eng-spa-tagger`, `en-eo_bytecode`.
    static let auxiliaryWords = [
        "tagger", "morph", "dgen", "biltrans", "lextor", "chunker", "pretransfer", "postchunk", "interchunk", "transfer",
        "anmor", "disam", "gener", "lex", "dis", "pgen", "hyph", "autobil", "separable", "translit", "bytecode", "latin1",
        "syndis",
    ]
}

extension ApertiumCodeTable {
    /// The BCP 47 tag of a code and its variant parts (`spa`, `eng_US`, `cat_valencia_uni`,
    /// `hbs_HR`); nil for an unknown code, an empty or non-alphanumeric part, or a result that
    /// is not a well-formed tag (a private-use part longer than 8).
    package static func bcp47(_ code: String) -> String? {
        let parts = code.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        guard let language = languages[parts[0]]?.tag else { return nil }
        var base = language
        var region: String?
        var variants: [String] = []
        var privateUse: [String] = []
        for part in parts.dropFirst() {
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
            if base == "hbs", let standard = serboCroatianStandards[part] {
                base = standard
                continue
            }
            for subtag in subtags(of: part) {
                switch subtag {
                case .region(let value) where region == nil: region = value
                case .variant(let value): variants.append(value)
                // A second region has no place of its own: it becomes private use.
                case .region(let value), .privateUse(let value): privateUse.append(value.lowercased())
                }
            }
        }
        var tag = base + (region.map { "-" + $0 } ?? "") + variants.map { "-" + $0 }.joined()
        if !privateUse.isEmpty { tag += "-x-" + privateUse.joined(separator: "-") }
        return isWellFormed(tag) ? tag : nil
    }

    /// What one variant part becomes: its fixed spelling, a region, a registered variant, or
    /// private use.
    static func subtags(of part: String) -> [Subtag] {
        if let fixed = fixedVariants[part] { return fixed }
        if part.count == 2, part.allSatisfy({ $0.isASCII && $0.isUppercase }) { return [.region(part)] }
        if registeredVariants.contains(part.lowercased()) { return [.variant(part.lowercased())] }
        return [.privateUse(part.lowercased())]
    }

    /// Whether a mode name has a translation's shape (`xx[_V...]-yy[_V...]`, codes of 2-3
    /// lowercase letters, one `-`) and is not an auxiliary mode.
    package static func isTranslationMode(_ name: String) -> Bool {
        let sides = name.split(separator: "-", omittingEmptySubsequences: false)
        guard sides.count == 2 else { return false }
        for side in sides {
            let parts = side.split(separator: "_", omittingEmptySubsequences: false)
            guard (2...3).contains(parts[0].count), parts[0].allSatisfy({ $0.isASCII && $0.isLowercase }),
                  parts.dropFirst().allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
            else { return false }
        }
        let pieces = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).dropFirst()
        return !pieces.contains { piece in auxiliaryWords.contains { piece.hasPrefix($0) } }
    }

    /// The source and target tags of a translation mode name (without `.mode`); nil for an
    /// auxiliary mode, another shape, or a code the table cannot map.
    package static func tags(ofMode name: String) -> (source: String, target: String)? {
        guard isTranslationMode(name) else { return nil }
        let sides = name.split(separator: "-").map(String.init)
        guard let source = bcp47(sides[0]), let target = bcp47(sides[1]) else { return nil }
        return (source, target)
    }

    /// Whether a tag is spelt the way this table writes tags: a language, an optional region,
    /// variant subtags, and optional private use of 1-8 characters each.
    static func isWellFormed(_ tag: String) -> Bool {
        var parts = tag.split(separator: "-", omittingEmptySubsequences: false)[...]
        func isLower(_ part: Substring) -> Bool { part.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) } }
        guard let language = parts.popFirst(), (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return false }
        if let region = parts.first, region.count == 2, region.allSatisfy({ $0.isASCII && $0.isUppercase }) {
            parts.removeFirst()
        }
        while let variant = parts.first, variant != "x" {
            let digitFirst = variant.first?.isNumber == true && variant.count == 4
            guard isLower(variant), (5...8).contains(variant.count) || digitFirst else { return false }
            parts.removeFirst()
        }
        guard parts.popFirst() != nil else { return true }
        return !parts.isEmpty && parts.allSatisfy { (1...8).contains($0.count) && isLower($0) }
    }
}

extension ApertiumCodeTable {
    /// The Apertium code of a BCP 47 tag, as Apertium-APy names languages: the language's
    /// three-letter code (the first in alphabetical order when it has several), `_REGION` for a
    /// region (`en-US` is `eng_US`); other subtags are left out. Nil for a language not in the table.
    package static func apertiumCode(forTag tag: String) -> String? {
        let subtags = tag.split(separator: "-").map(String.init)
        guard let language = subtags.first?.lowercased() else { return nil }
        let codes = languages.filter { $0.value.tag == language }.keys
        guard let code = codes.filter({ $0.count == 3 }).min() ?? codes.min() else { return nil }
        let region = subtags.dropFirst().first { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isLetter } }
        return code + (region.map { "_" + $0.uppercased() } ?? "")
    }
}
