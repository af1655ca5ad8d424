import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// Every download ends: with an idle timeout that fires at any moment, and cancelled at any moment of
/// an attempt (before its request starts, while bytes flow, as it completes). Before, a cancel
/// that came before the request had started left the download waiting forever, and one racing
/// the request's completion crashed inside FoundationNetworking ("Trying to access a behaviour
/// for a task that in not in the registry").
@Suite(.serialized, .needs(PackFixtures.available, "needs make test's pack repository (scripts/fetch-test-pairs)"))
struct DownloadEndingTests {
    /// How one download ended: installed, or a `PackError`.
    enum Ending: Equatable {
        case installed
        case failed(PackError)
    }

    /// Downloads eng-spa into a fresh store of `setup`'s server through `index`.
    static func install(index: String, limits: DownloadLimits, in setup: PackTests.Setup) async throws -> Ending {
        let store = PackStore(root: try PackFixtures.folder("ending-store"))
        let manager = PackManager(store: store, repositoryURL: setup.server.url("files/\(index)"), limits: limits)
        do {
            try await manager.download(["eng-spa"])
            #expect(store.installed().map(\.id) == ["eng-spa"])
            return .installed
        } catch {
            return .failed(error)
        }
    }
}

extension DownloadEndingTests {
    /// Twelve installs whose idle timeout fires at any moment of the transfer (1 ms, under the
    /// floor on purpose, set on the property so the initializer does not raise it), through a
    /// plain, a slow (pauses between pieces) and a dropping server, four each: each one ends,
    /// installed or with a timeout or download error, and none crashes the test process. (Twenty
    /// once ran past the safety net on a machine loaded far beyond make test's two hogs.)
    @Test(.timeLimit(.minutes(8)))
    func installsWhoseIdleTimeoutFiresAtAnyMomentAllEnd() async throws {
        let setup = try PackTests.Setup()
        defer { setup.server.stop() }
        var limits = DownloadLimits()
        limits.idleTimeout = .milliseconds(1)
        let paths = ["files", "slow", "drop/40000"]
        let indexes = try paths.map { try PackTests.serveEnglishSpanish(via: $0, in: setup) }
        for round in 0..<12 {
            let ending = try await Self.install(index: indexes[round % paths.count], limits: limits, in: setup)
            if case .failed(let error) = ending {
                switch error {
                case .timedOut, .download: break
                default: Issue.record("round \(round): \(error)")
                }
            }
        }
    }

    /// The smallest idle timeout a setting or the initializer gives is half a second, and
    /// twenty installs with it from a server that answers at once all install.
    @Test(.timeLimit(.minutes(5)))
    func installsWithTheSmallestIdleTimeoutAllowedInstall() async throws {
        let limits = DownloadLimits(idleTimeout: .milliseconds(1))
        #expect(limits.idleTimeout == DownloadLimits.minimumIdleTimeout)
        #expect(DownloadLimits.minimumIdleTimeout == .milliseconds(500))
        let setup = try PackTests.Setup()
        defer { setup.server.stop() }
        for round in 0..<20 {
            let ending = try await Self.install(index: "index.json", limits: limits, in: setup)
            #expect(ending == .installed, "round \(round)")
        }
    }

    /// Thirty downloads, each cancelled a little later than the one before (from at once to
    /// past its end): each ends, installed or cancelled.
    @Test(.timeLimit(.minutes(5)))
    func downloadsCancelledAtAnyMomentEnd() async throws {
        let setup = try PackTests.Setup()
        defer { setup.server.stop() }
        for round in 0..<30 {
            let download = Task { try await Self.install(index: "index.json", limits: DownloadLimits(), in: setup) }
            try await Task.sleep(for: .microseconds(round * 300))
            download.cancel()
            let ending = try await download.value
            #expect(ending == .installed || ending == .failed(.cancelled), "round \(round): \(ending)")
        }
    }
}
