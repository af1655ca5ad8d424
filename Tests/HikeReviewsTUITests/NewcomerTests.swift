import Foundation
import TestSupport
import Testing
@testable import HikeReviewsTUI
@testable import TranslationEngine

/// A newcomer's first hour: the setup installs what the toolchain needs, `make install` gives a
/// `hike-reviews` that works from any directory, and building the pack repository is quiet.
///
/// Everything that waits (on a child, on tmux) does it on a thread of its own: a test that
/// blocks Swift's cooperative pool (two threads here) stalls every other test's timers.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct NewcomerTests {
    /// Runs `body` on a new thread and waits for it without holding a thread of the pool.
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }

    /// Runs `argv` in `folder` with `environment` (after env -i), stdin empty; returns status,
    /// stdout and stderr.
    static func run(_ argv: [String], in folder: String = NSTemporaryDirectory(), environment: [String: String] = [:]) async throws
        -> (status: Int32, output: String, error: String) {
        try await offPool { try runBlocking(argv, in: folder, environment: environment) }
    }

    private static func runBlocking(_ argv: [String], in folder: String, environment: [String: String]) throws
        -> (status: Int32, output: String, error: String) {
        let scratch = Scratch.root.appendingPathComponent("hike-newcomer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let base = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": scratch, "LANG": "C.UTF-8"]
        let variables = base.merging(environment) { $1 }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let script = "cd \"$1\" && shift && exec \"$@\""
        let command = ["/usr/bin/env", "-i"] + variables + ["/bin/sh", "-c", script, "sh", folder] + argv
        let status = try Subprocess.run(command, outputPath: scratch + "/out", errorPath: scratch + "/err")
        let read = { (name: String) in (try? String(contentsOfFile: scratch + "/" + name, encoding: .utf8)) ?? "" }
        return (status, read("out"), read("err"))
    }

    static let testRepository = Paths.packageRoot.appendingPathComponent(".build/test-repo")
    static var testRepositoryAvailable: Bool {
        FileManager.default.fileExists(atPath: testRepository.appendingPathComponent("index.json").path)
    }
}

extension NewcomerTests {
    /// Every library that swift, swift-frontend, swift-build, swift-test, clang and the runtime
    /// libraries load comes from a package scripts/setup installs (or one every Debian has).
    @Test func setupInstallsWhatTheSwiftToolchainLoads() async throws {
        let result = try await Self.run(["/bin/bash", Paths.packageRoot.appendingPathComponent("scripts/setup").path, "--check"],
                                  environment: ["PATH": "/opt/swift/usr/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("every library the Swift toolchain"))
    }

    /// scripts/install (what `make install` runs) into a fresh prefix; the binary, run by its
    /// bare name from PATH in another directory, finds the sample data and the default pack
    /// repository with no variable set.
    @Test(.needs(testRepositoryAvailable, "needs make test's pack repository (scripts/fetch-test-pairs)"))
    func installedBinaryFindsItsFilesFromAnyDirectory() async throws {
        let root = Scratch.root.appendingPathComponent("hike-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        // A checkout of the files that ship: the sample data, and a (small) built pack repository.
        let checkout = root.appendingPathComponent("checkout")
        try FileManager.default.createDirectory(at: checkout.appendingPathComponent(".build"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Paths.sampleData.deletingLastPathComponent(), to: checkout.appendingPathComponent("sample-data"))
        try FileManager.default.copyItem(at: Self.testRepository, to: checkout.appendingPathComponent(".build/pack-repo"))
        // The language-ID model scripts/setup built for this checkout (68 MB: linked, not copied),
        // the neural worker's script, and its venv when setup made one (linked; install copies it).
        try FileManager.default.createSymbolicLink(at: checkout.appendingPathComponent(".build/langid"),
                                                   withDestinationURL: Paths.packageRoot.appendingPathComponent(".build/langid"))
        let worker = checkout.appendingPathComponent(ShippedFile.neuralWorker)
        try FileManager.default.createDirectory(at: worker.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Paths.packageRoot.appendingPathComponent(ShippedFile.neuralWorker), to: worker)
        if EchoArgosRepository.available {
            try FileManager.default.createSymbolicLink(at: checkout.appendingPathComponent(".build/neural-venv"),
                                                       withDestinationURL: Paths.packageRoot.appendingPathComponent(".build/neural-venv"))
        }
        let prefix = root.appendingPathComponent("prefix").path
        let install = try await Self.run(["/bin/bash", Paths.packageRoot.appendingPathComponent("scripts/install").path, prefix, Paths.binary.path, checkout.path])
        #expect(install.status == 0, "\(install.error)")
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/hike-reviews"))
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/hike-reviews/langid/model.bin"))
        try FileManager.default.removeItem(at: checkout)

        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        // No variable that points anywhere: only the public index is left out (no internet in tests).
        let environment = ["PATH": "\(prefix)/bin:/usr/bin:/bin", "HIKE_REVIEWS_STORE": root.appendingPathComponent("store").path,
                           "HIKE_REVIEWS_SYSTEM_PAIRS": "0", Subprocess.publicIndexVariable: ""]
        let help = try await Self.run(["hike-reviews", "--help"], in: elsewhere.path, environment: environment)
        #expect(help.status == 0 && help.output.contains("hike-reviews translate"))
        let packs = try await Self.run(["hike-reviews", "packs", "list"], in: elsewhere.path, environment: environment)
        #expect(packs.status == 0, "\(packs.error)")
        #expect(packs.output.contains("eng-spa") && packs.output.contains("available"), "packs list: \(packs.output)\(packs.error)")
        let availability = try await Self.run(["hike-reviews", "availability", "es", "en"], in: elsewhere.path, environment: environment)
        #expect(availability.output == "supported\n", "availability: \(availability.output)\(availability.error)")
        let detect = try await Self.run(["/bin/sh", "-c", "echo 'El camino estaba muy bien señalizado y había agua en la fuente.' | hike-reviews detect"],
                                  in: elsewhere.path, environment: environment)
        #expect(detect.output.hasPrefix("es\t"), "detect: \(detect.output)\(detect.error)")
        if EchoArgosRepository.available {
            // Neural models run from the installation's copy of the venv and worker script.
            let argos = try EchoArgosRepository.build()
            let neural = try await Self.run(["/bin/sh", "-c", "echo 'Der Weg war steil.' | hike-reviews translate --from de --to en --yes"],
                                            in: elsewhere.path,
                                            environment: environment.merging(["HIKE_REVIEWS_PACKS_URL": "file://\(argos)/argos.json"]) { $1 })
            #expect(neural.status == 0 && neural.output == "Der Weg war steil.\n", "installed neural: \(neural.output)\(neural.error)")
        }

        // The app itself, in a terminal, with no --data: the installed sample data.
        let tmux = Tmux()
        defer { tmux.kill() }
        let variables = environment.merging(["TERM": "xterm-256color", "LANG": "C.UTF-8"]) { $1 }
        // tmux's -e does not reach the command's PATH: set it in the command.
        try tmux.start("cd '\(elsewhere.path)' && PATH='\(prefix)/bin:/usr/bin:/bin' exec hike-reviews", width: 100, height: 30, environment: variables)
        let screen = try await Self.offPool { try tmux.waitForScreen { $0.contains("Ruta del Cares") } }
        #expect(screen.contains("Ruta del Cares"), "the app's first screen:\n\(screen)")
        try tmux.send("q")
    }
}

extension NewcomerTests {
    /// A file the binary looks up beside itself is one that `make install` installs.
    @Test func scriptsInstallShipsEveryFileTheBinaryLooksFor() throws {
        let script = try String(contentsOf: Paths.packageRoot.appendingPathComponent("scripts/install"), encoding: .utf8)
        // The files that must ship, and those that ship when setup could make them.
        var shipped: [String] = []
        for name in ["shipped=(", "optional=("] {
            let list = try #require(script.firstRange(of: name).flatMap { start in
                script[start.upperBound...].firstRange(of: "\n)").map { script[start.upperBound..<$0.lowerBound] }
            })
            shipped += list.split(separator: "\n").compactMap { $0.split(separator: "#").first?.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        for file in ShippedFile.all {
            #expect(shipped.contains { file == $0 || file.hasPrefix($0 + "/") }, "scripts/install does not ship \(file): \(shipped)")
        }
        // From an installed binary the lookup goes to share/hike-reviews, less .build/.
        let installed = ShippedFile.candidates(for: ShippedFile.packRepositoryIndex, executable: URL(fileURLWithPath: "/opt/x/bin/hike-reviews"))
        #expect(installed.first?.path == "/opt/x/share/hike-reviews/pack-repo/index.json")
        let checkout = ShippedFile.candidates(for: ShippedFile.sampleData, executable: URL(fileURLWithPath: "/src/h/.build/x86_64-unknown-linux-gnu/debug/hike-reviews"))
        #expect(checkout.map(\.path) == ["/src/h/sample-data/routes.json"])
    }
}

extension NewcomerTests {
    static let buildPackRepo = Paths.packageRoot.appendingPathComponent("scripts/build-pack-repo").path

    /// Not on a terminal: a line to say what starts and a summary naming the log, which holds the
    /// per-package details.
    @Test func buildPackRepoPrintsASummaryAndLogsTheDetails() async throws {
        let root = Scratch.root.appendingPathComponent("hike-repo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try await Self.run(["/bin/bash", Self.buildPackRepo, root.appendingPathComponent("repo").path, "apertium-fr-es"],
                                        environment: ApertiumCodesTool.environment)
        #expect(result.status == 0, "\(result.error)")
        let lines = result.error.split(separator: "\n")
        let log = root.appendingPathComponent("repo.log").path
        #expect(lines.count == 2, "\(result.error)")
        #expect(lines.last?.contains("1 pack (") == true && lines.last?.contains("details: \(log)") == true, "\(result.error)")
        let details = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(details.contains("[1/1] apertium-fr-es") && details.contains("OK fr-es_"), "the log:\n\(details)")
    }

    /// On a terminal: the progress line is rewritten in place, and a failure says what failed and
    /// where the log is.
    @Test(.needs(Tmux.isAvailable, "tmux is installed by `make setup`"))
    func buildPackRepoOnATerminalShowsProgressInPlaceAndErrors() async throws {
        let root = Scratch.root.appendingPathComponent("hike-repo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let tmux = Tmux()
        defer { tmux.kill() }
        let repo = root.appendingPathComponent("repo").path
        try tmux.start("bash '\(Self.buildPackRepo)' '\(repo)' apertium-fr-es apertium-no-such-pair; echo \"exit $?\"; sleep 60",
                       width: 400, height: 30, environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"].merging(ApertiumCodesTool.environment) { $1 })
        let screen = try await Self.offPool { try tmux.waitForScreen(timeout: 60) { $0.contains("exit ") } }
        let lines = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(lines.last == "exit 1", "\(screen)")
        #expect(lines.count == 3, "one error line, one summary, the status:\n\(screen)")
        #expect(lines.first?.contains("[2/2] apertium-no-such-pair: ERROR") == true, "\(screen)")
        #expect(lines.dropFirst().first?.contains("apertium-no-such-pair (download)") == true, "\(screen)")
        #expect(lines.dropFirst().first?.contains("details: \(repo).log") == true, "\(screen)")
        #expect(!screen.contains("OK fr-es"), "per-package details stay in the log:\n\(screen)")
    }
}
