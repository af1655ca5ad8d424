import Foundation
import TranslationEngine

/// `hike-reviews detect`: one language verdict per input line.
enum DetectCommand {
    /// Runs the command; returns the exit status (141, as a program killed by SIGPIPE, when
    /// the reader of standard output has gone).
    static func run(json: Bool, files: [String], recognizer: LanguageRecognizer) -> Int32 {
        LanguageRecognizer.prepareForManyTexts()
        let output = StandardOutput.shared
        var inputs = InputFiles(files, command: "detect")
        var number = 0
        var writer = VerdictWriter()
        while var reader = inputs.nextReader() {
            defer { reader.close() }
            while let line = reader.nextLine() {
                let guess: LanguageGuess
                var notUTF8 = false
                switch line {
                case .text(let text):
                    number += 1
                    guess = recognizer.recognize(text)
                case .tooLong(let bytes):
                    number += 1
                    inputs.report("hike-reviews: detect: line \(number): \(LineReader.tooLongMessage(bytes: bytes, limit: reader.maxLineBytes))")
                    guess = recognizer.recognize("")
                case .notUTF8:
                    // Not guessed from U+FFFD or mojibake: "und", one warning, status 1.
                    number += 1
                    notUTF8 = true
                    inputs.report("hike-reviews: detect: line \(number): \(LineReader.notUTF8Message)")
                    guess = .undetermined()
                case .unreadable(let message):
                    inputs.report("hike-reviews: detect: cannot read input after line \(number): \(message)")
                    continue
                }
                let bytes = json ? writer.jsonLine(guess, notUTF8: notUTF8) : writer.plainLine(guess)
                // Bytes of valid UTF-8 text: on a terminal this is sanitised as `line(_:)` would.
                guard output.line(bytes: bytes) else { return StandardOutput.shared.failureStatus }
            }
        }
        return output.flush() ? inputs.status : StandardOutput.shared.failureStatus
    }
}

/// Writes `detect`'s lines as bytes into one reused buffer: interpolated strings cost more
/// than the rest of a line's output did.
struct VerdictWriter {
    private var buffer: [UInt8] = []
    private var twoPlaces = DecimalCache(format: "%.2f")
    private var threePlaces = DecimalCache(format: "%.3f")

    init() {
        buffer.reserveCapacity(256)
    }

    /// `tag<TAB>confidence<TAB>reliable|unreliable`, confidence to two places.
    mutating func plainLine(_ guess: LanguageGuess) -> [UInt8] {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: guess.tag.utf8)
        buffer.append(0x09)
        twoPlaces.append(guess.confidence, to: &buffer)
        buffer.append(0x09)
        buffer.append(contentsOf: (guess.isReliable ? "reliable" : "unreliable").utf8)
        return buffer
    }

    /// One verdict as JSON; a line that was not UTF-8 also says `"notUTF8":true`.
    mutating func jsonLine(_ guess: LanguageGuess, notUTF8: Bool) -> [UInt8] {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: #"{"tag":""#.utf8)
        buffer.append(contentsOf: guess.tag.utf8)
        buffer.append(contentsOf: #"","confidence":"#.utf8)
        threePlaces.append(guess.confidence, to: &buffer)
        buffer.append(contentsOf: (guess.isReliable ? #","reliable":true,"hypotheses":["# : #","reliable":false,"hypotheses":["#).utf8)
        for (index, hypothesis) in guess.hypotheses.enumerated() {
            buffer.append(contentsOf: (index == 0 ? #"{"tag":""# : #",{"tag":""#).utf8)
            buffer.append(contentsOf: hypothesis.tag.utf8)
            buffer.append(contentsOf: #"","probability":"#.utf8)
            threePlaces.append(hypothesis.probability, to: &buffer)
            buffer.append(0x7D)
        }
        buffer.append(0x5D)
        if notUTF8 { buffer.append(contentsOf: #","notUTF8":true"#.utf8) }
        buffer.append(0x7D)
        return buffer
    }
}

/// `String(format:)` of the numbers `detect` prints, remembered as bytes: a run prints the same
/// few confidences again and again, and formatting each anew cost more than reading its line.
struct DecimalCache {
    let format: String
    /// By the number's bits (so -0.0 stays apart from 0.0).
    private var known: [UInt64: [UInt8]] = [:]

    init(format: String) {
        self.format = format
    }

    mutating func append(_ value: Double, to buffer: inout [UInt8]) {
        if let text = known[value.bitPattern] {
            buffer.append(contentsOf: text)
            return
        }
        if known.count >= 4096 { known.removeAll(keepingCapacity: true) }
        let text = Array(String(format: format, value).utf8)
        known[value.bitPattern] = text
        buffer.append(contentsOf: text)
    }
}
