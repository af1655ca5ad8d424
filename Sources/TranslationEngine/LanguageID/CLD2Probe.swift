import CCLD2

/// Raw CLD2 answer, before HikeReviews' own checks.
struct CLD2Probe: Sendable, Hashable {
    struct Hypothesis: Sendable, Hashable {
        var code: String
        var percent: Int
        var normalizedScore: Double
    }

    /// CLD2's verdict for the whole text: its return value, which can differ from the first hypothesis.
    var summary: String
    var hypotheses: [Hypothesis]
    var isReliable: Bool
    var textBytes: Int
    var validPrefixBytes: Int

    /// The most bytes of a text handed to CLD2.
    static let maximumBytes = 256 * 1024

    /// CLD2's code of each language number, made once (not a string per call).
    private static let codes: [String] = (0..<Int(hr_cld2_language_count())).map { number in
        hr_cld2_language_code(Int32(number)).map { String(cString: $0) } ?? "un"
    }

    private static func code(_ number: Int32) -> String {
        codes.indices.contains(Int(number)) ? codes[Int(number)] : "un"
    }

    /// Runs CLD2 (full tables) over UTF-8 text.
    static func detect(_ text: String, bestEffort: Bool) -> CLD2Probe {
        var ids = hr_cld2_ids()
        // CLD2 takes an Int32 length and samples the text anyway: the first 256 KB decide.
        if text.utf8.count <= maximumBytes {
            // A native string is NUL-terminated UTF-8 already: handed over without a copy.
            text.withCString { hr_cld2_detect_ids($0, Int32(text.utf8.count), bestEffort ? 1 : 0, &ids) }
        } else {
            // Cut on a scalar boundary: CLD2 answers "unknown" for a text with a broken sequence.
            var utf8: [UInt8] = []
            utf8.reserveCapacity(maximumBytes + 1)
            for scalar in text.unicodeScalars {
                let encoded = UTF8.encode(scalar)!
                guard utf8.count + encoded.count <= maximumBytes else { break }
                utf8.append(contentsOf: encoded)
            }
            utf8.append(0)
            utf8.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                    hr_cld2_detect_ids(pointer, Int32(buffer.count - 1), bestEffort ? 1 : 0, &ids)
                }
            }
        }
        let languages = [ids.languages.0, ids.languages.1, ids.languages.2]
        let percents = [ids.percents.0, ids.percents.1, ids.percents.2]
        let scores = [ids.scores.0, ids.scores.1, ids.scores.2]
        return CLD2Probe(
            summary: code(ids.summary),
            hypotheses: (0..<3).map { Hypothesis(code: code(languages[$0]), percent: Int(percents[$0]), normalizedScore: scores[$0]) },
            isReliable: ids.isReliable != 0,
            textBytes: Int(ids.textBytes),
            validPrefixBytes: Int(ids.validPrefixBytes)
        )
    }
}
