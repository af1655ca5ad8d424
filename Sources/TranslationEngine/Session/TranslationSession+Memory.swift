import Foundation

extension TranslationSession {
    /// What the memory already holds for `requests`, one answer per request in order: a
    /// response marked `isRemembered`, or nil.
    ///
    /// For showing at once what was translated before (the app opening a route): it only reads.
    /// It never downloads or asks for consent, never fetches an index and never starts a
    /// pipeline or worker. A request without a source language is detected with the session's
    /// recognizer (CLD2, cheap); nil comes back for a text that cannot be detected, a route whose
    /// packs are not all installed, a text never translated on that route with those pack
    /// versions, a session without a memory, or a cancelled one. Translating the requests whose
    /// answer was nil (`translations(from:)`) then fills the memory.
    public func rememberedTranslations(for requests: [Request]) async -> [Response?] {
        guard memory != nil, !isCancelled else { return requests.map { _ in nil } }
        var answers: [Response?] = []
        answers.reserveCapacity(requests.count)
        for request in requests {
            answers.append(await rememberedTranslation(of: request))
        }
        return answers
    }

    private func rememberedTranslation(of request: Request) async -> Response? {
        let text = request.sourceText
        // Documents are never remembered.
        guard request.format == .text else { return nil }
        // The planner's answer over the catalog as read: no index fetch, no install.
        guard !text.allSatisfy(\.isWhitespace), let source = sourceTag ?? (try? detectedTag(of: request.spannedText?.translatableText ?? text)),
              let route = await resolver.resolvedOnDisk(from: source, to: targetTag) else { return nil }
        return await route.remembered(request)
    }
}
