import Foundation
import TranslationEngine

/// `hike-reviews translate` and `hike-reviews availability`.
enum TranslateCommand {
    /// Translates line by line; returns the exit status (2 when the pair has no route).
    static func run(from source: String?, to target: String, json: Bool, files: [String]) async -> Int32 {
        let session = TranslationSession(sourceTag: source, targetTag: target)
        var status: Int32 = 0
        var lineNumber = 0
        var inputs = InputFiles(files, command: "translate")
        while var reader = inputs.nextReader() {
            while let line = reader.nextLine() {
                lineNumber += 1
                // An empty line stays an empty line, so output lines match input lines.
                guard !line.allSatisfy(\.isWhitespace) else {
                    print(json ? jsonLine(nil, text: line) : line)
                    continue
                }
                do {
                    let response = try await session.translate(line)
                    print(json ? jsonLine(response, text: line) : response.targetText)
                } catch let error as TranslationError {
                    // With --from every line would fail the same way: stop at once.
                    if source != nil, error.meansNoRoute { return fail(error, status: 2) }
                    StandardError.print("hike-reviews: translate: line \(lineNumber): \(error)")
                    print(json ? jsonLine(nil, text: line, error: error.description) : "")
                    status = 1
                } catch {
                    StandardError.print("hike-reviews: translate: line \(lineNumber): \(error)")
                    print("")
                    status = 1
                }
                fflush(nil)
            }
        }
        return max(status, inputs.status)
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
