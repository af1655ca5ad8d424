import Foundation
import Testing
import TestSupport

/// `hike-reviews serve` against the Python clients people use with LibreTranslate, unchanged
/// (requirements/interop.txt): libretranslatepy, deep-translator's LibreTranslator,
/// libretranslate-aio (sync and async) and translate's libre provider. lt_clients.py runs each
/// client's calls (translate, `auto`, detect, languages, batches, an unsupported source) and
/// the same ones against stock LibreTranslate 1.9.6, so that what fails on both is the client's
/// limit and what fails on ours alone is our bug; and, with `--api-keys`, each client's key and
/// its error for a wrong one.
@Suite(.timeLimit(.minutes(5)),
       .needs(ServeProcess.hasTestPairs, "needs make test's pair data"),
       .needs(ServeProcess.hasPython, "needs .build/interop-venv (scripts/setup-interop)"))
struct ServeClientsTests {
    /// The checks lt_clients.py runs: one lost from the script fails here rather than passing unseen.
    static let checks: Set<String> = [
        "libretranslatepy translate", "libretranslatepy auto", "libretranslatepy detect", "libretranslatepy languages",
        "libretranslatepy unsupported",
        "deep-translator translate", "deep-translator auto", "deep-translator batch", "deep-translator unsupported",
        "libretranslate-aio translate", "libretranslate-aio auto", "libretranslate-aio batch", "libretranslate-aio detect",
        "libretranslate-aio languages", "libretranslate-aio health", "libretranslate-aio settings",
        "libretranslate-aio unsupported", "libretranslate-aio async",
        "translate translate", "translate auto", "translate unsupported",
    ]

    /// The script's last line: for each server ("ours", "stock"), whether each check passed.
    static func summary(_ output: String) throws -> [String: [String: Bool]] {
        let last = try #require(output.split(separator: "\n").last, "no output")
        return try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: [String: Bool]], "\(output)")
    }
}

extension ServeClientsTests {
    @Test func everyClientsEveryCallWorksAgainstServe() async throws {
        let server = try await ServeProcess.start()
        let result = try await ServeProcess.runScript("lt_clients.py", [server.url])
        let log = server.log
        let status = try await server.stop()
        let ours = try #require(try Self.summary(result.output)["ours"])
        #expect(Set(ours.keys) == Self.checks)
        #expect(ours.filter { !$0.value }.keys.sorted() == [], "\(result.output)")
        #expect(result.status == 0)
        #expect(status == 0)
        // The calls reached the server, the failing one too.
        #expect(log.contains("POST /translate 200 "))
        #expect(log.contains("POST /translate 400 "))
        #expect(log.contains("GET /frontend/settings 200 "))
    }

    /// Each client gives its key where the server wants one, and shows its own error for a wrong key.
    @Test func everyClientGivesItsKeyAndShowsAWrongKeysError() async throws {
        let folder = try Scratch.folder("keys")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "first-key\nsecond-key\n".write(toFile: folder + "/keys", atomically: true, encoding: .utf8)
        let server = try await ServeProcess.start(["--api-keys", folder + "/keys"])
        let result = try await ServeProcess.runScript("lt_clients.py", ["--key", "second-key", server.url])
        let log = server.log
        let status = try await server.stop()
        let ours = try #require(try Self.summary(result.output)["ours"])
        let wrongKeys: Set = ["libretranslatepy wrong key", "deep-translator wrong key", "libretranslate-aio wrong key", "translate wrong key"]
        #expect(Set(ours.keys) == Self.checks.union(wrongKeys))
        #expect(ours.filter { !$0.value }.keys.sorted() == [], "\(result.output)")
        #expect(result.status == 0)
        #expect(status == 0)
        #expect(log.contains("POST /translate 403 "))
    }

    @Test(.needs(FileManager.default.isExecutableFile(atPath: RemoteLibreTranslateTests.python) && EchoArgosRepository.available,
                 "needs scripts/setup-libretranslate and the neural venv"))
    func whatWorksAgainstStockLibreTranslateWorksAgainstServe() async throws {
        let stock = try await Self.offPool { try RemoteLibreTranslateTests.start() }
        defer { stock.stop() }
        let server = try await ServeProcess.start()
        let result = try await ServeProcess.runScript("lt_clients.py", [server.url, stock.url])
        let status = try await server.stop()
        let summary = try Self.summary(result.output)
        let ours = try #require(summary["ours"])
        let theirs = try #require(summary["stock"])
        #expect(Set(theirs.keys) == Self.checks)
        for (check, passed) in theirs where passed {
            #expect(ours[check] == true, "\(check) works against stock LibreTranslate, not against serve: \(result.output)")
        }
        // Stock reads only the first `q` of a form (DECISIONS: form batches), so libretranslate-aio's
        // batches get one string back there; every other call works on both.
        #expect(theirs.filter { !$0.value }.keys.sorted() == ["libretranslate-aio async", "libretranslate-aio batch"], "\(result.output)")
        #expect(result.status == 0)
        #expect(status == 0)
    }

    /// Runs `work` on a thread of its own: stock LibreTranslate's start waits for its port, up to a
    /// minute on a busy machine, which must not hold one of the cooperative pool's two threads.
    static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }
}
