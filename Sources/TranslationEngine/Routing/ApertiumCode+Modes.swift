extension ApertiumCode {
    /// The source and target tags of a translation mode name (`spa-eng_US`,
    /// with or without the `.mode` extension); nil for auxiliary modes
    /// (`eng-spa-tagger`, `spa-eng-morph`) and unknown languages.
    public static func tags(ofMode name: String) -> (source: String, target: String)? {
        let mode = name.hasSuffix(".mode") ? String(name.dropLast(5)) : name
        // Auxiliary modes add a third dash-separated part; only `xxx-yyy` translates.
        let parts = mode.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let source = bcp47(String(parts[0])),
              let target = bcp47(String(parts[1]))
        else { return nil }
        return (source, target)
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
