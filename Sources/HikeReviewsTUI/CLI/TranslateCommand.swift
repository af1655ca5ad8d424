import Dispatch
import Foundation
import Synchronization
import TextSafety
import TranslationEngine

/// `hike-reviews translate` and `hike-reviews availability`.
///
/// Lines are read on their own thread and translated several at a time (the warm pipelines
/// keep their order); each result is printed as soon as it and every line before it are done,
/// so output lines match input lines one for one and a line typed on a terminal is answered
/// at once. The lines a read brought in together go to the translator as one group (one task
/// and one call for up to `groupSize` lines, not one per line); a line alone in its read is
/// a group of one, never held for more.
enum TranslateCommand {
    /// Lines read ahead of the oldest unprinted one, at most.
    static let window = 64
    /// Lines handed to the translator together, at most: a quarter of the window, so the
    /// lines in flight stay several times the pipelines' own batch while a group is gathered.
    static let groupSize = 16

    /// How the texts are written and the terms they keep (`--format`, `--glossary`).
    struct Options: Sendable {
        /// `.html`: each input is one document, printed as it comes back (no newline added).
        var format = TextFormat.text
        /// Terms every text keeps; nil: the environment's (`HIKE_REVIEWS_GLOSSARY`), if any.
        var glossary: Glossary?

        /// The largest document `--format html` reads (a line's limit, as one text).
        static let maxDocumentBytes = LineReader.defaultMaxLineBytes * 2
    }

    /// What happened, as the command's one loop sees it.
    private enum Event: Sendable {
        /// Lines read together, numbered from the first.
        case lines(first: Int, [LineReader.Line])
        case inputEnded(status: Int32)
        case translated(Int, Outcome)
    }

    /// One line's result.
    private enum Outcome: Sendable {
        /// Printed as it came: an empty line, or text already in the target language.
        case unchanged(String, language: String?)
        case done(TranslationSession.Response)
        case failed(String, TranslationError)
        /// Not translated for a reason of this command's (a line over the limit, unreadable input).
        case refused(String)
        /// A line that is not UTF-8: given back as its bytes, with one warning.
        case notUTF8([UInt8])
    }

    /// Translates line by line; returns the exit status: 2 for a usage error (an unknown
    /// language among them) or a pair with no offline route, 3 when packs are missing and not
    /// approved, 1 when some line failed otherwise; the highest wins. 141 when the reader of
    /// standard output has gone.
    static func run(from source: String?, to target: String, json: Bool, yes: Bool, engine preference: EnginePreference = .auto,
                    strategy: TranslationSession.Strategy = .highFidelity, files: [String], options: Options = Options(),
                    in engine: Engine) async -> Int32 {
        // The engine's batch translator: detection once per line, lines already in the target
        // passed through, the memory first. Its packs come from the engine's manager even without
        // --yes, so a pair one download away is told from one with no route (exit 3, not 2).
        let translator = BatchTranslator(to: target, from: source, in: engine, preference: preference, strategy: strategy,
                                         consent: yes ? PacksCommand.ApproveWithProgress() : nil, memory: engine.memory,
                                         glossary: options.glossary)
        // With --from every line would fail the same way: say so once, before reading. With a
        // memory the pipelines wait for the first line it does not know.
        if let source {
            do {
                try await translator.prepare(from: source)
            } catch {
                let error = TranslationError(error)
                return fail(error, status: status(of: error))
            }
        }
        let (events, continuation) = AsyncStream<Event>.makeStream()
        let credits = DispatchSemaphore(value: window)
        startReader(files: files, wholeInputs: options.format == .html, events: continuation, credits: credits)

        let output = StandardOutput.shared
        var status: Int32 = 0
        var results: [Int: Outcome] = [:]
        var nextToPrint = 1
        var lastLine = 0
        var inputEnded = false
        for await event in events {
            switch event {
            case .lines(let first, let lines):
                lastLine = first + lines.count - 1
                var texts: [BatchTranslator.Text] = []
                var numbers: [Int] = []
                for (offset, line) in lines.enumerated() {
                    let number = first + offset
                    switch line {
                    case .text(let text):
                        texts.append(BatchTranslator.Text(text, format: options.format))
                        numbers.append(number)
                    case .tooLong(let bytes):
                        continuation.yield(.translated(number, .refused(LineReader.tooLongMessage(bytes: bytes, limit: LineReader.defaultMaxLineBytes))))
                    case .notUTF8(let bytes):
                        // Neither translated (its text would be U+FFFD or Latin-1 read as mojibake)
                        // nor changed: passed through, in its place.
                        continuation.yield(.translated(number, .notUTF8(bytes)))
                    case .unreadable(let message):
                        continuation.yield(.translated(number, .refused("cannot read input: \(message)")))
                    }
                }
                if !texts.isEmpty {
                    // One task for the group; each line's result is printed as soon as it and
                    // the lines before it are done, not when the whole group is.
                    Task { [texts, numbers] in
                        let answered = Mutex([Bool](repeating: false, count: texts.count))
                        await translator.translate(texts) { result in
                            answered.withLock { $0[result.index] = true }
                            continuation.yield(.translated(numbers[result.index], Self.outcome(of: result)))
                        }
                        // Every line gets its answer, or the output would wait for it forever:
                        // the translator answers each text unless its work was cancelled.
                        for (index, done) in answered.withLock({ $0 }).enumerated() where !done {
                            continuation.yield(.translated(numbers[index], .failed(texts[index].text, .alreadyCancelled)))
                        }
                    }
                }
            case .inputEnded(let readStatus):
                inputEnded = true
                status = max(status, readStatus)
            case .translated(let number, let outcome):
                results[number] = outcome
                while let ready = results.removeValue(forKey: nextToPrint) {
                    status = max(status, emit(ready, line: nextToPrint, json: json, to: output))
                    nextToPrint += 1
                    credits.signal()
                }
                if !output.flush() {
                    continuation.finish()
                    return StandardOutput.shared.failureStatus
                }
            }
            if inputEnded && nextToPrint > lastLine { break }
        }
        continuation.finish()
        return status
    }

    /// Reads every input on a thread of its own, one credit per line so it stays at most
    /// `window` lines ahead of the output. An unreadable input takes a line number of its own,
    /// so its error is reported in order.
    /// With `wholeInputs` each input is one text (an HTML document), not a text per line.
    private static func startReader(files: [String], wholeInputs: Bool, events: AsyncStream<Event>.Continuation, credits: DispatchSemaphore) {
        let thread = Thread {
            var inputs = InputFiles(files, command: "translate")
            var number = 0
            while var reader = inputs.nextReader() {
                if wholeInputs {
                    credits.wait()
                    number += 1
                    events.yield(.lines(first: number, [reader.rest(limit: Options.maxDocumentBytes)]))
                    reader.close()
                    continue
                }
                // A group is the next line and the lines already in the reader's buffer after
                // it (`nextLines`, as `detect` batches): a typed line, or one written alone into
                // a pipe, goes on at once. Every line takes a credit; waiting for one is waiting
                // for the window's oldest line, with at least `window - groupSize` in flight.
                while case let group = reader.nextLines(limit: groupSize), !group.isEmpty {
                    for _ in group { credits.wait() }
                    events.yield(.lines(first: number + 1, group))
                    number += group.count
                }
                reader.close()
            }
            events.yield(.inputEnded(status: inputs.status))
        }
        thread.name = "translate-input"
        thread.start()
    }

    /// A line's result from the translator: an empty line stays an empty line, so output lines
    /// match input lines.
    private static func outcome(of result: BatchTranslator.Result) -> Outcome {
        let line = result.text.text
        return switch result.outcome {
        case .unchanged(let language): .unchanged(line, language: language)
        case .translated(let response): .done(response)
        case .failed(let error): .failed(line, error)
        }
    }

    /// Prints one result; returns the status it adds.
    private static func emit(_ outcome: Outcome, line number: Int, json: Bool, to output: StandardOutput) -> Int32 {
        switch outcome {
        case .unchanged(let line, let language):
            let text = line.hasSuffix("\n") ? String(line.dropLast()) : line
            output.line(json ? jsonLine(nil, text: line, route: language.map { [$0] }) : text)
            return 0
        case .done(let response):
            // A document's own last newline is the one `line` writes.
            let text = response.targetText.hasSuffix("\n") ? String(response.targetText.dropLast()) : response.targetText
            output.line(json ? jsonLine(response, text: response.sourceText) : text)
            return 0
        case .failed(let line, let error):
            StandardError.print("hike-reviews: translate: line \(number): \(HostAdvice.text(error))")
            output.line(json ? jsonLine(nil, text: line, error: HostAdvice.text(error)) : "")
            return status(of: error)
        case .notUTF8(let bytes):
            StandardError.print("hike-reviews: translate: line \(number): \(LineReader.notUTF8Message)")
            if json {
                // JSON cannot hold the bytes: the text with U+FFFD in their place, and a flag.
                output.line(jsonLine(nil, text: String(decoding: bytes, as: UTF8.self), warning: LineReader.notUTF8Message))
            } else {
                output.line(bytes: bytes)
            }
            return 1
        case .refused(let message):
            StandardError.print("hike-reviews: translate: line \(number): \(message)")
            output.line(json ? jsonLine(nil, text: "", error: message) : "")
            return 1
        }
    }

    /// The exit status a failure of this kind gives.
    static func status(of error: TranslationError) -> Int32 {
        if error.meansNoRoute { return 2 }
        if error == .notInstalled { return 3 }
        return 1
    }

    /// Prints installed, supported or unsupported for a pair.
    static func availability(from source: String, to target: String, engine preference: EnginePreference = .auto,
                             strategy: TranslationSession.Strategy = .highFidelity, in engine: Engine) async -> Int32 {
        let status = await LanguageAvailability(in: engine, engine: preference, preferredStrategy: strategy).status(fromTag: source, toTag: target)
        let route = status == .installed ? await remoteRoute(from: source, to: target, engine: preference, strategy: strategy, in: engine) : nil
        StandardOutput.shared.line(route ?? status.rawValue)
        return StandardOutput.shared.flush() ? 0 : StandardOutput.shared.failureStatus
    }

    /// `remote URL ...` when the pair's route takes remote servers' legs.
    private static func remoteRoute(from source: String, to target: String, engine preference: EnginePreference,
                                    strategy: TranslationSession.Strategy, in engine: Engine) async -> String? {
        guard engine.remotes != nil,
              let route = await engine.catalogWithRemotes().routePlanner(engine: preference, ranking: strategy.ranking)
                .route(from: source, to: target) else { return nil }
        let servers = route.filter { $0.engine == .remote }.map(\.pack)
        return servers.isEmpty ? nil : EscapedText.escaped(servers.joined(separator: " "))
    }

    private static func fail(_ error: TranslationError, status: Int32) -> Int32 {
        StandardError.print("hike-reviews: translate: \(HostAdvice.text(error))")
        return status
    }

    /// One result as JSON; `warning` marks a line that was not UTF-8 (`"notUTF8": true`).
    private static func jsonLine(_ response: TranslationSession.Response?, text: String, route: [String]? = nil, error: String? = nil,
                                 warning: String? = nil) -> String {
        var object: [String: Any] = ["sourceText": text]
        if let response {
            object["targetText"] = response.targetText
            object["route"] = response.route
            object["sourceLanguage"] = response.route.first ?? ""
            object["unknownWords"] = response.unknownWords
            // One per leg, in route order: "neural" or "apertium".
            object["engines"] = response.legs.map(\.engine.rawValue)
            object["remembered"] = response.isRemembered
        } else {
            object["targetText"] = error == nil ? text : ""
            object["remembered"] = false
            if let route {
                object["route"] = route
                object["sourceLanguage"] = route.first ?? ""
                object["unknownWords"] = [String]()
            }
        }
        if let error { object["error"] = error }
        if let warning {
            object["warning"] = warning
            object["notUTF8"] = true
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

private extension TranslationError {
    /// The pair has no offline route, whatever the text.
    var meansNoRoute: Bool {
        [.unsupportedLanguagePairing, .unsupportedSourceLanguage, .unsupportedTargetLanguage].contains(self)
    }
}
