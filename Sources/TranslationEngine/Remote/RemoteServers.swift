import Foundation
import Synchronization

/// An engine's remote translation servers (`EngineEnvironment.remoteURLs`): each probed once,
/// on first use, for its API and pairs, which become packs of engine `remote`
/// (`remote http://10.0.0.5:5000`) the planner takes after installed packs.
///
/// A leg goes to the server of the same API serving its pair that has the fewest requests
/// outstanding; a connection failure, server error or refused answer is tried on each other such
/// server in turn; a server that fails `failuresToLeaveOut` times in a row is left out for
/// `leaveOutFor`.
public final class RemoteServers: Sendable {
    /// One server as probed.
    struct Server: Sendable {
        var url: URL
        var api: RemoteAPI?
        var pairs: [String: RemoteAPI.Pair] = [:]
        var outstanding = 0
        var failures = 0
        var leftOutUntil: ContinuousClock.Instant?
        /// Why the probe found no server, for `packs list`.
        var problem: String?

        var packID: String { RemoteServers.packID(of: url) }
    }

    private struct State {
        var servers: [Server]
        var probe: Task<Void, Never>?
    }

    /// The servers' base URLs, in the order given.
    public let urls: [URL]
    let limits: RemoteLimits
    private let http = RemoteHTTP()
    private let state: Mutex<State>

    /// The order probes record in, for tests (nil: as they finish).
    private let probeOrder: (any ProbeOrder)?

    init(urls: [URL], limits: RemoteLimits, probeOrder: (any ProbeOrder)? = nil) {
        self.urls = urls
        self.limits = limits
        self.probeOrder = probeOrder
        state = Mutex(State(servers: urls.map { Server(url: $0) }))
    }

    /// The pack id of a server's pairs: `remote ` and its URL.
    static func packID(of url: URL) -> String {
        "remote " + url.absoluteString
    }

    /// Every server's pairs as a pack, probing them first (once, all at the same time); a server
    /// that did not answer the probe has none.
    public func packs() async -> [PackInfo] {
        await probed()
        return state.withLock { state in
            state.servers.compactMap { server -> PackInfo? in
                guard server.api != nil, !server.pairs.isEmpty else { return nil }
                let directions = server.pairs.values.map {
                    Direction(source: $0.source, target: $0.target, mode: $0.mode, pack: server.packID, engine: .remote)
                }.sorted { $0.mode < $1.mode }
                return PackInfo(id: server.packID, installed: true, downloadSize: 0, directions: directions)
            }
        }
    }

    /// Each server's URL with its API, or why it is not used (after the probe).
    public func summary() async -> [(url: URL, api: String?, problem: String?)] {
        await probed()
        return state.withLock { $0.servers.map { ($0.url, $0.api?.rawValue, $0.problem) } }
    }

    /// `host:port` of every server that may receive a text of `legs` (each server of the same
    /// API serving the leg's pair), each once, in the order given.
    public func hosts(for legs: [Direction]) -> [String] {
        state.withLock { state in
            var hosts: [String] = []
            for leg in legs where leg.engine == .remote {
                let api = state.servers.first { $0.packID == leg.pack }?.api
                for server in state.servers where server.api == api && server.pairs[leg.mode] != nil {
                    let host = RemoteLimits.hostAndPort(of: server.url)
                    if !hosts.contains(host) { hosts.append(host) }
                }
            }
            return hosts
        }
    }

    /// Translates one leg's text on the least busy server serving it, then on each other in turn
    /// while they fail (no answer, a 5xx, an answer refused); each request ends by its deadline.
    func translate(_ text: String, leg: Direction) async throws(RemoteError) -> PipelineTranslation {
        await probed()
        var tried: [Int] = []
        var lastError: RemoteError?
        while let (index, url, api, pair) = claim(for: leg, except: tried) {
            tried.append(index)
            do {
                let output = try await api.translate(text, pair: pair, base: url, http: http, until: .now + limits.requestTimeout)
                settle(index, failed: false)
                return output
            } catch {
                // A cancelled caller's aborted request is not the server's failure.
                let failed = error.isRetryable && !Task.isCancelled
                settle(index, failed: failed)
                guard failed else { throw error }
                lastError = error
            }
        }
        throw lastError ?? .noServer(pair: leg.mode)
    }

    /// The server for `leg` with the fewest requests outstanding (not left out, not in
    /// `except`), its count raised; nil when there is none.
    private func claim(for leg: Direction, except: [Int]) -> (Int, URL, RemoteAPI, RemoteAPI.Pair)? {
        state.withLock { state in
            let now = ContinuousClock.now
            guard let api = state.servers.first(where: { $0.packID == leg.pack })?.api else { return nil }
            let candidates = state.servers.indices.filter { index in
                let server = state.servers[index]
                return server.api == api && server.pairs[leg.mode] != nil && !except.contains(index)
                    && (server.leftOutUntil.map { $0 <= now } ?? true)
            }
            guard let best = candidates.min(by: { state.servers[$0].outstanding < state.servers[$1].outstanding }),
                  let pair = state.servers[best].pairs[leg.mode] else { return nil }
            state.servers[best].outstanding += 1
            return (best, state.servers[best].url, api, pair)
        }
    }

    /// A request to server `index` ended; failures in a row leave it out for a while.
    private func settle(_ index: Int, failed: Bool) {
        state.withLock { state in
            state.servers[index].outstanding -= 1
            guard failed else {
                state.servers[index].failures = 0
                state.servers[index].leftOutUntil = nil
                return
            }
            state.servers[index].failures += 1
            if state.servers[index].failures >= limits.failuresToLeaveOut {
                state.servers[index].failures = 0
                state.servers[index].leftOutUntil = ContinuousClock.now + limits.leaveOutFor
            }
        }
    }

    /// Waits for the one probe of every server.
    private func probed() async {
        let task = state.withLock { state in
            if let probe = state.probe { return probe }
            let probe = Task { [weak self] in
                guard let self else { return }
                await withTaskGroup(of: Void.self) { group in
                    for index in urls.indices {
                        group.addTask { await self.probe(index) }
                    }
                }
            }
            state.probe = probe
            return probe
        }
        await task.value
    }

    /// Probes server `index` and records what it found under that same index, in the same task:
    /// no result travels back to be matched with its server. (Results carried with their index out
    /// of a task group's typed-throws closure came back with garbage indexes in an optimised
    /// build: DECISIONS.)
    private func probe(_ index: Int) async {
        let outcome = await Self.probe(urls[index], http: http, until: .now + limits.probeTimeout)
        await probeOrder?.waitForTurn(of: index)
        state.withLock { state in
            switch outcome {
            case .success(let (api, pairs)):
                state.servers[index].api = api
                state.servers[index].pairs = Dictionary(pairs.map { ($0.mode, $0) }, uniquingKeysWith: { first, _ in first })
            case .failure(let error):
                state.servers[index].problem = error.description
            }
        }
        await probeOrder?.recorded(index)
    }

    /// A probe's outcome as a value (typed throws kept out of the task group's closure).
    private static func probe(_ url: URL, http: RemoteHTTP, until deadline: ContinuousClock.Instant) async
        -> Result<(RemoteAPI, [RemoteAPI.Pair]), RemoteError> {
        do {
            return .success(try await RemoteAPI.probe(url, http: http, until: deadline))
        } catch {
            return .failure(error)
        }
    }
}

/// The order in which probes record what they found, chosen by a test (none in use: the order
/// they finish in).
protocol ProbeOrder: Sendable {
    /// Returns when the probe of server `index` may record its result.
    func waitForTurn(of index: Int) async
    /// The probe of server `index` recorded its result.
    func recorded(_ index: Int) async
}
