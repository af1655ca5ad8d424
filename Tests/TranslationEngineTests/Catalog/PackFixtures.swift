import Foundation
import TestSupport
@testable import TranslationEngine

/// The small pack repository `make test` builds, hostile variants of its archives, and helpers.
enum PackFixtures {
    static let packageRoot = PackagePaths.root
    static let repository = packageRoot.appendingPathComponent(".build/test-repo").path
    static let fixtures = PackagePaths.fixtures.path
    static let serverScript = fixtures + "/pack_server.py"

    /// The default repository (`.build/pack-repo`) when `make packs` built it, else the packs of
    /// variant directions `scripts/fetch-test-pairs` builds (`.build/variant-repo`): what
    /// IndexDirectionsTests installs.
    static var indexDirectionsRepository: String? {
        [".build/pack-repo", ".build/variant-repo"].map { packageRoot.appendingPathComponent($0).path }
            .first { FileManager.default.fileExists(atPath: $0 + "/index.json") }
    }

    static var available: Bool {
        FileManager.default.fileExists(atPath: repository + "/index.json") && FileManager.default.isExecutableFile(atPath: "/usr/bin/lt-proc")
    }

    /// A new empty folder under the temporary directory.
    static func folder(_ name: String) throws -> String {
        let path = Scratch.root.appendingPathComponent("\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A copy of the test repository, to serve and to add files to.
    static func repositoryCopy() throws -> String {
        let copy = try folder("repo")
        for name in try FileManager.default.contentsOfDirectory(atPath: repository) where !name.hasPrefix(".") {
            try FileManager.default.copyItem(atPath: repository + "/" + name, toPath: copy + "/" + name)
        }
        return copy
    }

    /// The repository's index as JSON objects.
    static func indexEntries() throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: repository + "/index.json"))
        let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return root?["packs"] as? [[String: Any]] ?? []
    }

    /// Writes an index.json of `entries` into `folder`.
    static func writeIndex(_ entries: [[String: Any]], in folder: String, name: String = "index.json") throws {
        let data = try JSONSerialization.data(withJSONObject: ["format": 1, "packs": entries])
        try data.write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    /// Hostile and broken variants of eng-spa's archive (make_archives.py), made once per run.
    static func hostileArchives() throws -> (folder: String, variants: [String: [String: Any]]) {
        let (folder, data) = try hostile.get()
        let variants = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["variants"] as? [[String: Any]] ?? []
        return (folder, Dictionary(uniqueKeysWithValues: variants.map { ($0["version"] as? String ?? "", $0) }))
    }

    private static let hostile = Result { () throws -> (String, Data) in
        let out = try folder("hostile")
        let good = try indexEntries().first { $0["id"] as? String == "eng-spa" }?["url"] as? String ?? ""
        let result = try Subprocess.output(of: ["/usr/bin/env", "python3", fixtures + "/make_archives.py", repository + "/" + good, "eng-spa", out], input: "")
        guard result.status == 0 else { throw Subprocess.Failure(description: "make_archives.py failed: \(result.error)") }
        return (out, try Data(contentsOf: URL(fileURLWithPath: out + "/variants.json")))
    }

    /// Files in a store folder, so a test can say it did not change.
    static func contents(of store: String) -> [String] {
        (FileManager.default.enumerator(atPath: store)?.allObjects as? [String] ?? []).filter { $0 != ".lock" && !$0.hasPrefix(".repository-") }.sorted()
    }
}

/// Answers consent requests as told and remembers them.
actor RecordingConsent: ConsentHandler {
    private(set) var requests: [ConsentRequest] = []
    let answer: ConsentAnswer

    init(answer: ConsentAnswer) {
        self.answer = answer
    }

    func requestConsent(_ request: ConsentRequest) async -> ConsentAnswer {
        requests.append(request)
        return answer
    }
}
