/// Word and spelling evidence that tells close languages apart where CLD2 wavers.
///
/// Each list holds frequent words that one language of a group uses and its neighbours
/// do not (or spell differently). They were chosen for this purpose, not taken from a corpus.
enum CloseLanguages {
    /// How a text's marker words relate to a candidate language.
    enum Agreement: Equatable {
        case supports, neutral, contradicts
    }

    /// Groups of languages CLD2 confuses with each other.
    static let groups: [Set<String>] = [
        ["es", "gl", "pt", "ca", "oc", "fr", "it"],
        ["nb", "nn", "da", "sv"],
        ["hr", "sr", "bs", "sl"],
        ["mk", "bg", "sr", "ru"],
    ]

    static let markers: [String: Set<String>] = [
        "es": ["muy", "pero", "también", "hay", "está", "estaba", "fue", "una", "del", "los", "las", "con", "para", "el", "y", "mucho", "mucha", "bastante", "agua", "camino", "puedes", "hicimos", "después", "vale", "nos", "hasta", "desde", "aunque", "donde", "ruta", "sendero", "hemos", "había", "tiene", "cuesta", "ahí", "allí", "niños", "perro"],
        "gl": ["moi", "unha", "non", "tamén", "máis", "xa", "hai", "polo", "pola", "coa", "co", "ao", "aos", "da", "do", "das", "dos", "auga", "choiva", "camiño", "estaba", "foi", "pero", "moito", "moita", "está", "ten", "cando", "onde", "despois", "aínda", "nin", "mellor", "levar", "fixemos", "nenos", "can", "hoxe", "ollo", "pouco", "vez", "xente", "sinalizado", "chegar", "dende"],
        "pt": ["não", "muito", "muita", "uma", "com", "também", "mais", "mas", "ao", "da", "do", "das", "dos", "água", "caminho", "trilho", "você", "estava", "foi", "é", "são", "há", "para", "pelo", "pela", "onde", "depois", "ainda", "nem", "melhor", "levar", "fizemos", "crianças", "cão", "hoje", "pouco", "vez", "gente", "chegar", "então", "isso", "essa", "esse", "até", "já", "lá", "aqui", "bem", "vale", "praia"],
        "ca": ["molt", "molta", "amb", "i", "però", "també", "és", "hi", "els", "les", "una", "per", "aigua", "camí", "estava", "va", "vam", "hem", "nens", "gos", "avui", "poc", "vegada", "gent", "arribar", "després", "encara", "ni", "millor", "portar", "fins", "des", "on", "que", "cal", "bastant", "sortida", "platja", "cala", "pujada", "baixada", "pas", "l'", "d'", "tot", "tota", "aquest", "aquesta"],
        "oc": ["amb", "es", "una", "lo", "los", "las", "pas", "mas", "plan", "polit", "nos", "cal", "aiga", "camin", "èra", "èrem", "avèm", "aquí", "aquel", "aquela", "d'aiga", "fòrça", "tanben", "pus", "mai", "que", "dins", "sus", "jos", "amont", "aval", "pels", "dels", "al", "als", "fa", "fasiá", "caliá", "cap", "tot", "tota", "son", "montanha", "montanhas", "vista", "pòt", "pòdes"],
        "fr": ["très", "avec", "mais", "aussi", "est", "il", "y", "a", "les", "une", "pour", "eau", "chemin", "sentier", "était", "nous", "avons", "enfants", "chien", "aujourd'hui", "peu", "fois", "gens", "arriver", "après", "encore", "ni", "mieux", "porter", "jusqu'à", "depuis", "où", "faut", "assez", "beaucoup", "le", "la", "des", "du", "au", "aux", "sur", "dans", "pas", "on", "c'est", "j'ai"],
        "it": ["molto", "con", "ma", "da", "di", "che", "non", "si", "ci", "alla", "un", "uno", "questo", "questa", "troppa", "troppo", "bellissimo", "bellissima", "anche", "è", "c'è", "gli", "una", "per", "acqua", "sentiero", "era", "abbiamo", "bambini", "cane", "oggi", "poco", "volta", "gente", "arrivare", "dopo", "ancora", "né", "meglio", "portare", "fino", "dove", "bisogna", "abbastanza", "il", "lo", "della", "delle", "del", "nel", "sono"],
        "nb": ["ikke", "jeg", "hva", "hvor", "noen", "mye", "veldig", "fjellet", "vann", "hytte", "hytta", "med", "og", "det", "var", "en", "et", "er", "til", "på", "av", "vi", "oss", "bare", "også", "etter", "over", "utsikten", "turen", "fra", "men", "kom", "gikk", "selv", "hvis", "noe", "nå", "dag", "dagen"],
        "nn": ["ikkje", "eg", "kva", "kvar", "nokon", "mykje", "veldig", "fjellet", "vatn", "hytte", "hytta", "med", "og", "det", "var", "ein", "eit", "er", "til", "på", "av", "vi", "oss", "berre", "òg", "etter", "over", "utsikta", "turen", "frå", "men", "kom", "gjekk", "sjølv", "dersom", "noko", "no", "dag", "dagen", "korleis", "me", "heile", "mange", "fekk", "ho", "han", "kjem", "vere", "vore"],
        "da": ["ikke", "jeg", "hvad", "hvor", "nogle", "meget", "vand", "hytte", "og", "det", "var", "en", "et", "er", "til", "på", "af", "vi", "os", "kun", "også", "efter", "fra", "men", "kom", "gik", "selv", "hvis", "noget", "nu", "dag"],
        "sv": ["inte", "jag", "vad", "var", "några", "mycket", "väldigt", "vatten", "stuga", "och", "det", "en", "ett", "är", "till", "på", "av", "vi", "oss", "bara", "också", "efter", "från", "men", "kom", "gick", "själv", "om", "något", "nu", "dag"],
        "hr": ["je", "i", "se", "na", "u", "da", "smo", "sam", "nije", "ali", "vrlo", "jako", "lijepo", "lijep", "lijepa", "rijeka", "vrijeme", "tjedan", "tisuću", "kruh", "što", "tko", "gdje", "kada", "staza", "put", "voda", "vode", "planinarski", "dom", "vidik", "mjesto", "mjesta", "sigurno", "tijekom", "uvijek", "nešto", "ništa", "trebalo", "treba", "bilo", "bio", "bila", "dobro", "puno", "malo", "sati", "kilometara"],
        "sr": ["je", "i", "se", "na", "u", "da", "smo", "sam", "nije", "ali", "vrlo", "jako", "lepo", "lep", "lepa", "reka", "vreme", "nedelja", "hiljadu", "hleb", "šta", "ko", "gde", "kada", "staza", "put", "voda", "vode", "mesto", "mesta", "sigurno", "tokom", "uvek", "nešto", "ništa", "trebalo", "treba", "bilo", "bio", "bila", "dobro", "puno", "malo", "sati"],
        "bs": ["je", "i", "se", "na", "u", "da", "smo", "sam", "nije", "ali", "vrlo", "jako", "lijepo", "rijeka", "vrijeme", "sedmica", "hiljadu", "hljeb", "šta", "ko", "gdje", "kada", "staza", "voda", "mjesto", "uvijek", "nešto", "trebalo", "bilo", "dobro", "puno", "malo"],
        "sl": ["je", "in", "se", "na", "v", "da", "smo", "sem", "ni", "ampak", "zelo", "lepo", "lep", "lepa", "reka", "vreme", "teden", "tisoč", "kruh", "kaj", "kdo", "kje", "kdaj", "pot", "voda", "vode", "koča", "koči", "razgled", "mesto", "vedno", "nekaj", "nič", "bilo", "bil", "bila", "dobro", "veliko", "malo", "ur", "pa", "tudi", "ker", "jezero", "jezera", "smo", "nas", "so", "bo"],
        "mk": ["многу", "патека", "патеката", "убаво", "убава", "но", "и", "е", "се", "на", "во", "од", "со", "за", "што", "кој", "каде", "кога", "вода", "езеро", "езерото", "планинарски", "дом", "имаше", "беше", "бевме", "го", "ги", "ја", "нè", "сè", "треба", "добро", "малку", "часа", "има", "нема", "пат", "горе", "долу", "ние", "тоа", "овој", "оваа", "ова"],
        "bg": ["много", "пътека", "пътеката", "хубаво", "красиво", "но", "и", "е", "се", "на", "в", "във", "от", "с", "със", "за", "какво", "кой", "къде", "кога", "вода", "езеро", "езерото", "хижа", "хижата", "имаше", "беше", "бяхме", "го", "ги", "я", "трябва", "добре", "малко", "часа", "има", "няма", "път", "горе", "долу", "ние", "това", "този", "тази", "които", "още", "ще"],
        "ru": ["очень", "тропа", "красиво", "но", "и", "это", "в", "на", "от", "с", "для", "что", "кто", "где", "когда", "вода", "озеро", "было", "были", "мы", "нужно", "хорошо", "немного", "часа", "есть", "нет", "путь", "наверх", "вниз", "этот", "эта", "который", "ещё", "будет"],
    ]

    /// Letters and letter pairs that one language of a group writes and its neighbours do not.
    static let spellings: [String: [String]] = [
        "pt": ["ão", "ões", "ç", "lh", "nh", "õ", "ã", "ê"],
        "gl": ["x"],
        "es": ["ñ", "ll", "ción", "¿", "¡"],
        "ca": ["l·l", "ny", "ç", "à", "ò", "tx", "ix"],
        "oc": ["lh", "nh", "ò", "ç", "à", "tz"],
        "nn": ["kj", "kv"],
        "mk": ["ѓ", "ќ", "ѕ", "љ", "њ", "џ", "ј"],
        "bg": ["ъ", "щ", "я", "ю", "ь"],
        "sr": ["ђ", "ћ", "љ", "њ", "џ", "ј"],
    ]

    /// Each group's languages, sorted, with their places in `MarkerIndex` (nil: no markers):
    /// scores are read by place, not through a string's hash, on most lines `detect` reads.
    private static let members: [[(tag: String, position: Int?)]] = groups.map { group in
        group.sorted().map { ($0, MarkerIndex.shared.position[$0]) }
    }

    /// Each grouped tag's first group in `groups`: one lookup where `detect` asks for every line.
    private static let firstGroup: [String: Int] = {
        var first: [String: Int] = [:]
        for (index, group) in groups.enumerated() {
            for tag in group where first[tag] == nil { first[tag] = index }
        }
        return first
    }()

    /// Marker score of a language over the words of a text: its marker words, plus half a point
    /// for each word written with a spelling only it uses in its group (`MarkerEvidence` counts).
    static func score(_ tag: String, words: WordList) -> Double {
        MarkerEvidence(words).score(tag)
    }

    /// Languages in one group with the candidate whose marker words fit clearly better than the candidate's.
    static func markerAgreement(of tag: String, evidence: MarkerEvidence) -> Agreement {
        guard let group = firstGroup[tag] else { return .neutral }
        var own = 0.0
        var best = 0.0
        for member in members[group] {
            if member.tag == tag {
                own = evidence.score(at: member.position)
            } else {
                best = max(best, evidence.score(at: member.position))
            }
        }
        if own > best + 0.05 { return .supports }
        // A neighbour with at least as much evidence as the candidate makes the candidate doubtful.
        if best > 0 && best >= own { return .contradicts }
        return .neutral
    }

    /// The languages that share a group with `tag`, without `tag` itself.
    static func neighbours(of tag: String) -> Set<String> {
        groups.reduce(into: Set<String>()) { result, group in
            if group.contains(tag) { result.formUnion(group) }
        }.subtracting([tag])
    }

    /// Whether a language belongs to one of the groups CLD2 confuses.
    static func isInCloseGroup(_ tag: String) -> Bool {
        firstGroup[tag] != nil
    }

    /// Reorders CLD2's hypotheses inside a close-language group by marker words.
    ///
    /// Only the languages of the top hypothesis's group compete, and a language CLD2 did not
    /// name can enter only with clearly more marker words than the one it did. Of challengers
    /// with equal scores, the one CLD2 ranked higher wins, then the first by tag (this used to
    /// follow a dictionary's order, which differs from process to process).
    static func rerank(_ hypotheses: [LanguageHypothesis], words: WordList, evidence: () -> MarkerEvidence) -> [LanguageHypothesis] {
        guard let top = hypotheses.first, let group = firstGroup[top.tag], words.count >= 3 else { return hypotheses }
        let evidence = evidence()
        var topScore = 0.0
        func rank(_ tag: String) -> Int { hypotheses.firstIndex { $0.tag == tag } ?? hypotheses.count }
        // The highest score; of equal ones, the first in the order (CLD2's rank, then tag).
        var found: (tag: String, score: Double, rank: Int)?
        for (tag, position) in members[group] {
            let score = evidence.score(at: position)
            if tag == top.tag { topScore = score }
            guard let current = found, score <= current.score else {
                found = (tag, score, rank(tag))
                continue
            }
            if score == current.score, (rank(tag), tag) < (current.rank, current.tag) {
                found = (tag, score, rank(tag))
            }
        }
        guard let (challenger, challengerScore, _) = found,
              challenger != top.tag,
              challengerScore > topScore + 0.08 else { return hypotheses }
        var reordered = hypotheses.filter { $0.tag != challenger }
        let probability = max(hypotheses.first { $0.tag == challenger }?.probability ?? 0, top.probability)
        reordered.insert(LanguageHypothesis(tag: challenger, probability: probability), at: 0)
        return reordered
    }
}
