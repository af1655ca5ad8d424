import Foundation

extension InstalledPairs {
    /// A store pack's Apertium directions as its manifest records them: each of `directions`
    /// with the mode of `directionModes` at the same place, as the repository's index gave
    /// them at install. Nil when the manifest predates `directionModes` (or names no mode
    /// file the pack has): then the mode names are read instead.
    ///
    /// The manifest is trusted no further than the index it came from: a direction whose tags
    /// are not plausible BCP 47, or whose mode is not a plain file name of a mode file inside
    /// the pack's `modes/` folder, is left out.
    static func manifestDirections(of pack: PackStore.InstalledPack, folder: String) -> [Direction]? {
        guard let modes = pack.directionModes, modes.count == pack.directions.count else { return nil }
        var directions: [Direction] = []
        for (tags, mode) in zip(pack.directions, modes) {
            guard tags.count == 2, LanguageTag.isPlausible(tags[0]), LanguageTag.isPlausible(tags[1]),
                  isPlainModeName(mode), isRegularFile(folder + "/modes/" + mode + ".mode") else { continue }
            directions.append(Direction(source: tags[0], target: tags[1], mode: mode, pack: pack.id))
        }
        return directions.isEmpty ? nil : directions
    }

    /// A mode name that stays inside `modes/`: letters, digits, `-`, `_` and `.`, not
    /// starting with a dot.
    static func isPlainModeName(_ mode: String) -> Bool {
        !mode.isEmpty && !mode.hasPrefix(".") && mode.count <= 200
            && mode.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") }
    }

    /// Whether `path` is a regular file (not a folder, not a symbolic link).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
