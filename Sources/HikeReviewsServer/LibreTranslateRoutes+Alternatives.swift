import Foundation
import TranslationEngine

/// LibreTranslate's `alternatives` on `/translate`: how many other translations a client wants
/// besides `translatedText`, read and refused with LibreTranslate's words, and answered per text.
extension LibreTranslateRoutes {
    /// The most alternatives a request may ask for. LibreTranslate's default is no limit; here
    /// each one widens a neural model's beam on two shared cores, and 3 is what its own front
    /// end asks for.
    static let alternativesLimit = 3

    /// The count of alternatives asked for: 0 when absent; an integer as Python's `int` reads
    /// it (a form's " 2 ", a JSON 2.7 is 2); a negative one is 0, as in LibreTranslate.
    static func alternativesCount(_ value: RequestParameters.Value?) -> Result<Int, Refusal> {
        let count: Int
        switch value {
        case nil: return .success(0)
        case .number(let number):
            guard number.isFinite else { return .failure(notANumber) }
            count = abs(number) < Double(Int.max) ? Int(number) : (number < 0 ? .min : .max)
        case .text(let text):
            guard let parsed = integer(text) else { return .failure(notANumber) }
            count = parsed
        case .texts, .wrongType:
            return .failure(notANumber)
        }
        guard count <= alternativesLimit else {
            return .failure(Refusal(.error(400, "Invalid request: alternatives parameter must be <= \(alternativesLimit)")))
        }
        return .success(max(0, count))
    }

    static let notANumber = Refusal(.error(400, "Invalid request: alternatives parameter is not a number"))

    /// A decimal integer with an optional sign and surrounding whitespace; one too long for
    /// `Int` is `Int.max` or `Int.min` (over the limit either way, or 0).
    static func integer(_ text: String) -> Int? {
        var digits = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        let negative = digits.first == "-"
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        guard let magnitude = Int(digits) else { return negative ? .min : .max }
        return negative ? -magnitude : magnitude
    }

    /// Each text's alternatives, in request order: a neural model's other hypotheses for a text
    /// it translated, an empty list for the rest (a rule-based pair has one output; a text
    /// answered as it was has none), as LibreTranslate gives when a translator has none.
    func alternatives(_ count: Int, of outcomes: some Sequence<(Int, BatchTranslator.Outcome)>,
                      among texts: Int, isArray: Bool) async -> Result<[[String]], Refusal> {
        var found = [[String]](repeating: [], count: texts)
        for (index, outcome) in outcomes {
            guard case .translated(let response) = outcome else { continue }
            do {
                found[index] = try await router.service.alternatives(to: response, count: count)
            } catch let error as TranslationError {
                let which = isArray ? "text \(index + 1): " : ""
                return .failure(Refusal(.error(error.httpStatus, "\(which)\(error.description)")))
            } catch {
                return .failure(Refusal(.error(500, "alternatives failed: \(error)")))
            }
        }
        return .success(found)
    }
}
