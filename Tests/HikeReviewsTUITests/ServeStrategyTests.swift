import Foundation
@testable import HikeReviewsServer
@testable import HikeReviewsTUI
import Testing
import TestSupport
import TranslationEngine

/// LibreTranslate's `/translate` with the `strategy` parameter it lacks (Apple's strategies, as
/// `translate --strategy`), and its declaration in `/spec`.
@Suite(.timeLimit(.minutes(5)))
struct ServeStrategyTests {
    static func translate(_ router: Router, _ body: String) async -> (status: Int, object: [String: Any]?) {
        let response = await router.respond(HTTPRequest(method: "POST", path: "/translate", headers: ["content-type": "application/json"],
                                                        body: Array(body.utf8)))
        return (response.status, try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }
}

extension ServeStrategyTests {
    @Test(.needs(ServeProcess.hasTestPairs, "needs make test's pair data"))
    func eitherStrategyTranslatesAndAnotherValueIsRefused() async throws {
        let engine = try ServeInProcessTests.engine()
        let router = Router(service: TranslationService(engine: engine), options: ServerOptions())
        for strategy in ["low-latency", "high-fidelity", ""] {
            let answer = await Self.translate(router, #"{"q": "El perro bebe agua.", "source": "es", "target": "en", "strategy": "\#(strategy)"}"#)
            #expect(answer.status == 200 && answer.object?["translatedText"] as? String == "The dog drinks water.", "\(strategy)")
        }
        let refused = await Self.translate(router, #"{"q": "El perro bebe agua.", "source": "es", "target": "en", "strategy": "fast"}"#)
        await engine.shutdown()
        #expect(refused.status == 400)
        #expect((refused.object?["error"] as? String)?.contains("strategy 'fast'") == true, "\(refused.object ?? [:])")
    }

    @Test func theSpecDeclaresTheParameterWithItsValues() async throws {
        let engine = Engine(environment: EngineEnvironment(store: PackStore(root: "/nonexistent"), offline: true, includesSystemPairs: false))
        let router = Router(service: TranslationService(engine: engine), options: ServerOptions())
        let spec = await router.respond(HTTPRequest(method: "GET", path: "/spec"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(spec.body)) as? [String: Any])
        let paths = try #require(object["paths"] as? [String: Any])
        let translate = try #require((paths["/translate"] as? [String: Any])?["post"] as? [String: Any])
        // LibreTranslate's parameters stay its own (ServeParityTests compares them with stock's);
        // ours is under a vendor extension.
        let parameters = try #require(translate["parameters"] as? [[String: Any]])
        #expect(!parameters.contains { $0["name"] as? String == "strategy" })
        let extra = try #require(translate["x-extra-parameters"] as? [[String: Any]])
        let strategy = try #require(extra.first { $0["name"] as? String == "strategy" })
        #expect(strategy["enum"] as? [String] == ["high-fidelity", "low-latency"])
        #expect(strategy["in"] as? String == "formData")
    }
}
