import Foundation
import Testing
import TestSupport

/// `hike-reviews serve` answering as LibreTranslate does beyond its bodies: a wrong method (405
/// and Flask's `Allow`), `/health`, HEAD, OPTIONS and the CORS headers a browser front end
/// needs (and APy's on APy's routes), measured on the real binary (lt_parity.py) and compared
/// with stock LibreTranslate 1.9.6; form batches (`q` repeated, `source=auto` with a text no
/// route serves); `/spec`, whose paths are the routes served, compared with stock's; and
/// LibreTranslate's own API tests, run over HTTP against the binary.
@Suite(.timeLimit(.minutes(5)),
       .needs(ServeProcess.hasTestPairs, "needs make test's pair data"),
       .needs(ServeProcess.hasPython, "needs .build/interop-venv (scripts/setup-interop)"))
struct ServeParityTests {
    @Test func methodsHealthCORSFormBatchesAndSpec() async throws {
        let server = try await ServeProcess.start()
        let result = try await ServeProcess.runScript("lt_parity.py", [server.url])
        let log = server.log
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(status == 0)
        #expect(log.contains("POST /languages 405 "))
        #expect(log.contains("HEAD /health 200 "))
        #expect(log.contains("OPTIONS /translate 200 "))
        #expect(log.contains("GET /spec 200 "))
    }

    @Test(.needs(StockApy.installed, "needs Debian's apertium-apy"))
    func apyRoutesCORSAndOptionsAreStockApys() async throws {
        let apy = try StockApy.start(pairs: ["spa-eng", "eng-spa"], dataRoot: ServeProcess.testPairs)
        defer { apy.stop() }
        let server = try await ServeProcess.start()
        let result = try await ServeProcess.runScript("apy_cors.py", [server.url, apy.url + "/"])
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(status == 0)
    }

    @Test(.needs(libreTranslateTests != nil, "needs scripts/setup-libretranslate"))
    func libreTranslatesOwnAPITestsPass() async throws {
        let server = try await ServeProcess.start()
        let result = try await ServeProcess.runScript("lt_own_tests.py", [server.url, try #require(libreTranslateTests)])
        let status = try await server.stop()
        #expect(result.output == "ok 14\n", "\(result.output)")
        #expect(status == 0)
    }

    /// The same tests against stock LibreTranslate 1.9.6 (echo models for en to es, which the
    /// tests translate, and es to en), so a
    /// test that fails on both is the test's or the fixture's, not ours: every test failing on
    /// `serve` fails on stock too (and today none fails on either).
    @Test(.needs(libreTranslateTests != nil && EchoArgosRepository.available, "needs scripts/setup-libretranslate and the neural venv"))
    func libreTranslatesOwnAPITestsFailOnServeOnlyWhereTheyFailOnStock() async throws {
        let folder = try #require(libreTranslateTests)
        let stock = try RemoteLibreTranslateTests.start(pairs: ["en:es", "es:en"])
        let onStock: (status: Int32, output: String)
        do {
            onStock = try await ServeProcess.runScript("lt_own_tests.py", [stock.url, folder])
            stock.stop()
        } catch {
            stock.stop()
            throw error
        }
        let server = try await ServeProcess.start()
        let onServe = try await ServeProcess.runScript("lt_own_tests.py", [server.url, folder])
        #expect(try await server.stop() == 0)
        print("LibreTranslate's tests/test_api: stock \(onStock.output.trimmingCharacters(in: .newlines)); serve \(onServe.output.trimmingCharacters(in: .newlines))")
        // lt_own_tests.py prints one "file.test: error" line per failing test, or "ok N".
        func failing(_ output: String) -> Set<String> {
            Set(output.split(separator: "\n").filter { !$0.hasPrefix("ok ") }.map { String($0.prefix { $0 != ":" }) })
        }
        #expect(onStock.output.hasPrefix("ok ") || onStock.status == 1, "lt_own_tests.py against stock: \(onStock.output)")
        #expect(failing(onServe.output).isSubset(of: failing(onStock.output)),
                "failing on serve only: \(failing(onServe.output).subtracting(failing(onStock.output)).sorted())")
    }

    @Test(.needs(FileManager.default.isExecutableFile(atPath: RemoteLibreTranslateTests.python) && EchoArgosRepository.available,
                 "needs scripts/setup-libretranslate and the neural venv"))
    func methodsAndHeadersAreStockLibreTranslates() async throws {
        let stock = try RemoteLibreTranslateTests.start()
        defer { stock.stop() }
        let server = try await ServeProcess.start()
        let result = try await ServeProcess.runScript("lt_parity.py", [server.url, stock.url])
        let status = try await server.stop()
        #expect(result.output == "ok\n", "\(result.output)")
        #expect(status == 0)
    }
}

/// LibreTranslate's own API tests (tests/test_api of the installed package), nil without its venv.
private let libreTranslateTests: String? = {
    let lib = Paths.packageRoot.appendingPathComponent(".build/libretranslate-venv/lib").path
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib)) ?? []
    return versions.filter { $0.hasPrefix("python3") }.map { "\(lib)/\($0)/site-packages/libretranslate/tests/test_api" }
        .first { FileManager.default.fileExists(atPath: $0 + "/test_api_health.py") }
}()
