import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// The pool's idle stop, memory budget and replicas, with real pipelines.
@Suite(.serialized, .needs(PipelineFixtures.dataAvailable, "needs the Apertium programs and pair data: run make test"))
struct PipelinePoolTests {
    static func location(_ mode: String) throws -> InstalledPairs.Location {
        let pairs = TranslationSessionTests.pairs
        let direction = try #require(pairs.packs.flatMap(\.directions).first { $0.mode == mode })
        return try #require(pairs.location(of: direction))
    }

    /// PSS of a warm spa-eng pipeline, measured in a pool of its own.
    static func warmSpanishFootprint() async throws -> Int {
        let probe = PipelinePool(settings: settings())
        let warm = try await probe.pipeline(for: location("spa-eng"))
        _ = try await warm.translate("El perro come manzanas en la casa.", timeout: .seconds(10))
        let footprint = warm.memoryFootprint
        await probe.shutdownAll()
        return footprint
    }

    /// The highest PSS the pool used while 40 requests (`body(index)`) ran at once, sampled
    /// every 10 ms.
    static func highestMemory(of pool: PipelinePool, _ body: @escaping @Sendable (Int) async throws -> Void) async throws -> Int {
        let sampler = Task {
            var highest = 0
            while !Task.isCancelled {
                highest = max(highest, await pool.memoryInUse())
                try? await Task.sleep(for: .milliseconds(10))
            }
            return highest
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask { try await body(index) }
            }
            try await group.waitForAll()
        }
        sampler.cancel()
        return await sampler.value
    }

    static func settings(budget: Int = 1 << 30, idle: Duration = .seconds(600), replicas: Int = 1) -> PipelinePool.Settings {
        .init(memoryBudget: budget, idleTimeout: idle, maxReplicas: replicas, replicaThreshold: 2, replicaAfter: .zero)
    }
}

extension PipelinePoolTests {
    /// Waits for the pool's sweeper to stop a member for idleness: the event, not the clock (a
    /// sweeper starved on a busy machine runs late); the test's time limit is the safety net.
    static func nextIdleStop(of pool: PipelinePool) async -> PipelinePool.Key? {
        var stops = pool.idleStops.makeAsyncIterator()
        return await stops.next()
    }
}

extension PipelinePoolTests {
    @Test(.timeLimit(.minutes(5)))
    func idlePipelinesStopAndStartAgainOnTheNextRequest() async throws {
        let pool = PipelinePool(settings: Self.settings(idle: .milliseconds(300)))
        defer { Task { await pool.shutdownAll() } }
        let location = try Self.location("spa-eng")
        let pipeline = try await pool.pipeline(for: location)
        #expect(try await pipeline.translate("El perro.", timeout: .seconds(10)) == "The dog.")
        let pids = pipeline.processIDs
        #expect(!pids.isEmpty)
        #expect(await Self.nextIdleStop(of: pool) == .apertium(location))
        #expect(!pipeline.isRunning, "stopped after being idle")
        #expect(await PipelineFaultTests.waitUntilGone(pids).isEmpty)
        let again = try await pool.pipeline(for: Self.location("spa-eng"))
        #expect(try await again.translate("El gato.", timeout: .seconds(10)) == "The cat.")
    }

    @Test func theBudgetStopsTheLeastRecentlyUsedPipeline() async throws {
        // Measure one warm pair, then allow a little more than one.
        let footprint = try await Self.warmSpanishFootprint()
        #expect(footprint > 10 << 20, "a warm spa-eng pipeline uses \(footprint >> 20) MB")

        let pool = PipelinePool(settings: Self.settings(budget: footprint + footprint / 2))
        defer { Task { await pool.shutdownAll() } }
        let spanish = try await pool.pipeline(for: Self.location("spa-eng"))
        _ = try await spanish.translate("El perro.", timeout: .seconds(10))
        let french = try await pool.pipeline(for: Self.location("fr-es"))
        #expect(!spanish.isRunning, "spa-eng was stopped to make room")
        _ = try await french.translate("Le chien.", timeout: .seconds(10))
        let back = try await pool.pipeline(for: Self.location("spa-eng"))
        #expect(back === spanish)
        #expect(!french.isRunning, "fr-es, now the least recently used, was stopped")
        #expect(try await back.translate("El gato.", timeout: .seconds(10)) == "The cat.")
        #expect(await pool.running().count == 1)
    }

    @Test func sustainedLoadStartsASecondReplica() async throws {
        let pool = PipelinePool(settings: Self.settings(replicas: 2))
        defer { Task { await pool.shutdownAll() } }
        let session = TranslationSession(sourceTag: "es", targetTag: "en", pairs: TranslationSessionTests.pairs, pool: pool)
        let requests = (0..<120).map { TranslationSession.Request(sourceText: "El río número zq\($0)x baja lleno.", clientIdentifier: "\($0)") }
        let responses = try await session.translations(from: requests)
        for (index, response) in responses.enumerated() { #expect(response.targetText.contains("zq\(index)x")) }
        let running = await pool.running()
        #expect(running.count == 2, "\(running.count) pipelines running")
        #expect(Set(running.map(\.location.modeFile)).count == 1)
    }
}

extension PipelinePoolTests {
    @Test func theBudgetHoldsWhileTwoPairsAreBusyAtOnce() async throws {
        let footprint = try await Self.warmSpanishFootprint()
        // Room for one pair, not two: the second waits until the first is idle and stopped.
        let budget = footprint + footprint / 5
        let pool = PipelinePool(settings: Self.settings(budget: budget))
        defer { Task { await pool.shutdownAll() } }
        let spanish = TranslationSession(sourceTag: "es", targetTag: "en", pairs: TranslationSessionTests.pairs, pool: pool)
        let french = TranslationSession(sourceTag: "fr", targetTag: "es", pairs: TranslationSessionTests.pairs, pool: pool)
        let highest = try await Self.highestMemory(of: pool) { index in
            let session = index.isMultiple(of: 2) ? spanish : french
            let text = index.isMultiple(of: 2) ? "El camino zq\(index)x es largo." : "Le chemin zq\(index)x est long."
            let output = try await session.translate(text).targetText
            #expect(output.contains("zq\(index)x"))
        }
        // A pipeline measured while it loads can still grow a little: allow 10%.
        #expect(highest <= budget + budget / 10, "highest \(highest >> 20) MB, budget \(budget >> 20) MB")
    }
}

extension PipelinePoolTests {
    /// `prepareTranslation` starts what the pool hands out without sending a request: the claim
    /// it was handed out with must end there, or the pool cannot stop that pipeline to make room
    /// for `claimLifetime` (a tight budget alternating two pairs waited 5 s per switch).
    @Test(.timeLimit(.minutes(5)))
    func startingEndsTheClaimItWasHandedOutWith() async throws {
        let pool = PipelinePool(settings: Self.settings())
        defer { Task { await pool.shutdownAll() } }
        let pipeline = try await pool.pipeline(for: Self.location("spa-eng"))
        #expect(pipeline.isClaimed(within: .seconds(3600)), "handed out for a request to come")
        try await pipeline.start()
        #expect(!pipeline.isClaimed(within: .seconds(3600)), "started, and no request is coming")
        #expect(pipeline.stopProcesses(sparingClaimsWithin: .seconds(3600)), "an idle, unclaimed pipeline can be stopped")
    }
}

extension PipelinePoolTests {
    /// A pipeline only started (as `prepareTranslation` does) has answered nothing and may still
    /// be loading its dictionaries: stopping it to make room must not record what it used as its
    /// size, or it is later counted too small to stop another for (two pairs then ran at once
    /// over a one-pair budget).
    @Test(.timeLimit(.minutes(5)))
    func aPipelineOnlyStartedIsNotMeasuredAsItsWarmSize() async throws {
        let footprint = try await Self.warmSpanishFootprint()
        let pool = PipelinePool(settings: Self.settings(budget: footprint + footprint / 5))
        defer { Task { await pool.shutdownAll() } }
        let spanishKey = PipelinePool.Key.apertium(try Self.location("spa-eng"))
        let spanish = try await pool.pipeline(for: Self.location("spa-eng"))
        try await spanish.start()
        #expect(!spanish.isWarm, "started, nothing answered")
        let french = try await pool.pipeline(for: Self.location("fr-es"))
        #expect(!spanish.isRunning, "spa-eng, idle, was stopped to make room")
        #expect(await pool.expectedFootprint(of: spanishKey) == PipelinePool.defaultFootprint, "not measured while cold")
        _ = try await french.translate("Le chien.", timeout: .seconds(10))
        #expect(french.isWarm)
        let back = try await pool.pipeline(for: Self.location("spa-eng"))
        #expect(!french.isRunning, "fr-es was stopped: spa-eng counts at a warm pair's size")
        #expect(try await back.translate("El gato.", timeout: .seconds(10)) == "The cat.")
        #expect(back.isWarm)
    }
}
