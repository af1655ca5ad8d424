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

    /// Runs CLD2 (full tables) over UTF-8 text.
    static func detect(_ text: String, bestEffort: Bool) -> CLD2Probe {
        var result = hr_cld2_result()
        // CLD2 takes an Int32 length and samples the text anyway: the first 256 KB decide.
        var utf8: [UInt8]
        if text.utf8.count <= maximumBytes {
            utf8 = Array(text.utf8)
        } else {
            // Cut on a scalar boundary: CLD2 answers "unknown" for a text with a broken sequence.
            utf8 = []
            utf8.reserveCapacity(maximumBytes)
            for scalar in text.unicodeScalars {
                let encoded = UTF8.encode(scalar)!
                guard utf8.count + encoded.count <= maximumBytes else { break }
                utf8.append(contentsOf: encoded)
            }
        }
        utf8.append(0)
        utf8.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                hr_cld2_detect(pointer, Int32(buffer.count - 1), bestEffort ? 1 : 0, &result)
            }
        }
        let hypotheses = withUnsafeBytes(of: result.top) { raw -> [Hypothesis] in
            let items = raw.bindMemory(to: hr_cld2_hypothesis.self)
            return items.map { item in
                var copy = item
                let code = withUnsafeBytes(of: &copy.code) { codeBytes in
                    String(decoding: codeBytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                return Hypothesis(code: code, percent: Int(item.percent), normalizedScore: item.normalizedScore)
            }
        }
        let summary = withUnsafeBytes(of: result.summary) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return CLD2Probe(
            summary: summary,
            hypotheses: hypotheses,
            isReliable: result.isReliable != 0,
            textBytes: Int(result.textBytes),
            validPrefixBytes: Int(result.validPrefixBytes)
        )
    }
}
