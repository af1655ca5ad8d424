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
                guard output.line(json ? jsonLine(guess, notUTF8: notUTF8) : plainLine(guess)) else { return StandardOutput.shared.failureStatus }
            }
        }
        return output.flush() ? inputs.status : StandardOutput.shared.failureStatus
    }

    static func plainLine(_ guess: LanguageGuess) -> String {
        "\(guess.tag)\t\(String(format: "%.2f", guess.confidence))\t\(guess.isReliable ? "reliable" : "unreliable")"
    }

    /// One verdict as JSON; a line that was not UTF-8 also says `"notUTF8":true`.
    static func jsonLine(_ guess: LanguageGuess, notUTF8: Bool = false) -> String {
        let hypotheses = guess.hypotheses.map { #"{"tag":"\#($0.tag)","probability":\#(String(format: "%.3f", $0.probability))}"# }
        return #"{"tag":"\#(guess.tag)","confidence":\#(String(format: "%.3f", guess.confidence)),"reliable":\#(guess.isReliable),"hypotheses":[\#(hypotheses.joined(separator: ","))]\#(notUTF8 ? #","notUTF8":true"# : "")}"#
    }
}
