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
    static func scan(store: PackStore, roots: [String]) -> InstalledPairs {
        let installed = store.installed()
        let apertium = installed.filter { $0.packEngine == .apertium }.map { (root: store.folder(of: $0.id), pack: Optional($0.id)) }
        var pairs = scan(rootsWithPacks: apertium + roots.map { ($0, nil) })
        pairs.storeIDs = Set(installed.map(\.id))
        for pack in installed where pack.packEngine == .apertium && pairs.versions[pack.id] != nil {
            pairs.versions[pack.id] = memoryVersion(of: pack)
        }
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
        scan(rootsWithPacks: roots.map { ($0, nil) })
    }

    /// Roots, each with its pack id when it is one pack's folder (else ids come from the data paths).
    static func scan(rootsWithPacks: [(root: String, pack: String?)]) -> InstalledPairs {
        var pairs = InstalledPairs()
        var directionsByPack: [String: [Direction]] = [:]
        var order: [String] = []
        for (root, knownPack) in rootsWithPacks {
            let modes = root + "/modes"
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: modes)) ?? []).filter { $0.hasSuffix(".mode") }.sorted()
            var found: [String: [Direction]] = [:]
            for name in names {
                let mode = String(name.dropLast(".mode".count))
                guard let tags = ApertiumCode.tags(ofMode: mode),
                      let text = try? String(contentsOfFile: modes + "/" + name, encoding: .utf8) else { continue }
                let pack = knownPack ?? packID(inModeText: text) ?? mode
                found[pack, default: []].append(Direction(source: tags.source, target: tags.target, mode: mode, pack: pack))
                pairs.locations["\(pack)/\(mode)"] = pairs.locations["\(pack)/\(mode)"] ?? Location(modeFile: modes + "/" + name, dataRoot: root)
            }
            for (pack, directions) in found where directionsByPack[pack] == nil {
                directionsByPack[pack] = directions
                order.append(pack)
                pairs.versions[pack] = fileVersion(of: directions.map { modes + "/" + $0.mode + ".mode" })
                if root == systemRoot { pairs.systemPacks.insert(pack) }
            }
        }
        pairs.packs = order.map { PackInfo(id: $0, installed: true, downloadSize: 0, directions: directionsByPack[$0] ?? []) }
        return pairs
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
