import Foundation
import Synchronization
import TranslationEngine

/// What `GET /metrics` reports (`serve --metrics`), in Prometheus's text exposition format:
/// requests by route and status, their latency, and what the engine did with their texts.
/// Counting costs one lock per request; the text is made only when scraped.
final class ServerMetrics: Sendable {
    /// Latency buckets, seconds: from a listing (about a millisecond) to a long batch.
    static let buckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

    private let state = Mutex(State())

    private struct State {
        var requests: [RouteStatus: Int] = [:]
        var latency: [Route: Histogram] = [:]
        var inFlight = 0
        var textsByEngine: [String: Int] = [:]
        var memoryHits = 0
        var textsFailed = 0
        var rateLimited = 0
    }

    /// A route as labelled: its API and its path, one of the routes served or `other`, so a
    /// client cannot grow the label set by asking for made-up paths.
    struct Route: Hashable {
        let api: String
        let path: String
    }

    private struct RouteStatus: Hashable {
        let route: Route
        let status: Int
    }

    private struct Histogram {
        var counts = Array(repeating: 0, count: ServerMetrics.buckets.count)
        var sum = 0.0
        var count = 0
    }

    init() {}

    /// A request began (the in-flight gauge).
    func began() {
        state.withLock { $0.inFlight += 1 }
    }

    /// A request of `route` was answered with `status` after `seconds`.
    func answered(_ route: Route, status: Int, seconds: Double) {
        state.withLock { state in
            state.inFlight -= 1
            state.requests[RouteStatus(route: route, status: status), default: 0] += 1
            var histogram = state.latency[route] ?? Histogram()
            for (index, bound) in Self.buckets.enumerated() where seconds <= bound { histogram.counts[index] += 1 }
            histogram.sum += seconds
            histogram.count += 1
            state.latency[route] = histogram
        }
    }

    /// A request refused by the rate limits.
    func limited() {
        state.withLock { $0.rateLimited += 1 }
    }

    /// What the engine did with a request's texts: each translated text counts once for each
    /// engine of its route; one from the translation memory counts as a hit instead.
    func translated(_ outcomes: [BatchTranslator.Outcome]) {
        state.withLock { state in
            for outcome in outcomes {
                switch outcome {
                case .translated(let response) where response.isRemembered: state.memoryHits += 1
                case .translated(let response):
                    for engine in Set(response.legs.map(\.engine.rawValue)) { state.textsByEngine[engine, default: 0] += 1 }
                case .unchanged: break
                case .failed: state.textsFailed += 1
                }
            }
        }
    }

    /// The exposition text, with the gauges read now: texts waiting in the queue, its bound,
    /// and the server's child processes (its warm pipelines' stages and neural workers).
    func exposition(queuedTexts: Int, queueLimit: Int, childProcesses: Int) -> String {
        let state = state.withLock { $0 }
        var text = ""
        Self.family(&text, "hike_serve_requests_total", "counter", "Requests answered, by API, route and HTTP status.",
                    state.requests.sorted { ($0.key.route.api, $0.key.route.path, $0.key.status) < ($1.key.route.api, $1.key.route.path, $1.key.status) }
                        .map { (Self.labels(["api": $0.key.route.api, "route": $0.key.route.path, "status": String($0.key.status)]), Double($0.value)) })
        text += "# HELP hike_serve_request_duration_seconds Time from a request's body in to its answer, by API and route.\n"
        text += "# TYPE hike_serve_request_duration_seconds histogram\n"
        for (route, histogram) in state.latency.sorted(by: { ($0.key.api, $0.key.path) < ($1.key.api, $1.key.path) }) {
            let base = ["api": route.api, "route": route.path]
            for (bound, count) in zip(Self.buckets, histogram.counts) {
                text += "hike_serve_request_duration_seconds_bucket\(Self.labels(base.merging(["le": Self.number(bound)]) { $1 })) \(count)\n"
            }
            text += "hike_serve_request_duration_seconds_bucket\(Self.labels(base.merging(["le": "+Inf"]) { $1 })) \(histogram.count)\n"
            text += "hike_serve_request_duration_seconds_sum\(Self.labels(base)) \(Self.number(histogram.sum))\n"
            text += "hike_serve_request_duration_seconds_count\(Self.labels(base)) \(histogram.count)\n"
        }
        Self.family(&text, "hike_serve_requests_in_flight", "gauge", "Requests being answered now.", [("", Double(state.inFlight))])
        Self.family(&text, "hike_serve_rate_limited_total", "counter", "Requests refused with 429 by --req-limit or --daily-req-limit.",
                    [("", Double(state.rateLimited))])
        Self.family(&text, "hike_serve_queued_texts", "gauge", "Texts accepted and not answered yet.", [("", Double(queuedTexts))])
        Self.family(&text, "hike_serve_queue_limit_texts", "gauge", "Texts that may wait at most; beyond, requests get 503.", [("", Double(queueLimit))])
        Self.family(&text, "hike_serve_texts_translated_total", "counter", "Texts translated by a pipeline or worker, by engine of their route.",
                    state.textsByEngine.sorted { $0.key < $1.key }.map { (Self.labels(["engine": $0.key]), Double($0.value)) })
        Self.family(&text, "hike_serve_memory_hits_total", "counter", "Texts answered from the translation memory.", [("", Double(state.memoryHits))])
        Self.family(&text, "hike_serve_texts_failed_total", "counter", "Texts the engine failed to translate.", [("", Double(state.textsFailed))])
        Self.family(&text, "hike_serve_child_processes", "gauge", "Processes of the server's warm pipelines and neural workers.",
                    [("", Double(childProcesses))])
        return text
    }

    /// One metric family: its HELP and TYPE lines, then its samples (labels, value).
    private static func family(_ text: inout String, _ name: String, _ type: String, _ help: String, _ samples: [(String, Double)]) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
        for (labels, value) in samples { text += "\(name)\(labels) \(number(value))\n" }
    }

    /// `{name="value",...}`, names sorted, values escaped as the format asks (backslash, double
    /// quote and line feed).
    static func labels(_ pairs: [String: String]) -> String {
        let escaped = pairs.sorted { $0.key < $1.key }.map { name, value in
            let text = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n")
            return "\(name)=\"\(text)\""
        }
        return "{" + escaped.joined(separator: ",") + "}"
    }

    /// A sample value: an integer without a fraction, else Swift's shortest exact decimal.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// The processes whose parent is this one, read from /proc (0 where there is none).
    static func childProcesses() -> Int {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.lazy.compactMap { Int32($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == me
        }.count
    }
}
