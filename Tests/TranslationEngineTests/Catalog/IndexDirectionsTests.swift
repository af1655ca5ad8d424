import Foundation
import Synchronization
import TestSupport
import Testing
@testable import TranslationEngine

/// Every direction a repository's index advertises survives install and the store scan, and
/// translates with its own mode, as `apertium` does with that mode.
///
/// The repository is the default one (`<checkout>/.build/pack-repo`) when `make packs` built it,
/// else the four packs of variant directions `scripts/fetch-test-pairs` builds for `make test`.
@Suite(.serialized, .needs(PackFixtures.indexDirectionsRepository != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/apertium"),
                             "needs make test's variant repository (scripts/fetch-test-pairs)"))
struct IndexDirectionsTests {
    /// The directions the issue named as lost to plain Catalan, Occitan, Portuguese and Nynorsk.
    static let named: [(source: String, target: String)] = [
        ("es", "ca-x-iec2017"), ("es", "ca-valencia-x-uni"), ("es", "oc-aranes"), ("oc-aranes", "es"),
        ("ca", "pt-PT-x-pre1990"), ("nb", "nn-x-e"), ("nn-x-e", "nn"),
    ]

    /// One short sentence per source language (by its base subtag).
    static let sentences: [String: String] = [
        "en": "The path is long and the water is cold.", "es": "El camino es largo y el agua está fría.",
        "ca": "El camí és llarg i l'aigua és freda.", "fr": "Le chemin est long et l'eau est froide.",
        "it": "Il sentiero è lungo e l'acqua è fredda.", "pt": "O caminho é longo e a água está fria.",
        "gl": "O camiño é longo e a auga está fría.", "oc": "Lo camin es long e l'aiga es freda.",
        "an": "O camín ye largo y l'augua ye freda.", "eu": "Bidea luzea da eta ura hotza da.",
        "ro": "Drumul este lung și apa este rece.", "eo": "La vojo estas longa kaj la akvo estas malvarma.",
        "da": "Stien er lang og vandet er koldt.", "sv": "Stigen är lång och vattnet är kallt.",
        "nb": "Stien er lang og vannet er kaldt, vi kommer til å bade.", "nn": "Stien er lang og vatnet er kaldt, vi skal bada.",
        "is": "Leiðin er löng og vatnið er kalt.", "hbs": "Put je dug i voda je hladna.", "sl": "Pot je dolga in voda je mrzla.",
        "mk": "Патот е долг и водата е ладна.", "bg": "Пътят е дълъг и водата е студена.",
    ]

    /// What the index advertises: each direction with the mode the index names for it.
    static func advertised(in repository: String) throws -> [Direction] {
        let data = try Data(contentsOf: URL(fileURLWithPath: repository + "/index.json"))
        let packs = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["packs"] as? [[String: Any]] ?? []
        return packs.flatMap { pack in
            zip(pack["directions"] as? [[String]] ?? [], pack["modes"] as? [String] ?? []).map { tags, mode in
                Direction(source: tags[0], target: tags[1], mode: mode, pack: pack["id"] as? String ?? "")
            }
        }
    }

    /// A data folder for `apertium -d`: the installed pack's mode files with `@DATA@` spelt out.
    static func referenceFolder(for pack: String, in store: PackStore) throws -> String {
        let folder = try PackFixtures.folder("reference-\(pack)")
        try FileManager.default.createDirectory(atPath: folder + "/modes", withIntermediateDirectories: true)
        let modes = store.folder(of: pack) + "/modes"
        for name in try FileManager.default.contentsOfDirectory(atPath: modes) where name.hasSuffix(".mode") {
            let text = try String(contentsOfFile: modes + "/" + name, encoding: .utf8)
            try text.replacingOccurrences(of: "@DATA@", with: store.folder(of: pack)).write(toFile: folder + "/modes/" + name, atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// `apertium -u -d folder mode` on each job's text, two at a time on threads of their own (the
    /// command blocks in waitpid); in order.
    static func apertium(_ jobs: [(folder: String, mode: String, text: String)]) async -> [Result<String, any Error>] {
        let results = Mutex<[Result<String, any Error>?]>(Array(repeating: nil, count: jobs.count))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
                    let job = jobs[index]
                    let result = Result {
                        try PipelineFixtures.run("/usr/bin/apertium", ["-u", "-d", job.folder, job.mode], input: job.text)
                            .trimmingCharacters(in: .whitespacesAndNewlines)
                    }
                    results.withLock { $0[index] = result }
                }
                done.resume()
            }
        }
        return results.withLock { $0 }.map { $0! }
    }
}

extension IndexDirectionsTests {
    @Test func everyAdvertisedDirectionSurvivesInstallAndScanAndTranslatesWithItsOwnMode() async throws {
        let repository = try #require(PackFixtures.indexDirectionsRepository)
        let advertised = try Self.advertised(in: repository)
        for (source, target) in Self.named {
            #expect(advertised.contains { $0.source == source && $0.target == target }, "\(source) -> \(target) advertised")
        }

        // Install every pack from the index, then read the store as a session does.
        let store = PackStore(root: try PackFixtures.folder("index-directions-store"))
        defer { try? FileManager.default.removeItem(atPath: store.root) }
        let manager = PackManager(store: store, repositoryURL: URL(fileURLWithPath: repository + "/index.json"), offline: true)
        try await manager.download(Array(Set(advertised.map(\.pack))).sorted())
        let pairs = InstalledPairs.scan(store: store, roots: [])
        let scanned = Set(pairs.packs.flatMap(\.directions))
        for direction in advertised {
            #expect(scanned.contains(direction), "\(direction.pack) \(direction.mode): \(direction.source) -> \(direction.target) after the scan")
        }

        // Each direction's route is its own mode, and the session's text is the mode's.
        let planner = RoutePlanner(packs: pairs.packs)
        var folders: [String: String] = [:]
        for pack in Set(advertised.map(\.pack)) { folders[pack] = try Self.referenceFolder(for: pack, in: store) }
        defer { for folder in folders.values { try? FileManager.default.removeItem(atPath: folder) } }
        let texts = advertised.map { Self.sentences[LanguageTag.base($0.source)] ?? Self.sentences["en"]! }
        let references = await Self.apertium(zip(advertised, texts).map { (folders[$0.pack]!, $0.mode, $1) })

        let catalog = PackCatalog(store: store, repositoryURL: nil, repository: nil, pairs: pairs)
        let pool = PipelinePool()
        for (index, direction) in advertised.enumerated() {
            let label = "\(direction.pack) \(direction.mode) (\(direction.source) -> \(direction.target))"
            #expect(planner.route(from: direction.source, to: direction.target) == [direction], "\(label): the route")
            let session = TranslationSession(sourceTag: direction.source, targetTag: direction.target, catalog: catalog, pool: pool,
                                             consent: nil, manager: nil)
            do {
                let response = try await session.translate(texts[index])
                #expect(response.legs.map(\.pack) == [direction.pack], "\(label): \(response.route)")
                #expect(response.targetText == (try references[index].get()), "\(label)")
            } catch {
                Issue.record("\(label): \(error)")
            }
        }
        await pool.shutdownAll()
    }
}

extension IndexDirectionsTests {
    /// The scan reads a store pack's directions from its manifest; a manifest written before
    /// `directionModes` falls back to the mode names; a mode outside `modes/` is never used.
    @Test func theStoreScanReadsTheManifestAndFallsBackToModeNames() async throws {
        let repository = try #require(PackFixtures.indexDirectionsRepository)
        let advertised = try Self.advertised(in: repository).filter { $0.pack == "nno-nob" }
        try #require(!advertised.isEmpty)
        let store = PackStore(root: try PackFixtures.folder("manifest-store"))
        defer { try? FileManager.default.removeItem(atPath: store.root) }
        try await PackManager(store: store, repositoryURL: URL(fileURLWithPath: repository + "/index.json"), offline: true).download(["nno-nob"])
        let scan = { Set(InstalledPairs.scan(store: store, roots: []).packs.flatMap(\.directions)) }
        #expect(scan() == Set(advertised))

        var manifest = try #require(store.installedPack("nno-nob"))
        #expect(manifest.directionModes == advertised.map(\.mode))
        // What the manifest says wins over the mode name; a mode that leaves modes/ is dropped.
        manifest.directions[0] = ["nn", "nn-x-test"]
        manifest.directionModes?[1] = "../modes/" + advertised[1].mode
        try? FileManager.default.removeItem(atPath: store.folder(of: "nno-nob") + "/pack.json")
        try store.writeManifest(manifest, in: store.folder(of: "nno-nob"))
        var expected = Set(advertised.dropFirst(2))
        expected.insert(Direction(source: "nn", target: "nn-x-test", mode: advertised[0].mode, pack: "nno-nob"))
        #expect(scan() == expected)

        // A manifest from before directionModes: the mode names, read with the shared table.
        manifest.directionModes = nil
        try store.writeManifest(manifest, in: store.folder(of: "nno-nob"))
        #expect(scan() == Set(advertised))
    }
}
