import ApertiumCodeTable

extension ApertiumCode {
    /// The source and target tags of a translation mode name (`spa-eng_US`,
    /// with or without the `.mode` extension); nil for auxiliary modes
    /// (`eng-spa-tagger`, `spa-eng-morph`) and unknown languages.
    public static func tags(ofMode name: String) -> (source: String, target: String)? {
        ApertiumCodeTable.tags(ofMode: name.hasSuffix(".mode") ? String(name.dropLast(5)) : name)
    }

    /// Directions for a pack's mode file names, skipping auxiliary and unknown
    /// modes; sorted by mode name so the result does not depend on directory order.
    public static func directions(fromModeFiles names: [String], pack: String) -> [Direction] {
        names.compactMap { name -> Direction? in
            guard let (source, target) = tags(ofMode: name) else { return nil }
            let mode = name.hasSuffix(".mode") ? String(name.dropLast(5)) : name
            return Direction(source: source, target: target, mode: mode, pack: pack)
        }
        .sorted { $0.mode < $1.mode }
    }
}
