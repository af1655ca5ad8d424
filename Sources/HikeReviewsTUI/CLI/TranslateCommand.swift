import Dispatch
import Foundation
import TranslationEngine

/// `hike-reviews translate` and `hike-reviews availability`.
///
/// Lines are read on their own thread and translated several at a time (the warm pipelines
/// keep their order); each result is printed as soon as it and every line before it are done,
/// so output lines match input lines one for one and a line typed on a terminal is answered
/// at once.
enum TranslateCommand {
    /// Lines read ahead of the oldest unprinted one, at most.
    static let window = 64

    /// What happened, as the command's one loop sees it.
    private enum Event: Sendable {
        case line(Int, String)
        case inputEnded(status: Int32)
        case translated(Int, Outcome)
    }

    /// One line's result.
    private enum Outcome: Sendable {
        case blank(String)
        case done(TranslationSession.Response)
        case failed(String, TranslationError)
        case crashed(String, String)
    }

    /// Translates line by line; returns the exit status (2 when the pair has no route, 3 when
    /// packs are missing, 1 when some line failed).
    static func run(from source: String?, to target: String, json: Bool, yes: Bool, files: [String]) async -> Int32 {
        let session = TranslationSession(sourceTag: source, targetTag: target, consent: yes ? PacksCommand.ApproveWithProgress() : nil)
        // With --from every line would fail the same way: say so once, before reading.
        if source != nil {
            do {
                try await session.prepareTranslation()
            } catch let error as TranslationError {
                if error.meansNoRoute { return fail(error, status: 2) }
                if case .notInstalled = error { return fail(error, status: 3) }
                return fail(error, status: 1)
            } catch {
                return fail(.internalError("\(error)"), status: 1)
            }
        }
        let (events, continuation) = AsyncStream<Event>.makeStream()
        let credits = DispatchSemaphore(value: window)
        startReader(files: files, events: continuation, credits: credits)

        var status: Int32 = 0
        var results: [Int: Outcome] = [:]
        var nextToPrint = 1
        var lastLine = 0
        var inputEnded = false
        for await event in events {
            switch event {
            case .line(let number, let text):
                lastLine = number
                Task { continuation.yield(.translated(number, await translate(text, with: session))) }
            case .inputEnded(let readStatus):
                inputEnded = true
                status = max(status, readStatus)
            case .translated(let number, let outcome):
                results[number] = outcome
                while let ready = results.removeValue(forKey: nextToPrint) {
                    status = max(status, emit(ready, line: nextToPrint, json: json))
                    nextToPrint += 1
                    credits.signal()
                }
                fflush(nil)
            }
            if inputEnded && nextToPrint > lastLine { break }
        }
        continuation.finish()
        return status
    }

    /// Reads every input on a thread of its own, one credit per line so it stays at most
    /// `window` lines ahead of the output.
    private static func startReader(files: [String], events: AsyncStream<Event>.Continuation, credits: DispatchSemaphore) {
        let thread = Thread {
            var inputs = InputFiles(files, command: "translate")
            var number = 0
            while var reader = inputs.nextReader() {
                while let line = reader.nextLine() {
                    credits.wait()
                    number += 1
                    events.yield(.line(number, line))
                }
            }
            events.yield(.inputEnded(status: inputs.status))
        }
        thread.name = "translate-input"
        thread.start()
    }

    private static func translate(_ line: String, with session: TranslationSession) async -> Outcome {
        // An empty line stays an empty line, so output lines match input lines.
        guard !line.allSatisfy(\.isWhitespace) else { return .blank(line) }
        do {
            return .done(try await session.translate(line))
        } catch let error as TranslationError {
            return .failed(line, error)
        } catch {
            return .crashed(line, "\(error)")
        }
    }

    /// Prints one result; returns the status it adds (1 for a failed line).
    private static func emit(_ outcome: Outcome, line number: Int, json: Bool) -> Int32 {
        switch outcome {
        case .blank(let line):
            print(json ? jsonLine(nil, text: line) : line)
            return 0
        case .done(let response):
            print(json ? jsonLine(response, text: response.sourceText) : response.targetText)
            return 0
        case .failed(let line, let error):
            StandardError.print("hike-reviews: translate: line \(number): \(error)")
            print(json ? jsonLine(nil, text: line, error: error.description) : "")
            if case .notInstalled = error { return 3 }
            return 1
        case .crashed(let line, let detail):
            StandardError.print("hike-reviews: translate: line \(number): \(detail)")
            print(json ? jsonLine(nil, text: line, error: detail) : "")
            return 1
        }
    }

    /// Prints installed, supported or unsupported for a pair.
    static func availability(from source: String, to target: String) -> Int32 {
        print(LanguageAvailability().status(fromTag: source, toTag: target).rawValue)
        return 0
    }

    private static func fail(_ error: TranslationError, status: Int32) -> Int32 {
        StandardError.print("hike-reviews: translate: \(error)")
        return status
    }

    private static func jsonLine(_ response: TranslationSession.Response?, text: String, error: String? = nil) -> String {
        var object: [String: Any] = ["sourceText": text]
        if let response {
            object["targetText"] = response.targetText
            object["route"] = response.route
            object["sourceLanguage"] = response.route.first ?? ""
            object["unknownWords"] = response.unknownWords
        } else {
            object["targetText"] = error == nil ? text : ""
        }
        if let error { object["error"] = error }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

private extension TranslationError {
    /// The pair has no offline route, whatever the text.
    var meansNoRoute: Bool {
        switch self {
        case .unsupportedLanguagePairing, .unsupportedSourceLanguage, .unsupportedTargetLanguage: return true
        default: return false
        }
    }
}
