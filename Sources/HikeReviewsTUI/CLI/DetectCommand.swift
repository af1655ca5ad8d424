import Foundation
import TranslationEngine

/// `hike-reviews detect`: one language verdict per input line.
enum DetectCommand {
    /// Runs the command; returns the exit status.
    static func run(json: Bool, files: [String]) -> Int32 {
        let recognizer = LanguageRecognizer()
        var inputs = InputFiles(files, command: "detect")
        while var reader = inputs.nextReader() {
            while let line = reader.nextLine() {
                let guess = recognizer.recognize(line)
                print(json ? jsonLine(guess) : plainLine(guess))
            }
        }
        return inputs.status
    }

    static func plainLine(_ guess: LanguageGuess) -> String {
        "\(guess.tag)\t\(String(format: "%.2f", guess.confidence))\t\(guess.isReliable ? "reliable" : "unreliable")"
    }

    static func jsonLine(_ guess: LanguageGuess) -> String {
        let hypotheses = guess.hypotheses.map { #"{"tag":"\#($0.tag)","probability":\#(String(format: "%.3f", $0.probability))}"# }
        return #"{"tag":"\#(guess.tag)","confidence":\#(String(format: "%.3f", guess.confidence)),"reliable":\#(guess.isReliable),"hypotheses":[\#(hypotheses.joined(separator: ","))]}"#
    }
}

/// Writes to standard error.
enum StandardError {
    static func print(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
