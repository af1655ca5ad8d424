import Foundation
import Synchronization
import TranslationEngine

/// `hike-reviews detect`: one language verdict per input line.
///
/// Lines come in batches of those already read (`LineReader.nextLines`): a batch waits only
/// for its first line, so a line typed or piped alone is answered as it arrives, and output
/// is written out whenever the next line would have to wait. A batch of `parallelBatch` lines
/// or more is recognised on up to `threads` threads (the main thread, which reads and writes
/// the lines, and tasks on the concurrency pool, a thread per processor); verdicts and
/// per-line warnings are then written in input order, so the output is the same whatever the
/// number of threads.
enum DetectCommand {
    /// The most lines one batch takes (of those already read).
    static let batchLimit = 1024
    /// Smaller batches (a typed line, the tail of a pipe's burst) are recognised on the
    /// calling thread: for them a thread hop costs more than it saves.
    static let parallelBatch = 32
    /// The lines a worker takes at a time: enough to make taking them cheap, few enough that a
    /// worker slowed by the machine's other work leaves the rest to the others.
    static let linesPerTake = 16
    /// `--threads`' range.
    static let threadRange = 1...64

    /// The threads `detect` uses without `--threads`: the processors it may run on, at most 8.
    static var defaultThreads: Int {
        min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 8)
    }

    /// Runs the command; returns the exit status (141, as a program killed by SIGPIPE, when
    /// the reader of standard output has gone).
    @MainActor
    static func run(json: Bool, threads: Int, files: [String], recognizer: LanguageRecognizer) async -> Int32 {
        LanguageRecognizer.prepareForManyTexts()
        let output = StandardOutput.shared
        var inputs = InputFiles(files, command: "detect")
        var number = 0
        var writer = VerdictWriter()
        while var reader = inputs.nextReader() {
            defer { reader.close() }
            let maxLineBytes = reader.maxLineBytes
            /// Writes one line's verdict (and its warning); false when standard output has failed.
            func write(_ line: LineReader.Line, _ guess: LanguageGuess) -> Bool {
                var notUTF8 = false
                switch line {
                case .text:
                    number += 1
                case .tooLong(let bytes):
                    number += 1
                    inputs.report("hike-reviews: detect: line \(number): \(LineReader.tooLongMessage(bytes: bytes, limit: maxLineBytes))")
                case .notUTF8:
                    // Not guessed from U+FFFD or mojibake: "und", one warning, status 1.
                    number += 1
                    notUTF8 = true
                    inputs.report("hike-reviews: detect: line \(number): \(LineReader.notUTF8Message)")
                case .unreadable(let message):
                    inputs.report("hike-reviews: detect: cannot read input after line \(number): \(message)")
                    return true
                }
                let bytes = json ? writer.jsonLine(guess, notUTF8: notUTF8) : writer.plainLine(guess)
                // Bytes of valid UTF-8 text: on a terminal this is sanitised as `line(_:)` would.
                return output.line(bytes: bytes)
            }
            while true {
                if threads > 1 {
                    let lines = reader.nextLines(limit: batchLimit)
                    if lines.isEmpty { break }
                    let guesses = await recognize(lines, threads: threads, with: recognizer)
                    for (line, guess) in zip(lines, guesses) where !write(line, guess) {
                        return StandardOutput.shared.failureStatus
                    }
                } else {
                    // One thread takes one line at a time, as `detect` always did, without the
                    // batch's arrays or an async call per line.
                    guard let line = reader.nextLine() else { break }
                    guard write(line, guess(line, with: recognizer)) else { return StandardOutput.shared.failureStatus }
                }
                // The next line must be waited for: what is answered goes out first, so a
                // pipe that brings one line at a time gets each verdict before the next line.
                if !reader.hasLineWithoutReading() && !output.flush() { return StandardOutput.shared.failureStatus }
            }
        }
        return output.flush() ? inputs.status : StandardOutput.shared.failureStatus
    }

    /// Each line's verdict, in the lines' order: on the calling thread for a small batch or
    /// one thread; else the calling thread and up to `threads - 1` tasks on the concurrency
    /// pool take `linesPerTake` lines at a time until none are left.
    ///
    /// Each take's verdicts come back as a value and go into the take's own place: nothing is
    /// shared but the counter that hands out takes (an atomic add, no lock), and nothing needs
    /// an unchecked `Sendable`. The calling thread works too, so a helper that the machine's
    /// other work keeps from starting leaves it the whole batch rather than a wait.
    @MainActor
    static func recognize(_ lines: [LineReader.Line], threads: Int, with recognizer: LanguageRecognizer) async -> [LanguageGuess] {
        guard threads > 1, lines.count >= parallelBatch else { return lines.map { guess($0, with: recognizer) } }
        let takes = (lines.count + linesPerTake - 1) / linesPerTake
        let counter = TakeCounter()
        let work: @Sendable () -> [(take: Int, guesses: [LanguageGuess])] = {
            var done: [(take: Int, guesses: [LanguageGuess])] = []
            while case let take = counter.next(), take < takes {
                let range = take * linesPerTake..<min((take + 1) * linesPerTake, lines.count)
                done.append((take, lines[range].map { guess($0, with: recognizer) }))
            }
            return done
        }
        return await withTaskGroup(of: [(take: Int, guesses: [LanguageGuess])].self) { group in
            for _ in 1..<min(threads, takes) {
                group.addTask { work() }
            }
            var guesses = [LanguageGuess](repeating: .undetermined(), count: lines.count)
            func place(_ part: [(take: Int, guesses: [LanguageGuess])]) {
                for (take, verdicts) in part {
                    guesses.replaceSubrange(take * linesPerTake..<take * linesPerTake + verdicts.count, with: verdicts)
                }
            }
            place(work())
            for await part in group { place(part) }
            return guesses
        }
    }

    /// One line's verdict: a line too long to read is as an empty one, a line that is not
    /// UTF-8 is "und", and a read error has none (it is not a line).
    private static func guess(_ line: LineReader.Line, with recognizer: LanguageRecognizer) -> LanguageGuess {
        switch line {
        case .text(let text): recognizer.recognize(text)
        case .tooLong: recognizer.recognize("")
        case .notUTF8, .unreadable: .undetermined()
        }
    }
}

/// Hands out the takes of one batch, each once, to the tasks that recognise it.
private final class TakeCounter: Sendable {
    private let taken = Atomic<Int>(0)

    /// The next take's number (past the last once all are taken).
    func next() -> Int {
        taken.add(1, ordering: .relaxed).oldValue
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
