import Foundation
import TestSupport
import Testing
import TranslationEngine
@testable import HikeReviewsTUI

/// What a newcomer reads when the public Argos index, which they never named, does not answer;
/// and what setup and `make test` print around the work.
@Suite struct NewcomerWordsTests {
    /// A public index that refuses connections at once (the discard port, nothing listens).
    static let refusing = "http://127.0.0.1:9/index.json"

    /// The variables of a `packs list` run on a fresh store without Debian's pairs.
    static func environment(store: String, publicIndex: String) -> [String] {
        ["HIKE_REVIEWS_STORE=\(store)", "HIKE_REVIEWS_SYSTEM_PAIRS=0", "HIKE_REVIEWS_PAIRS_PATH=", "HIKE_REVIEWS_PUBLIC_INDEX_URL=\(publicIndex)"]
    }

    /// A pack server whose `files/index.json` is an Argos index listing German -> English.
    static func argosServer() throws -> PackServer {
        let served = try PacksCommandTests.freshStore()
        let entry: [String: Any] = ["code": "translate-de_en", "type": "translate", "package_version": "1.0", "argos_version": "1.9.0",
                                    "from_code": "de", "from_name": "German", "to_code": "en", "to_name": "English",
                                    "links": ["http://127.0.0.1:9/translate-de_en.argosmodel"]]
        try JSONSerialization.data(withJSONObject: [entry]).write(to: URL(fileURLWithPath: served + "/index.json"))
        let script = Paths.packageRoot.appendingPathComponent("Tests/TranslationEngineTests/Fixtures/pack_server.py").path
        return try PackServer(serving: served, script: script)
    }
}

extension NewcomerWordsTests {
    /// Unreachable, the public index is said once as what it leaves, never as a URL to check.
    @Test func packsListSaysTheUnreachablePublicIndexLeavesOfflinePacksOnly() throws {
        let store = try PacksCommandTests.freshStore()
        let result = try CommandLineTests.runBinary(["packs", "list"], environment: Self.environment(store: store, publicIndex: Self.refusing))
        #expect(result.status == 0, "\(result.error)")
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 1, "said once: \(result.error)")
        #expect(result.error.hasPrefix("hike-reviews: packs list: the public Argos index is unreachable: offline packs only ("), "\(result.error)")
        #expect(!result.error.contains("--packs-url") && !result.error.contains("check the repository"), "\(result.error)")
    }

    @Test func packsListOfflineSaysThePublicIndexIsNotAsked() throws {
        let store = try PacksCommandTests.freshStore()
        let result = try CommandLineTests.runBinary(["packs", "list"],
                                                    environment: Self.environment(store: store, publicIndex: Self.refusing) + ["HIKE_REVIEWS_OFFLINE=1"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error == "hike-reviews: packs list: the public Argos index is not asked (HIKE_REVIEWS_OFFLINE): offline packs only\n")
    }

    /// With a copy of its index from an earlier run, its packs are listed from the copy.
    @Test func packsListNamesTheCopyOfAnUnreachablePublicIndex() throws {
        let server = try Self.argosServer()
        let url = server.url("files/index.json").absoluteString
        let store = try PacksCommandTests.freshStore()
        let first = try CommandLineTests.runBinary(["packs", "list"], environment: Self.environment(store: store, publicIndex: url))
        server.stop()
        #expect(first.status == 0 && first.error.isEmpty, "\(first.error)")
        let second = try CommandLineTests.runBinary(["packs", "list"], environment: Self.environment(store: store, publicIndex: url))
        #expect(second.status == 0, "\(second.error)")
        #expect(second.output.contains("translate-de_en"), "\(second.output)")
        #expect(second.error.hasPrefix("hike-reviews: packs list: the public Argos index is unreachable: its packs are listed from its copy of just now and cannot be downloaded now ("),
                "\(second.error)")
    }

    /// The app's note under a review no offline route reaches, from a real manager: the public
    /// index down with no copy, down with a copy listing German, not asked offline, and up.
    @Test func aLanguageWithNoRouteSaysWhatThePublicIndexCouldHaveOffered() async throws {
        let local = URL(fileURLWithPath: try PacksCommandTests.freshStore() + "/index.json")
        try Data("[]".utf8).write(to: local)
        func manager(_ store: String, _ public_: URL, offline: Bool = false) -> PackManager {
            PackManager(store: PackStore(root: store), repositoryURLs: [local, public_], offline: offline, publicIndexURL: public_, pairRoots: [])
        }
        let refusing = URL(string: Self.refusing)!
        let empty = manager(try PacksCommandTests.freshStore(), refusing)
        _ = await empty.checkRepositories()
        #expect(await EffectRunner.publicIndexNote(from: "de", manager: empty) == PublicIndexNote(listsLanguage: false, offline: false))

        let server = try Self.argosServer()
        let url = server.url("files/index.json")
        let store = try PacksCommandTests.freshStore()
        let up = manager(store, url)
        _ = await up.checkRepositories()
        #expect(await EffectRunner.publicIndexNote(from: "de", manager: up) == nil, "it answered")
        server.stop()
        let down = manager(store, url)
        _ = await down.checkRepositories()
        #expect(await EffectRunner.publicIndexNote(from: "de", manager: down) == PublicIndexNote(listsLanguage: true, offline: false))
        #expect(await EffectRunner.publicIndexNote(from: "ja", manager: down) == PublicIndexNote(listsLanguage: false, offline: false))
        #expect(await EffectRunner.publicIndexNote(from: "de", manager: manager(store, url, offline: true)) == PublicIndexNote(listsLanguage: true, offline: true))

        let lines = RouteDetailText.translationLines(
            ReviewTranslation(target: "en", status: .noRoute(source: "de", index: PublicIndexNote(listsLanguage: true, offline: false))), width: 200)
        #expect(lines.map { $0.segments.map(\.text).joined() }.joined(separator: " ")
                == "↳ no offline translation from German into English: a neural model for German is listed in the Argos index, which cannot be reached now")
    }

    /// `make test` runs Swift Testing alone: XCTest would print "Executed 0 tests" lines, as
    /// there are no XCTest tests (and none may come in unseen).
    @Test func makeTestRunsNoXCTest() throws {
        let makefile = try String(contentsOf: Paths.packageRoot.appendingPathComponent("Makefile"), encoding: .utf8)
        let runs = makefile.split(separator: "\n").filter { $0.contains("$(SWIFT) test") }
        #expect(!runs.isEmpty && runs.allSatisfy { $0.contains("--disable-xctest") }, "\(runs)")
        let tests = Paths.packageRoot.appendingPathComponent("Tests")
        let files = FileManager.default.enumerator(atPath: tests.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("import " + "XCTest"), "\(file) imports XCTest, which make test does not run")
        }
    }

    /// scripts/setup on a first run, with every package missing: apt-get and dpkg-query are
    /// stand-ins on PATH (installing real packages is not a test's to do) that say what Debian's
    /// say on a machine without apt-utils. Setup passes DEBIAN_FRONTEND through to apt-get and
    /// prints none of debconf's notes nor dpkg's progress; when apt-get fails, all it said.
    @Test(arguments: [true, false])
    func setupPrintsNoDebconfNoise(aptSucceeds: Bool) async throws {
        let bin = try Scratch.folder("fake-apt")
        let log = bin + "/calls"
        let apt = """
            #!/bin/sh
            echo "DEBIAN_FRONTEND=$DEBIAN_FRONTEND $*" >> '\(log)'
            case "$*" in *install*)
              echo "Selecting previously unselected package tmux."
              echo "debconf: unable to initialize frontend: Dialog" >&2
              echo "debconf: delaying package configuration, since apt-utils is not installed" >&2
              \(aptSucceeds ? "" : "echo 'E: Unable to locate package tmux' >&2; exit 100") ;;
            esac
            exit 0
            """
        let scripts = ["apt-get": apt, "dpkg-query": "#!/bin/sh\nexit 1\n", "sudo": "#!/bin/sh\nexec \"$@\"\n"]
        // Written by a child that exits: a file this process held open for writing could be
        // inherited by a child another test spawns meanwhile, and exec would fail (ETXTBSY).
        for (name, text) in scripts {
            _ = try await NewcomerTests.run(["/bin/sh", "-c", #"printf '%s' "$1" > "$2" && chmod 755 "$2""#, "sh", text, bin + "/" + name])
        }
        let path = bin + ":/opt/swift/usr/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try await NewcomerTests.run(["/bin/bash", Paths.packageRoot.appendingPathComponent("scripts/setup").path],
                                                 environment: ["PATH": path])
        let calls = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(calls.contains("install") && calls.split(separator: "\n").allSatisfy { $0.hasPrefix("DEBIAN_FRONTEND=noninteractive ") }, "\(calls)")
        let said = result.output + result.error
        #expect(said.contains("setup: installing "), "\(said)")
        #expect(!said.contains("debconf"), "\(said)")
        if aptSucceeds {
            #expect(result.status == 0, "\(said)")
            #expect(!said.contains("Selecting previously"), "\(said)")
        } else {
            #expect(result.status != 0)
            #expect(said.contains("E: Unable to locate package tmux") && said.contains("Selecting previously"), "all apt said: \(said)")
        }
    }
}
