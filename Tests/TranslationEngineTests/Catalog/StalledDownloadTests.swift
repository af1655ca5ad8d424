import Foundation
import Synchronization
import TestSupport
import Testing
@testable import TranslationEngine

/// Servers that keep the connection open and stop sending, or send a byte now and then: the
/// download is given up as `DownloadLimits` says (here with a 1 s idle timeout), the error names
/// the pack and the server, and nothing of the download stays in the store.
@Suite(.serialized, .needs(PackFixtures.available, "needs make test's pack repository (scripts/fetch-test-pairs)"))
struct StalledDownloadTests {
    static let quick = DownloadLimits(idleTimeout: .seconds(1), stallNotice: .milliseconds(300))

    /// Downloads eng-spa through `path` with `limits`; returns the error, the stall events heard
    /// and the archive requests the server saw.
    static func failingDownload(via path: String, limits: DownloadLimits = quick, in setup: PackTests.Setup)
        async throws -> (error: PackError, stalls: [Duration], requests: [String]) {
        let manager = setup.manager(index: try PackTests.serveEnglishSpanish(via: path, in: setup), limits: limits)
        let stalls = Mutex<[Duration]>([])
        let events = manager.events()
        let listener = Task {
            for await event in events {
                if case .stalled(let id, let idle) = event, id == "eng-spa" { stalls.withLock { $0.append(idle) } }
            }
        }
        defer { listener.cancel() }
        // Let the listener register before the download starts.
        try await Task.sleep(for: .milliseconds(50))
        do {
            try await manager.download(["eng-spa"])
        } catch {
            try await Task.sleep(for: .milliseconds(50))
            let prefix = path.split(separator: "/").first.map(String.init) ?? path
            return (error, stalls.withLock { $0 }, setup.server.requests().filter { $0.contains("/\(prefix)/") && $0.contains(".tar") })
        }
        throw Subprocess.Failure(description: "eng-spa installed through \(path)")
    }

    /// Nothing of a failed download is left: no pack, no `.download-*`, no staging folder.
    static func expectNothingLeft(in setup: PackTests.Setup) {
        #expect(setup.store.installed().isEmpty)
        #expect(PackFixtures.contents(of: setup.store.root).isEmpty, "\(PackFixtures.contents(of: setup.store.root))")
    }
}

extension StalledDownloadTests {
    @Test(.timeLimit(.minutes(5)))
    func aServerThatStopsHalfWayIsGivenUpNamingThePackAndTheServer() async throws {
        let setup = try PackTests.Setup()
        defer { setup.server.stop() }
        let (error, stalls, requests) = try await Self.failingDownload(via: "stall/1000000", in: setup)
        #expect(error == .timedOut(pack: "eng-spa", server: "127.0.0.1:\(setup.server.port)", .noData(.seconds(1))))
        let message = error.description
        #expect(message.hasPrefix("eng-spa: download stalled: no data from 127.0.0.1:\(setup.server.port) for 1 s"), "\(message)")
        #expect(!message.contains("\n"))
        // One stall is retried once, resuming where it stopped; the second ends the download.
        #expect(requests.count == 2, "\(requests)")
        #expect(requests.last?.hasSuffix("bytes=1000000-") == true, "\(requests)")
        #expect(!stalls.isEmpty, "listeners hear that the download is stalled")
        Self.expectNothingLeft(in: setup)
    }

    @Test(.timeLimit(.minutes(5)))
    func aServerThatTricklesIsGivenUpAsTooSlow() async throws {
        let setup = try PackTests.Setup()
        defer { setup.server.stop() }
        // One byte every 50 ms is far under 1000 bytes/s over 2 s. The idle limits are set far
        // out of reach, so only the rate can end it: a busy machine that delays the server's
        // bytes by a second must not turn this into a stall.
        let (error, stalls, requests) = try await Self.failingDownload(
            via: "trickle/50", limits: DownloadLimits(idleTimeout: .seconds(120), rateWindow: .seconds(2), stallNotice: .seconds(60)), in: setup)
        guard case .timedOut("eng-spa", "127.0.0.1:\(setup.server.port)", .tooSlow(let bytes, let window, 1000)) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(window == .seconds(2))
        #expect(bytes < 2000, "\(bytes)")
        #expect(error.description.hasPrefix("eng-spa: download too slow: \(bytes) bytes from 127.0.0.1:\(setup.server.port) in 2 s"), "\(error)")
        #expect(requests.count == 1, "a server that slow is not asked again: \(requests)")
        #expect(stalls.isEmpty, "bytes kept coming: \(stalls)")
        Self.expectNothingLeft(in: setup)
    }

    @Test(.timeLimit(.minutes(5)))
    func aServerThatSendsHeadersAndNothingElseIsGivenUp() async throws {
        let setup = try PackTests.Setup()
        defer { setup.server.stop() }
        let (error, _, requests) = try await Self.failingDownload(via: "stall/0", in: setup)
        #expect(error == .timedOut(pack: "eng-spa", server: "127.0.0.1:\(setup.server.port)", .noData(.seconds(1))))
        #expect(requests.count == 2, "\(requests)")
        Self.expectNothingLeft(in: setup)
    }

    @Test(.timeLimit(.minutes(5)))
    func aStalledIndexIsGivenUpToo() async throws {
        let setup = try PackTests.Setup()
        defer { setup.server.stop() }
        let manager = setup.manager(index: "index.json", prefix: "stall/100", limits: Self.quick)
        await #expect(throws: PackError.timedOut(pack: "index", server: "127.0.0.1:\(setup.server.port)", .noData(.seconds(1)))) {
            try await manager.availablePacks()
        }
    }

    @Test(.timeLimit(.minutes(5)))
    func aSlowButSteadyServerIsNotCutOff() async throws {
        let setup = try PackTests.Setup()
        defer { setup.server.stop() }
        // 16 KB every 20 ms: seconds in all, far over 1000 bytes/s. The idle timeout is well past
        // any pause a busy machine gives the server, so only a rate rule could cut it off.
        try await setup.manager(index: try PackTests.serveEnglishSpanish(via: "slow", in: setup), limits: DownloadLimits(idleTimeout: .seconds(20)))
            .download(["eng-spa"])
        #expect(setup.store.installed().map(\.id) == ["eng-spa"])
    }

    @Test func limitsComeFromTheProcessVariables() {
        #expect(EngineEnvironment.fromProcess([:]).downloadLimits == DownloadLimits(idleTimeout: .seconds(30), minimumRate: 1000, rateWindow: .seconds(60)))
        let set = EngineEnvironment.fromProcess(["HIKE_REVIEWS_DOWNLOAD_IDLE_SECONDS": "2.5", "HIKE_REVIEWS_DOWNLOAD_MIN_RATE": "0"]).downloadLimits
        #expect(set.idleTimeout == .milliseconds(2500) && set.rateWindow == .seconds(5) && set.minimumRate == 0)
        #expect(set.stallNotice == .milliseconds(1250), "the stall is shown for a while before it is given up")
        for nonsense in ["", "0", "-3", "soon", "nan", "inf", "1e9"] {
            #expect(EngineEnvironment.fromProcess(["HIKE_REVIEWS_DOWNLOAD_IDLE_SECONDS": nonsense]).downloadLimits.idleTimeout == .seconds(30), "\(nonsense)")
        }
        #expect(EngineEnvironment.fromProcess(["HIKE_REVIEWS_DOWNLOAD_MIN_RATE": "fast"]).downloadLimits.minimumRate == 1000)
    }
}

extension StalledDownloadTests {
    /// A `file://` repository whose archive or index is a FIFO nobody writes to would block the
    /// reader for ever: such files are refused at once, like any file that is not a regular one.
    @Test(.timeLimit(.minutes(5)))
    func aFIFOInAFileRepositoryIsRefusedNotWaitedOn() async throws {
        let served = try PackFixtures.repositoryCopy()
        let store = PackStore(root: try PackFixtures.folder("store"))
        var entry = try PackTests.englishSpanish()
        try #require(mkfifo(served + "/silent.tar.gz", 0o644) == 0)
        entry["url"] = "silent.tar.gz"
        try PackFixtures.writeIndex([entry], in: served, name: "fifo-archive.json")
        let manager = PackManager(store: store, repositoryURL: URL(fileURLWithPath: served + "/fifo-archive.json"), offline: false)
        do {
            try await manager.download(["eng-spa"])
            Issue.record("installed from a FIFO")
        } catch {
            #expect(error.description.contains("not a regular file"), "\(error)")
        }
        #expect(store.installed().isEmpty)
        #expect(PackFixtures.contents(of: store.root).isEmpty, "\(PackFixtures.contents(of: store.root))")

        try #require(mkfifo(served + "/fifo-index.json", 0o644) == 0)
        let index = URL(fileURLWithPath: served + "/fifo-index.json")
        #expect(PackRepository.localIndex(index, store: store) == nil)
        do {
            _ = try await PackManager(store: store, repositoryURL: index, offline: false).availablePacks()
            Issue.record("read an index from a FIFO")
        } catch {
            #expect(error.description.contains("not a regular file"), "\(error)")
        }
    }
}
