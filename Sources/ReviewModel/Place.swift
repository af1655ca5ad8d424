/// A named place along a route: a peak, hut, pass, village, river or the route itself.
///
/// Translations keep these names as written instead of translating them as words ("Monte
/// Perdido" is not "the Lost Mountain"); where another language has its own name for the
/// place, `names` gives it, and a translation into that language uses it.
public struct Place: Codable, Sendable, Hashable {
    /// The name shown for the place, as the data writes it (usually its local form).
    public var name: String
    /// What kind of place it is, as free text (`"peak"`, `"hut"`, ...), or empty.
    public var kind: String
    /// BCP 47 language -> the place's name in that language, the local form included; empty
    /// when every language calls it the same.
    public var names: [String: String]

    /// Creates a place from its parts without validating them.
    public init(name: String, kind: String = "", names: [String: String] = [:]) {
        self.name = name
        self.kind = kind
        self.names = names
    }

    /// `kind` and `names` may be left out of the data.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name),
                  kind: try container.decodeIfPresent(String.self, forKey: .kind) ?? "",
                  names: try container.decodeIfPresent([String: String].self, forKey: .names) ?? [:])
    }

    /// Every way the data writes the place: its name first, then the other languages' forms
    /// (sorted, so the order does not depend on a dictionary's).
    public var spellings: [String] {
        var seen: Set<String> = [name]
        return [name] + names.values.sorted().filter { seen.insert($0).inserted }
    }

    /// The name a text in `language` should use: that language's form, or nil when the data
    /// gives none (then a name is kept as written).
    public func name(in language: String) -> String? {
        names[language]
    }
}
