import Foundation
import TranslationEngine

/// `hike-reviews detect`: one language verdict per input line.
enum DetectCommand {
    /// Runs the command; returns the exit status.
    static func run(json: Bool, files: [String]) -> Int32 {
        let recognizer = LanguageRecognizer()
        var status: Int32 = 0
        let sources = files.isEmpty ? ["-"] : files
        for path in sources {
            let handle: FileHandle
            if path == "-" {
                handle = FileHandle.standardInput
            } else {
                guard let opened = FileHandle(forReadingAtPath: path) else {
                    StandardError.print("hike-reviews: detect: cannot read '\(TerminalText.sanitize(path))': \(fileProblem(path))")
                    status = 1
                    continue
                }
                handle = opened
            }
            var reader = LineReader(handle: handle)
            while let line = reader.nextLine() {
                let guess = recognizer.recognize(line)
                print(json ? jsonLine(guess) : plainLine(guess))
            }
        }
        return status
    }

    static func plainLine(_ guess: LanguageGuess) -> String {
        "\(guess.tag)\t\(String(format: "%.2f", guess.confidence))\t\(guess.isReliable ? "reliable" : "unreliable")"
    }

    static func jsonLine(_ guess: LanguageGuess) -> String {
        let hypotheses = guess.hypotheses.map { #"{"tag":"\#($0.tag)","probability":\#(String(format: "%.3f", $0.probability))}"# }
        return #"{"tag":"\#(guess.tag)","confidence":\#(String(format: "%.3f", guess.confidence)),"reliable":\#(guess.isReliable),"hypotheses":[\#(hypotheses.joined(separator: ","))]}"#
    }

    private static func fileProblem(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file" }
        return isDirectory.boolValue ? "it is a folder" : "permission denied"
    }
}

/// Writes to standard error.
enum StandardError {
    static func print(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
