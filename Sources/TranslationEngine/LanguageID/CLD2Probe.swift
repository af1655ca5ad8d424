import CCLD2

/// Raw CLD2 answer, before HikeReviews' own checks.
///
/// Languages stay CLD2's numbers here; their codes and BCP 47 tags come from tables made once,
/// so a call makes no strings and compares none.
struct CLD2Probe: Sendable, Hashable {
    struct Hypothesis: Sendable, Hashable {
        var language: Int32
        var percent: Int
        var normalizedScore: Double

        /// CLD2's code ("es", "un", "xx-Qaai").
        var code: String { CLD2Probe.code(language) }
        /// The BCP 47 tag the app uses (`LanguageRecognizer.bcp47(fromCLD2:)`), nil for none.
        var tag: String? { CLD2Probe.tag(language) }
    }

    /// CLD2's verdict for the whole text: its return value, which can differ from the first hypothesis.
    var summary: Int32
    var hypotheses: [Hypothesis]
    var isReliable: Bool
    var textBytes: Int
    var validPrefixBytes: Int

    /// The BCP 47 tag of the verdict, nil for none.
    var summaryTag: String? { Self.tag(summary) }

    /// The most bytes of a text handed to CLD2.
    static let maximumBytes = 256 * 1024

    /// CLD2's code of each language number, made once (not a string per call).
    private static let codes: [String] = (0..<Int(hr_cld2_language_count())).map { number in
        hr_cld2_language_code(Int32(number)).map { String(cString: $0) } ?? "un"
    }

    /// The BCP 47 tag of each language number, made once.
    private static let tags: [String?] = codes.map(LanguageRecognizer.bcp47(fromCLD2:))

    static func code(_ number: Int32) -> String {
        codes.indices.contains(Int(number)) ? codes[Int(number)] : "un"
    }

    static func tag(_ number: Int32) -> String? {
        tags.indices.contains(Int(number)) ? tags[Int(number)] : nil
    }

    /// How many leading bytes of `text` CLD2's interchange check accepts (all of them, or CLD2
    /// answers "unknown"): what `ScalarFacts`' tables are worked out from.
    static func interchangeValidPrefix(_ text: String) -> Int {
        text.withCString { Int(hr_cld2_interchange_valid_prefix($0, Int32(clamping: text.utf8.count))) }
    }

    /// Runs CLD2 (full tables) over UTF-8 text. `knownInterchangeValid` (`TextStats` read every
    /// scalar of it and CLD2's check accepts each) spares CLD2 its own pass over the text for
    /// that check; the answer is the same.
    static func detect(_ text: String, bestEffort: Bool, knownInterchangeValid: Bool = false) -> CLD2Probe {
        var ids = hr_cld2_ids()
        // CLD2 takes an Int32 length and samples the text anyway: the first 256 KB decide.
        if text.utf8.count <= maximumBytes {
            // A native string is NUL-terminated UTF-8 already: handed over without a copy.
            text.withCString {
                hr_cld2_detect_ids($0, Int32(text.utf8.count), bestEffort ? 1 : 0, knownInterchangeValid ? 1 : 0, &ids)
            }
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
                    hr_cld2_detect_ids(pointer, Int32(buffer.count - 1), bestEffort ? 1 : 0, 0, &ids)
                }
            }
        }
        return CLD2Probe(
            summary: ids.summary,
            hypotheses: [
                Hypothesis(language: ids.languages.0, percent: Int(ids.percents.0), normalizedScore: ids.scores.0),
                Hypothesis(language: ids.languages.1, percent: Int(ids.percents.1), normalizedScore: ids.scores.1),
                Hypothesis(language: ids.languages.2, percent: Int(ids.percents.2), normalizedScore: ids.scores.2),
            ],
            isReliable: ids.isReliable != 0,
            textBytes: Int(ids.textBytes),
            validPrefixBytes: Int(ids.validPrefixBytes)
        )
    }
}
