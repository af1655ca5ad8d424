import Foundation

/// The Apertium pairs on this machine: mode files under one or more data roots.
///
/// A data root is a folder laid out like Debian's /usr/share/apertium: a `modes/` folder of
/// `.mode` files whose paths start with /usr/share/apertium (or `@DATA@`, for a pack). Packs
/// in the user's store come first, then the environment's data roots (`pairRoots`, then
/// Debian's own root unless `includesSystemPairs` is false).
struct InstalledPairs: Sendable {
    /// Where one direction's mode file is, and the root its data paths are relative to.
    struct Location: Sendable, Hashable {
        var modeFile: String
        var dataRoot: String
    }

    static let systemRoot = ModeFile.installedPrefix

    var packs: [PackInfo] = []
    /// By "pack/mode".
    var locations: [String: Location] = [:]
    /// Ids of packs found under Debian's own root (shown as "system" packs).
    var systemPacks: Set<String> = []
    /// The folder of each installed neural pack, by pack id (what `NeuralWorker` loads).
    var neuralPackages: [String: String] = [:]
    /// Ids of every pack in the store, usable or not (none of them is offered for download).
    var storeIDs: Set<String> = []
    /// Each usable pack's version as the translation memory keys it, by pack id: a store pack's
    /// manifest version (and archive digest), a data root's pack the stat of its mode files.
    var versions: [String: String] = [:]

    /// Every usable pack as `id@version`: what the memory's entries may name and still be reached.
    var packVersions: Set<String> {
        Set(versions.map { "\($0.key)@\($0.value)" })
    }

    func location(of direction: Direction) -> Location? {
        locations["\(direction.pack)/\(direction.mode)"]
    }

    /// The package folder of a neural direction's pack.
    func neuralPackage(of direction: Direction) -> String? {
        neuralPackages[direction.pack]
    }

    /// The store's packs (Apertium pairs, then neural models), then the data roots (`roots`, in order).
    ///
    /// A store pack's directions are its manifest's, as the repository's index named them
    /// (`InstalledPairs+Manifest.swift`); only Debian's pairs and data roots, which have no
    /// manifest, are read from their mode names.
    static func scan(store: PackStore, roots: [String]) -> InstalledPairs {
        let installed = store.installed()
        var pairs = InstalledPairs()
        for pack in installed where pack.packEngine == .apertium {
            let folder = store.folder(of: pack.id)
            // A manifest written before `directionModes` was recorded: its mode names, read with
            // the same table the index builder used, give the same directions.
            let directions = manifestDirections(of: pack, folder: folder)
                ?? modeNameDirections(inRoot: folder, knownPack: pack.id)[pack.id] ?? []
            guard pairs.add(pack: pack.id, directions: directions, root: folder) else { continue }
            pairs.versions[pack.id] = memoryVersion(of: pack)
        }
        pairs.addRoots(roots)
        pairs.storeIDs = Set(installed.map(\.id))
        for pack in installed where pack.packEngine == .neural {
            guard let folder = store.neuralPackage(of: pack) else { continue }
            let directions = pack.directions.compactMap { tags -> Direction? in
                guard tags.count == 2, LanguageTag.isPlausible(tags[0]), LanguageTag.isPlausible(tags[1]) else { return nil }
                return Direction(source: tags[0], target: tags[1], mode: pack.id, pack: pack.id, engine: .neural)
            }
            guard !directions.isEmpty else { continue }
            pairs.neuralPackages[pack.id] = folder
            pairs.versions[pack.id] = memoryVersion(of: pack)
            pairs.packs.append(PackInfo(id: pack.id, installed: true, downloadSize: 0, directions: directions))
        }
        return pairs
    }

    /// Reads the mode files of every root; a pack found in an earlier root wins.
    static func scan(roots: [String]) -> InstalledPairs {
        var pairs = InstalledPairs()
        pairs.addRoots(roots)
        return pairs
    }

    /// Adds the packs of data roots (ids from the data paths in their mode files), unless an
    /// earlier root or the store already has a pack of that id.
    mutating func addRoots(_ roots: [String]) {
        for root in roots {
            let modes = root + "/modes"
            for (pack, directions) in Self.modeNameDirections(inRoot: root, knownPack: nil).sorted(by: { $0.key < $1.key }) {
                guard add(pack: pack, directions: directions, root: root) else { continue }
                versions[pack] = Self.fileVersion(of: directions.map { modes + "/" + $0.mode + ".mode" })
                if root == Self.systemRoot { systemPacks.insert(pack) }
            }
        }
    }

    /// Records one pack's directions and where their mode files are; false (and nothing
    /// recorded) when it has none or a pack of that id came earlier.
    mutating func add(pack: String, directions: [Direction], root: String) -> Bool {
        guard !directions.isEmpty, !packs.contains(where: { $0.id == pack }) else { return false }
        for direction in directions {
            locations["\(pack)/\(direction.mode)"] = Location(modeFile: root + "/modes/" + direction.mode + ".mode", dataRoot: root)
        }
        packs.append(PackInfo(id: pack, installed: true, downloadSize: 0, directions: directions))
        return true
    }

    /// A root's translation modes by pack, their directions read from the mode names: the
    /// pack is `knownPack` when the root is one pack's folder, else named by the data paths.
    static func modeNameDirections(inRoot root: String, knownPack: String?) -> [String: [Direction]] {
        let modes = root + "/modes"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: modes)) ?? []).filter { $0.hasSuffix(".mode") }.sorted()
        var found: [String: [Direction]] = [:]
        for name in names {
            let mode = String(name.dropLast(".mode".count))
            guard let tags = ApertiumCode.tags(ofMode: mode),
                  let text = try? String(contentsOfFile: modes + "/" + name, encoding: .utf8) else { continue }
            let pack = knownPack ?? packID(inModeText: text) ?? mode
            found[pack, default: []].append(Direction(source: tags.source, target: tags.target, mode: mode, pack: pack))
        }
        return found
    }

    /// A store pack's version for the memory: the manifest's, with the archive's digest when it
    /// was recorded (the same version rebuilt is another pack).
    static func memoryVersion(of pack: PackStore.InstalledPack) -> String {
        pack.sha256.map { pack.version + "+" + $0.prefix(16) } ?? pack.version
    }

    /// A data root's pack has no manifest: its mode files' newest modification time and total
    /// size stand for its version (an upgrade by dpkg, or a new extraction, replaces them).
    static func fileVersion(of modeFiles: [String]) -> String {
        var newest = 0
        var size = 0
        for path in modeFiles {
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            newest = max(newest, info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec)
            size += Int(info.st_size)
        }
        return "files:\(newest):\(size)"
    }

    /// "eng-spa" from a mode whose data lives in .../apertium-eng-spa/...
    static func packID(inModeText text: String) -> String? {
        guard let range = text.range(of: "/apertium-") else { return nil }
        let rest = text[range.upperBound...]
        let id = rest.prefix { $0 != "/" && $0 != "'" && $0 != " " }
        return id.isEmpty ? nil : String(id)
    }
}
