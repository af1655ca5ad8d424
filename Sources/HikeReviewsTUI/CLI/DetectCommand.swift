import Foundation
import TranslationEngine

/// `hike-reviews detect`: one language verdict per input line.
enum DetectCommand {
    /// Runs the command; returns the exit status (141, as a program killed by SIGPIPE, when
    /// the reader of standard output has gone).
    static func run(json: Bool, files: [String], recognizer: LanguageRecognizer) -> Int32 {
        let output = StandardOutput.shared
        var inputs = InputFiles(files, command: "detect")
        var number = 0
        var decimals = DecimalCache()
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
                let text = json ? jsonLine(guess, notUTF8: notUTF8, decimals: &decimals) : plainLine(guess, decimals: &decimals)
                guard output.line(text) else { return StandardOutput.shared.failureStatus }
            }
        }
        return output.flush() ? inputs.status : StandardOutput.shared.failureStatus
    }

    static func plainLine(_ guess: LanguageGuess, decimals: inout DecimalCache) -> String {
        "\(guess.tag)\t\(decimals.text(guess.confidence, "%.2f"))\t\(guess.isReliable ? "reliable" : "unreliable")"
    }

    /// One verdict as JSON; a line that was not UTF-8 also says `"notUTF8":true`.
    static func jsonLine(_ guess: LanguageGuess, notUTF8: Bool, decimals: inout DecimalCache) -> String {
        let hypotheses = guess.hypotheses.map { #"{"tag":"\#($0.tag)","probability":\#(decimals.text($0.probability, "%.3f"))}"# }
        return #"{"tag":"\#(guess.tag)","confidence":\#(decimals.text(guess.confidence, "%.3f")),"reliable":\#(guess.isReliable),"hypotheses":[\#(hypotheses.joined(separator: ","))]\#(notUTF8 ? #","notUTF8":true"# : "")}"#
    }
}

/// `String(format:)` of the numbers `detect` prints, remembered: a run prints the same few
/// confidences again and again, and formatting each anew cost more than reading its line.
struct DecimalCache {
    /// By format, then by the number's bits (so -0.0 stays apart from 0.0).
    private var known: [String: [UInt64: String]] = [:]
    private var size = 0

    mutating func text(_ value: Double, _ format: String) -> String {
        if let text = known[format]?[value.bitPattern] { return text }
        if size >= 4096 {
            known.removeAll(keepingCapacity: true)
            size = 0
        }
        let text = String(format: format, value)
        known[format, default: [:]][value.bitPattern] = text
        size += 1
        return text
    }
}
