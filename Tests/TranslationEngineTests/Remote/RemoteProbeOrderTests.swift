import Foundation
import TestSupport
import Testing
@testable import TranslationEngine

/// `RemoteServers`' bookkeeping: each probe's result is its own server's whatever order probes
/// finish in (every order of 1, 3 and 5 servers, made to happen by `ProbeTurns`), and a text goes
/// from a failing server to the next until one answers.
@Suite(.timeLimit(.minutes(10)))
struct RemoteProbeOrderTests {
    /// What a server is, and what its probe must find.
    enum Kind {
        case libreTranslate, apy, gone, failing
    }

    /// Servers on 127.0.0.1 of each kind, started once for a test; `gone` is a closed port.
    final class Servers {
        var running: [LoopbackServer] = []
        var urls: [Kind: URL] = [:]

        init() throws {
            let fixtures = PackagePaths.fixtures.path
            let libreTranslate = try LoopbackServer(["/usr/bin/python3", fixtures + "/remote_standin.py", "libretranslate", "L"])
            running.append(libreTranslate)
            let apy = try LoopbackServer(["/usr/bin/python3", fixtures + "/remote_standin.py", "drop-apy", "P"])
            running.append(apy)
            let failing = try LoopbackServer(["/usr/bin/python3", fixtures + "/remote_hostile.py", "status-500", "probe"])
            running.append(failing)
            let gone = try LoopbackServer(["/usr/bin/python3", fixtures + "/remote_standin.py", "libretranslate", "gone"])
            gone.stop()
            urls = [.libreTranslate: URL(string: libreTranslate.url)!, .apy: URL(string: apy.url)!, .failing: URL(string: failing.url)!,
                    .gone: URL(string: gone.url)!]
        }

        func stop() { running.forEach { $0.stop() } }
    }

    /// Every order of `0..<count`.
    static func orders(_ count: Int) -> [[Int]] {
        guard count > 1 else { return [Array(0..<count)] }
        return orders(count - 1).flatMap { order in (0...order.count).map { at in var next = order; next.insert(count - 1, at: at); return next } }
    }

    /// Checks that server `index` (`kind`, at `url`) holds what its own probe found.
    static func check(_ kind: Kind, url: URL, summary: (url: URL, api: String?, problem: String?), packs: [PackInfo], order: [Int]) {
        let port = "127.0.0.1:\(url.port ?? 0)"
        #expect(summary.url == url)
        let modes = packs.first { $0.id == RemoteServers.packID(of: url) }?.directions.map(\.mode)
        switch kind {
        case .libreTranslate:
            #expect(summary.api == "LibreTranslate" && summary.problem == nil && modes == ["es|en"], "order \(order): \(summary) \(modes ?? [])")
        case .apy:
            #expect(summary.api == "Apertium-APy" && summary.problem == nil && modes == ["spa|eng"], "order \(order): \(summary) \(modes ?? [])")
        case .gone, .failing:
            #expect(summary.api == nil && modes == nil, "order \(order): \(summary)")
            #expect(summary.problem?.contains(port) == true, "order \(order): \(summary)")
            #expect(summary.problem?.contains(kind == .gone ? "did not answer" : "neither /listPairs") == true, "order \(order): \(summary)")
        }
    }
}

/// Makes the probes of a `RemoteServers` record their results in `order`, and keeps the order
/// they did.
actor ProbeTurns: ProbeOrder {
    let order: [Int]
    private(set) var recorded: [Int] = []
    private var waiting: [Int: CheckedContinuation<Void, Never>] = [:]

    init(_ order: [Int]) {
        self.order = order
    }

    func waitForTurn(of index: Int) async {
        guard order[recorded.count] != index else { return }
        await withCheckedContinuation { waiting[index] = $0 }
    }

    func recorded(_ index: Int) {
        recorded.append(index)
        if recorded.count < order.count, let next = waiting.removeValue(forKey: order[recorded.count]) { next.resume() }
    }
}

extension RemoteProbeOrderTests {
    @Test(arguments: [[Kind.apy], [.gone, .libreTranslate, .apy], [.libreTranslate, .failing, .apy, .gone, .libreTranslate]])
    func eachProbeRecordsItsOwnServerInEveryOrder(kinds: [Kind]) async throws {
        let servers = try Servers()
        defer { servers.stop() }
        // The same server twice, by two names: two servers.
        var named = kinds.map { servers.urls[$0]! }
        if kinds.count == 5 { named[4] = URL(string: "http://localhost:\(named[4].port ?? 0)")! }
        let urls = named
        // Eight orders at a time: on a busy test process (the cooperative pool's two threads held
        // by other tests' waits) one order at a time took minutes for 120.
        let orders = Self.orders(kinds.count)
        for start in stride(from: 0, to: orders.count, by: 8) {
            await withTaskGroup(of: Void.self) { group in
                for order in orders[start..<min(start + 8, orders.count)] {
                    group.addTask {
                        let turns = ProbeTurns(order)
                        let remote = RemoteServers(urls: urls, limits: RemoteLimits(probeTimeout: .seconds(60)), probeOrder: turns)
                        let packs = await remote.packs()
                        let summary = await remote.summary()
                        #expect(await turns.recorded == order)
                        #expect(summary.count == kinds.count)
                        for (index, kind) in kinds.enumerated() {
                            Self.check(kind, url: urls[index], summary: summary[index], packs: packs, order: order)
                        }
                    }
                }
            }
        }
    }

    @Test func aTextGoesFromFailingServersToTheOneThatAnswers() async throws {
        let fixtures = PackagePaths.fixtures.path
        let good = try LoopbackServer(["/usr/bin/python3", fixtures + "/remote_standin.py", "libretranslate", "G"])
        defer { good.stop() }
        var hostile: [LoopbackServer] = []
        defer { hostile.forEach { $0.stop() } }
        for behaviour in ["status-500", "reset", "silent", "endless", "redirect-302"] {
            hostile.append(try LoopbackServer(["/usr/bin/python3", fixtures + "/remote_hostile.py", behaviour, "translate", good.url]))
        }
        // The failing ones first: ties go to the first named.
        let urls = hostile.map { URL(string: $0.url)! } + [URL(string: good.url)!]
        // A generous request deadline for the good server on a busy machine; the silent one holds
        // its texts that long, once each (two failures leave it out).
        let remote = RemoteServers(urls: urls, limits: RemoteLimits(probeTimeout: .seconds(60), requestTimeout: .seconds(8),
                                                                    failuresToLeaveOut: 2, leaveOutFor: .seconds(3600)))
        let packs = await remote.packs()
        #expect(packs.count == urls.count)
        let leg = try #require(packs.first?.directions.first)
        let texts = (1...20).map { "texto \($0)" }
        let outputs = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (index, text) in texts.enumerated() {
                group.addTask { (index, try await remote.translate(text, leg: leg).text) }
            }
            var outputs = Array(repeating: "", count: texts.count)
            for try await (index, text) in group { outputs[index] = text }
            return outputs
        }
        #expect(outputs == texts.map { "G: " + $0 })
    }

    @Test func aCancelledRequestEndsAtOnceAndIsNotTheServersFailure() async throws {
        let silent = try LoopbackServer(["/usr/bin/python3", PackagePaths.fixtures.path + "/remote_hostile.py", "silent", "translate"])
        defer { silent.stop() }
        let remote = RemoteServers(urls: [URL(string: silent.url)!],
                                   limits: RemoteLimits(probeTimeout: .seconds(60), requestTimeout: .seconds(120), failuresToLeaveOut: 1))
        let leg = try #require(await remote.packs().first?.directions.first)
        let countURL = URL(string: silent.url + "/count")!
        func arrived() throws -> Int { Int(try String(decoding: Data(contentsOf: countURL), as: UTF8.self)) ?? -1 }
        for round in 1...2 {
            let request = Task { try await remote.translate("hola", leg: leg) }
            // Cancelled once the server has it (not after a fixed sleep: on a busy machine the
            // request may not have connected yet, and a transfer cancelled before it connects
            // never reaches the server).
            let waiting = ContinuousClock.now
            while try arrived() < round, ContinuousClock.now - waiting < .seconds(60) {
                try await Task.sleep(for: .milliseconds(50))
            }
            let start = ContinuousClock.now
            request.cancel()
            // curl's progress callback sees the flag within about a second; 120 s is the deadline.
            // Half the deadline tells a cancelled transfer from one that waited it out, also on a
            // machine so busy that the callback's thread waits its turn (26 s was seen).
            await #expect(throws: RemoteError.self) { try await request.value }
            #expect(ContinuousClock.now - start < .seconds(60))
        }
        // One failure would have left it out (failuresToLeaveOut 1): both requests reached it.
        #expect(try arrived() == 2)
    }
}
