import Foundation
import Testing
import TestSupport

/// Apertium-APy 0.13.0's own test suite (tests/test.py of its PyPI sdist, fetched by
/// scripts/setup-apy-tests) run over HTTP by apy_own_tests.py against `hike-reviews serve` and
/// against Debian's stock APy 0.11.7 on the same pairs (make test's): every APy test that passes
/// on the stock server passes on ours. A test that fails on both says nothing about ours (it
/// wants Norwegian and Sámi pairs make test does not fetch, a web page from the internet, or
/// APy's language-names database, which Debian does not ship), so it is only counted.
@Suite(.timeLimit(.minutes(10)),
       .needs(ServeProcess.hasTestPairs, "needs make test's pair data"),
       .needs(StockApy.installed, "needs Debian's apertium-apy"),
       .needs(FileManager.default.fileExists(atPath: apyTestFile), "needs .build/apy-tests (scripts/setup-apy-tests)"))
struct ApyOwnTestsTests {
    @Test func everyTestThatPassesOnStockAPyPassesOnServe() async throws {
        let modes = try FileManager.default.contentsOfDirectory(atPath: ServeProcess.testPairs + "/modes")
            .filter { $0.hasSuffix(".mode") }.map { String($0.dropLast(".mode".count)) }.sorted()
        // Its start polls for a port file and its stop waits for the process: both block, so
        // they run on a thread of their own, off the cooperative pool other tests' timers need.
        let apy = try await Self.offPool { try StockApy.start(pairs: modes, dataRoot: ServeProcess.testPairs) }
        let stock: Report
        do {
            stock = try await Self.run(against: apy.url)
            try await Self.offPool { apy.stop() }
        } catch {
            try? await Self.offPool { apy.stop() }
            throw error
        }
        let server = try await ServeProcess.start()
        let ours: Report
        do {
            ours = try await Self.run(against: server.url)
        } catch {
            _ = try? await server.stop()
            throw error
        }
        let status = try await server.stop()
        #expect(status == 0)

        print("APy 0.13.0's own tests: stock APy 0.11.7 passed \(stock.passed) of \(stock.run), serve passed \(ours.passed) of \(ours.run)")
        for name in stock.tests.keys.sorted() {
            print("  \(name): stock \(stock.tests[name]?.result ?? "-"), serve \(ours.tests[name]?.result ?? "not run")")
        }
        // A fair number ran, and enough passed on stock for the comparison to say something.
        #expect(stock.run >= 30, "only \(stock.run) of APy's tests ran on stock APy")
        #expect(ours.run == stock.run, "\(ours.run) of APy's tests ran on serve, \(stock.run) on stock APy")
        #expect(stock.passed >= 10, "only \(stock.passed) of APy's tests passed on stock APy: is it serving make test's pairs?")
        for name in stock.tests.keys.sorted() where stock.tests[name]?.result == "PASS" {
            let outcome = ours.tests[name] ?? Report.Outcome(result: "not run", detail: "")
            guard outcome.result != "PASS" else { continue }
            Issue.record(Comment(rawValue: "APy's \(name) passes on stock APy, \(outcome.result) on serve: \(outcome.detail)"))
        }
    }

    /// apy_own_tests.py's JSON results.
    struct Report: Decodable {
        struct Outcome: Decodable {
            var result: String
            var detail: String
        }

        var tests: [String: Outcome]
        var run: Int
        var passed: Int
    }

    /// Runs APy's tests against the server at `url` with Debian's Python (test.py needs its tornado).
    static func run(against url: String) async throws -> Report {
        let folder = try Scratch.folder("apy-own-tests")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let argv = ["/usr/bin/env", "PYTHONDONTWRITEBYTECODE=1", "/usr/bin/python3", ServeProcess.scripts + "/apy_own_tests.py",
                    url, apyTestFile, folder + "/results.json"]
        let running = try Subprocess.start(argv, outputPath: folder + "/out", errorPath: folder + "/err")
        close(running.input)
        let status = try await Subprocess.waitOffPool(for: running.pid, program: "apy_own_tests.py")
        let output = (try? String(contentsOfFile: folder + "/out", encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: folder + "/err", encoding: .utf8)) ?? ""
        guard status == 0, let data = FileManager.default.contents(atPath: folder + "/results.json") else {
            throw Subprocess.Failure(description: "apy_own_tests.py against \(url) ended \(status): \(output.suffix(2000)) \(errors.suffix(2000))")
        }
        return try JSONDecoder().decode(Report.self, from: data)
    }

    /// `work` on a thread of its own, for work that blocks.
    static func offPool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }
}

/// APy's test file, as scripts/setup-apy-tests unpacks it.
private let apyTestFile = Paths.packageRoot.appendingPathComponent(".build/apy-tests/test.py").path
