import TestSupport
import Testing
import TranslationEngine
@testable import HikeReviewsTUI

/// The one mapping from engine errors to what a review or the overlay says.
@Suite(.tags(.fast)) struct EngineErrorTextTests {}

extension EngineErrorTextTests {
    @Test func noRouteAndMissingPacksBecomeTheirOwnStatuses() {
        #expect(TranslationFailure(TranslationError.unsupportedLanguagePairing(source: "de", target: "cy"), source: "de") == .noRoute(source: "de"))
        #expect(TranslationFailure(TranslationError.unsupportedSourceLanguage("xx"), source: "xx").status == .noRoute(source: "xx"))
        #expect(TranslationFailure(TranslationError.notInstalled(packs: ["eng-spa", "fra-spa"]), source: "fr") == .needsPack(["eng-spa", "fra-spa"]))
    }

    /// A pipeline's failure reaches the app typed: the session keeps the `ChildProcessError` and the
    /// screen says which mode failed and why.
    @Test func aPipelineFailureKeepsItsTypeAndSaysWhichMode() throws {
        let error = TranslationError.internalError(in: "spa-eng", ChildProcessError.timedOut)
        let underlying = try #require(error.underlyingError as? ChildProcessError)
        #expect(underlying == .timedOut)
        #expect(error == .internalError)
        let failure = TranslationFailure(error, source: "es")
        // The screen writes "translation failed: " itself, so it is not said twice.
        #expect(failure == .failed("spa-eng: \(ChildProcessError.timedOut)"))
        let lines = RouteDetailText.translationLines(ReviewTranslation(target: "en", status: failure.status), width: 80)
        #expect(lines.map { $0.segments.map(\.text).joined() } == ["↳ translation failed: spa-eng: \(ChildProcessError.timedOut)"])
    }

    @Test func anyOtherErrorIsWrappedNotFlattened() throws {
        struct WorkerGone: Error, CustomStringConvertible { var description: String { "the worker exited" } }
        let wrapped = TranslationError(WorkerGone())
        #expect(wrapped == .internalError)
        #expect(wrapped.underlyingError is WorkerGone)
        #expect(TranslationError(TranslationError.notInstalled) == .notInstalled)
        // What the screen says stays what the error says of itself.
        #expect(TranslationFailure(WorkerGone(), source: "de") == .failed("the worker exited"))
    }
}
