@testable import HikeReviewsServer
import Testing
import TranslationEngine

/// APy's unknown-word marks as `serve` writes them, against the rule they follow stated plainly
/// (the marking reads words with shortcuts: ASCII bytes, and only the prefixes that can match).
@Suite struct ApyMarkingTests {
    /// The word rule as `PipelineTranslation.isWordCharacter` documents it, from Unicode's tables alone.
    static func byProperties(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || "-'’·_".contains(character)
            || character.unicodeScalars.first?.properties.generalCategory == .nonspacingMark
    }

    @Test func asciiWordCharactersAreTheTablesOnes() {
        var characters: [Character] = (0...0x7F).map { Character(Unicode.Scalar(UInt8($0))) }
        characters += ["\r\n", "é", "e\u{301}", "’", "·", "ß", "٣", "\u{301}", "😀", "-\u{301}", "a\u{200D}"]
        for character in characters {
            #expect(PipelineTranslation.isWordCharacter(character) == Self.byProperties(character),
                    "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// Each unknown word tried at each word start (the text's start, after a character that is
    /// not a word's, right after a marked word): it must be the whole word there or end in `-`;
    /// the longest such wins and reading goes on after it.
    static func reference(_ unknown: [String], marks: [String: Character], starred: Bool, in text: String) -> String {
        let words = unknown.filter { starred || marks[$0] != nil }.map { Array($0) }
        let characters = Array(text)
        var result = ""
        var index = 0
        var atStart = true
        while index < characters.count {
            var best: [Character] = []
            if atStart {
                for word in words where word.count > best.count && index + word.count <= characters.count
                    && word.allSatisfy(byProperties) && Array(characters[index..<index + word.count]) == word {
                    let after = index + word.count
                    if after == characters.count || !byProperties(characters[after]) || word.last == "-" { best = word }
                }
            }
            if best.isEmpty {
                atStart = !byProperties(characters[index])
                result.append(characters[index])
                index += 1
            } else {
                let word = String(best)
                result += String(marks[word] ?? "*") + word
                index += best.count
                atStart = true
            }
        }
        return result
    }

    @Test func markingFollowsTheRule() {
        let vocabulary = ["pol", "Pol-", "pol-", "xyzzy", "paste", "l’eau", "do", "dog", "é", "a-b-", "a-b", "b"]
        let pieces = vocabulary + [" ", ".", "-", "’", "s", "e\u{301}", "\n", "ñ", "7", ", "]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let unknown = Array(vocabulary.shuffled(using: &generator).prefix(Int.random(in: 0...5, using: &generator)))
            let marks: [String: Character] = unknown.first.map { [$0: "#"] } ?? [:]
            let starred = Bool.random(using: &generator)
            #expect(ApyRoutes.marking(unknown, marks: marks, starred: starred, in: text)
                    == Self.reference(unknown, marks: marks, starred: starred, in: text), "\(unknown) \(starred) \(text.debugDescription)")
        }
    }
}
