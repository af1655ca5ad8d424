import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// The default repositories: the local one, then the public Argos index, which is asked with a
/// short timeout, never offline, and whose failure fails nothing else. The "public" index here
/// is a server on 127.0.0.1 named through `publicIndexURL` (HIKE_REVIEWS_PUBLIC_INDEX_URL for the
/// binary): tests have no internet.
@Suite(.serialized, .needs(PackFixtures.available, "needs make test's pack repository (scripts/fetch-test-pairs)"))
struct PublicIndexTests {
    /// make test's repository, read as file:.
    static let local = URL(fileURLWithPath: PackFixtures.repository + "/index.json")
}

extension PublicIndexTests {
    @Test func theDefaultListIsTheLocalRepositoryThenTheArgosIndex() {
        #expect(PackRepository.argosIndex.absoluteString == "https://raw.githubusercontent.com/argosopentech/argospm-index/main/index.json")
        // A library's environment knows no checkout: the public index alone (the app puts its own
        // repository first: HostEnvironmentTests).
        #expect(EngineEnvironment.fromProcess([:]).repositoryURLs == [PackRepository.argosIndex])
        #expect(EngineEnvironment.fromProcess([:]).publicIndexURL == PackRepository.argosIndex)
        // For tests: another public index, or none.
        let elsewhere = ["HIKE_REVIEWS_PUBLIC_INDEX_URL": "http://127.0.0.1:9/index.json"]
        #expect(EngineEnvironment.fromProcess(elsewhere).repositoryURLs == [URL(string: "http://127.0.0.1:9/index.json")!])
        #expect(EngineEnvironment.fromProcess(["HIKE_REVIEWS_PUBLIC_INDEX_URL": ""]).repositoryURLs == [])
        #expect(EngineEnvironment.fromProcess(["HIKE_REVIEWS_PUBLIC_INDEX_URL": "ftp://x/i.json"]).publicIndexURL == nil)
        // HIKE_REVIEWS_PACKS_URL replaces the whole list.
        #expect(EngineEnvironment.fromProcess(["HIKE_REVIEWS_PACKS_URL": "/one/index.json"]).repositoryURLs == [URL(fileURLWithPath: "/one/index.json")])
        // A manager knows the public index only when it is among its repositories.
        #expect(PackManager(store: PackStore(root: "/nonexistent"), repositoryURLs: [Self.local]).publicIndexURL == nil)
        #expect(PackManager(store: PackStore(root: "/nonexistent"), repositoryURLs: [Self.local, PackRepository.argosIndex]).publicIndexURL
                == PackRepository.argosIndex)
    }

    @Test func offlineNeverAsksThePublicIndex() async throws {
        let served = try PackFixtures.folder("public-offline")
        try Data("[]".utf8).write(to: URL(fileURLWithPath: served + "/index.json"))
        let server = try PackServer(serving: served, script: PackFixtures.serverScript)
        defer { server.stop() }
        let public_ = server.url("files/index.json")
        let store = PackStore(root: try PackFixtures.folder("public-offline-store"))
        let manager = PackManager(store: store, repositoryURLs: [Self.local, public_], offline: true, publicIndexURL: public_)
        let packs = try await manager.availablePacks()
        #expect(packs.contains { $0.id == "eng-spa" }, "the local repository still lists")
        let (_, problem) = await manager.listing()
        #expect(problem == nil, "the public index not asked is no error: \(String(describing: problem))")
        #expect(await manager.unreachableRepositories().map(\.url) == [public_])
        #expect(await manager.checkRepositories(maxAge: .zero).map(\.url) == [public_])
        try await manager.download(["eng-spa"])
        #expect(store.installed().map(\.id) == ["eng-spa"])
        #expect(server.requests().isEmpty, "no request reached the public index: \(server.requests())")
    }

    @Test(.timeLimit(.minutes(5)))
    func aPublicIndexThatNeverAnswersIsGivenUpAfterTheShortTimeout() async throws {
        let silent = try SilentServer()
        defer { silent.stop() }
        let public_ = silent.url("index.json")
        let store = PackStore(root: try PackFixtures.folder("public-silent-store"))
        let manager = PackManager(store: store, repositoryURLs: [Self.local, public_], offline: false, publicIndexURL: public_)
        let packs = try await manager.availablePacks()
        #expect(packs.contains { $0.id == "eng-spa" }, "the local repository answers")
        #expect(silent.connections >= 1, "the server was asked (and accepted)")
        let problems = await manager.unreachableRepositories()
        #expect(problems.map(\.url) == [public_])
        // Given up by the public index's own deadline, not the 30 s idle timeout: the reason
        // says which (a measured wait would only measure the machine's load).
        #expect(problems.first?.reason == .timedOut(pack: "Argos index", server: "127.0.0.1:\(silent.port)", .deadline(PackRepository.publicIndexTimeout)))
        #expect(await manager.unreachable(packs).isEmpty, "the local packs can be fetched")
        // Within a minute it is not asked again: the same reason stands, at once.
        // (No connection is the check: a time bound would only measure the machine's load.)
        let connections = silent.connections
        #expect(try await manager.availablePacks().contains { $0.id == "eng-spa" })
        #expect(silent.connections == connections)
        let (_, problem) = await manager.listing()
        #expect(problem == nil)
        try await manager.download(["eng-spa"])
        #expect(store.installed().map(\.id) == ["eng-spa"])
    }

    @Test func packsOfAnUnreachablePublicIndexAreListedFromItsCopyButNotOffered() async throws {
        let served = try PackFixtures.folder("public-gone")
        let source = try ArgosPackTests.packages.get()
        for name in try FileManager.default.contentsOfDirectory(atPath: source) {
            try FileManager.default.copyItem(atPath: source + "/" + name, toPath: served + "/" + name)
        }
        let server = try PackServer(serving: served, script: PackFixtures.serverScript)
        defer { server.stop() }
        let public_ = server.url("files/index.json")
        let store = PackStore(root: try PackFixtures.folder("public-gone-store"))
        let first = PackManager(store: store, repositoryURLs: [Self.local, public_], offline: false, publicIndexURL: public_)
        #expect(try await first.availablePacks().contains { $0.id == "translate-de_en" })
        try FileManager.default.removeItem(atPath: served + "/index.json")
        let later = PackManager(store: store, repositoryURLs: [Self.local, public_], offline: false, publicIndexURL: public_)
        let problems = await later.checkRepositories()
        #expect(problems.map(\.url) == [public_])
        let (packs, problem) = await later.listing()
        #expect(problem == nil)
        let german = try #require(packs.first { $0.id == "translate-de_en" })
        #expect(german.unreachable && german.entry?.repository == public_, "listed from the cached copy, not offered")
        #expect(packs.first { $0.id == "eng-spa" }?.unreachable == false)
        #expect(await later.unreachable(packs.compactMap(\.entry)).map(\.id).contains("translate-de_en"))
        #expect(german.entry?.origin == "127.0.0.1:\(server.port)")
    }

    @Test func severalAskingAtOnceShareOneFetch() async throws {
        let served = try PackFixtures.repositoryCopy()
        let server = try PackServer(serving: served, script: PackFixtures.serverScript)
        defer { server.stop() }
        let store = PackStore(root: try PackFixtures.folder("shared-fetch-store"))
        let manager = PackManager(store: store, repositoryURL: server.url("slow/index.json"), offline: false)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try await manager.availablePacks().count } }
            for try await count in group { #expect(count > 0) }
        }
        let fetches = server.requests().filter { $0.contains("/index.json") }
        #expect(fetches.count < 8, "\(fetches)")
    }
}
