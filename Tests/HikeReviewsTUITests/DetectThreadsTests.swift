import Foundation
import TestSupport
import Testing
@testable import HikeReviewsTUI

/// `hike-reviews detect` on several threads: the same bytes, warnings and status as one line at a
/// time, each verdict as soon as its line arrives, and `--threads` checked like the other options.
@Suite struct DetectThreadsTests {
    /// Some thousands of input lines in many languages: every paragraph and sentence of the
    /// sample reviews, the short snippets, and among them empty lines, CRLF endings, Latin-1
    /// lines and stray bytes (not UTF-8), and a line of one character.
    static let mixedLines: [[UInt8]] = {
        let routes = (try? JSONSerialization.jsonObject(with: Data(contentsOf: Paths.sampleData))) as? [String: Any]
        let reviews = (routes?["routes"] as? [[String: Any]] ?? []).flatMap { $0["reviews"] as? [[String: Any]] ?? [] }
        var texts: [String] = []
        for review in reviews {
            guard let text = review["text"] as? String else { continue }
            for paragraph in text.split(separator: "\n") {
                texts.append(String(paragraph))
                texts += paragraph.split(separator: ". ").map { String($0) }
            }
        }
        texts += DetectSecondOpinionTests.snippets
        // Twice, the second time backwards: other lines fall on the changes below.
        texts += texts.reversed()
        var lines: [[UInt8]] = []
        for (index, text) in texts.enumerated() {
            switch index % 97 {
            case 11: lines.append([])
            case 23: lines.append(Array(text.utf8) + [0x0D])
            case 37: lines.append(Array(text.utf8.prefix(20)) + [0xFF] + Array(text.utf8.dropFirst(20)))
            case 59: lines.append(text.unicodeScalars.map { $0.value < 0x100 ? UInt8($0.value) : 0x3F })
            case 71: lines.append(Array("é".utf8))
            default: lines.append(Array(text.utf8))
            }
        }
        return lines
    }()

    /// The warnings `detect` gives for `lines`, numbered from `first`: one for each line that is
    /// not UTF-8 (a CR before the newline is not part of the line).
    static func warnings(for lines: [[UInt8]], numberedFrom first: Int = 1) -> [String] {
        lines.enumerated().compactMap { offset, bytes in
            let text = bytes.last == 0x0D ? bytes.dropLast() : bytes[...]
            guard String(validating: text, as: UTF8.self) == nil else { return nil }
            return "hike-reviews: detect: line \(first + offset): not UTF-8; passed through unchanged"
        }
    }

    /// `lines` as input: each ends with a newline.
    static func input(_ lines: some Sequence<[UInt8]>) -> [UInt8] {
        var bytes: [UInt8] = []
        for line in lines {
            bytes += line
            bytes.append(0x0A)
        }
        return bytes
    }

    /// Runs the binary with `arguments` and `input` on stdin; its status, stdout's bytes and stderr.
    static func run(_ arguments: [String], input: [UInt8] = []) throws -> (status: Int32, output: [UInt8], error: String) {
        let folder = try Scratch.folder("detect-threads")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(input).write(to: URL(fileURLWithPath: folder + "/in"))
        let status = try Subprocess.run([Paths.binary.path] + arguments, inputPath: folder + "/in", outputPath: folder + "/out", errorPath: folder + "/err")
        let output = FileManager.default.contents(atPath: folder + "/out").map { Array($0) } ?? []
        let error = (try? String(contentsOfFile: folder + "/err", encoding: .utf8)) ?? ""
        return (status, output, error)
    }

    /// The lines of a file `detect` wrote, as text.
    static func lines(of path: String) -> [String] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Waits until `path` holds `count` lines or more; false after `seconds` (only a hang gets there).
    static func waitForLines(_ count: Int, in path: String, seconds: Int = 60) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if lines(of: path).count >= count { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return lines(of: path).count >= count
    }
}

extension DetectThreadsTests {
    /// Plain and JSON output, warnings and status are the same bytes one line at a time, on
    /// four threads and on the default number.
    @Test(arguments: [[], ["--json"]])
    func threadsGiveTheSameBytesAsOneLineAtATime(options: [String]) throws {
        let lines = Self.mixedLines
        #expect(lines.count >= 2_000)
        let input = Self.input(lines)
        let one = try Self.run(["detect", "--threads", "1"] + options, input: input)
        #expect(one.status == 1, "lines that are not UTF-8 make the status 1")
        #expect(one.output.split(separator: 0x0A, omittingEmptySubsequences: false).count == lines.count + 1)
        #expect(one.error.split(separator: "\n").map(String.init) == Self.warnings(for: lines))
        for threads in [["--threads", "4"], ["--threads=2"], []] {
            let many = try Self.run(["detect"] + threads + options, input: input)
            #expect(many.status == one.status, "\(threads)")
            #expect(many.output == one.output, "\(threads): stdout differs")
            #expect(many.error == one.error, "\(threads): stderr differs")
        }
    }

    /// One line at a time is what `detect` printed before it had threads: each line's verdict
    /// as the recognizer gives it in this process.
    @Test func oneThreadPrintsTheRecognizersVerdicts() throws {
        let lines = Array(Self.mixedLines.prefix(400))
        let result = try Self.run(["detect", "--threads", "1"], input: Self.input(lines))
        var writer = VerdictWriter()
        let recognizer = HostEnvironment.recognizer
        let expected = lines.flatMap { bytes -> [UInt8] in
            let text = bytes.last == 0x0D ? bytes.dropLast() : bytes[...]
            let guess = String(validating: text, as: UTF8.self).map { recognizer.recognize($0) } ?? .undetermined()
            return writer.plainLine(guess) + [0x0A]
        }
        #expect(result.output == expected)
    }

    /// Several files, one that does not exist, one that cannot be read after it opens, and a
    /// line over the size limit: the same bytes on any number of threads, and every warning in
    /// its place with the number of its line counted across the files.
    @Test func severalFilesAndFailuresGiveTheSameBytesOnAnyNumberOfThreads() throws {
        let folder = try Scratch.folder("detect-threads-files")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = Array(Self.mixedLines.prefix(900))
        let second = Array(Self.mixedLines.dropFirst(900).prefix(700))
        try Data(Self.input(first)).write(to: URL(fileURLWithPath: folder + "/a"))
        // After 100 lines, a line well over 16 MB (one just over is kept whole when its newline
        // comes in the read that crosses the limit: the limit is checked between reads).
        let longLine = 17 * 1024 * 1024
        var secondBytes = Data(Self.input(second.prefix(100)))
        secondBytes.append(Data(repeating: 0x61, count: longLine))
        secondBytes.append(0x0A)
        secondBytes.append(Data(Self.input(second.dropFirst(100))))
        try secondBytes.write(to: URL(fileURLWithPath: folder + "/b"))
        // Reading /proc/self/mem from its start fails (EIO) after it opened.
        let files = [folder + "/a", folder + "/missing", "/proc/self/mem", folder + "/b", folder + "/a"]
        let one = try Self.run(["detect", "--threads", "1"] + files)
        #expect(one.status == 1)
        let total = first.count + second.count + 1 + first.count
        #expect(one.output.split(separator: 0x0A, omittingEmptySubsequences: false).count == total + 1)
        var expected = Self.warnings(for: first)
        expected.append("hike-reviews: detect: cannot read '\(folder)/missing': no such file")
        expected.append("hike-reviews: detect: cannot read input after line \(first.count): Input/output error")
        expected += Self.warnings(for: Array(second.prefix(100)), numberedFrom: first.count + 1)
        expected.append("hike-reviews: detect: line \(first.count + 101): longer than 16 MB (\(longLine) bytes): not read; split it into lines")
        expected += Self.warnings(for: Array(second.dropFirst(100)), numberedFrom: first.count + 102)
        expected += Self.warnings(for: first, numberedFrom: first.count + second.count + 2)
        #expect(one.error.split(separator: "\n").map(String.init) == expected)
        for threads in [["--threads", "4"], []] {
            let many = try Self.run(["detect"] + threads + files)
            #expect(many.status == one.status, "\(threads)")
            #expect(many.output == one.output, "\(threads): stdout differs")
            #expect(many.error == one.error, "\(threads): stderr differs")
        }
    }

    /// A line written alone into a pipe that stays open gets its verdict before anything more
    /// is written, and so does a burst of lines, on one thread or several: a batch takes only
    /// the lines already read, and what is answered is written out before the next read waits.
    @Test(arguments: [["--threads", "1"], ["--threads", "4"], []])
    func eachVerdictComesWhileThePipeWaitsForMore(threads: [String]) async throws {
        let folder = try Scratch.folder("detect-threads-pipe")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/out"
        let running = try Subprocess.start([Paths.binary.path, "detect"] + threads, outputPath: out, errorPath: folder + "/err")
        var inputOpen = true
        defer {
            if inputOpen { close(running.input) }
        }
        running.write("El camino estaba muy bien señalizado y había una fuente con agua fresca al llegar.\n")
        #expect(try await Self.waitForLines(1, in: out), "no verdict for a line while the pipe stays open")
        #expect(Self.lines(of: out).first?.hasPrefix("es\t") == true)
        // A burst larger than a small batch, then nothing more until its verdicts are out.
        let burst = Self.mixedLines.prefix(300).filter { String(validating: $0, as: UTF8.self) != nil }
        running.write(burst.map { String(decoding: $0, as: UTF8.self) + "\n" }.joined())
        #expect(try await Self.waitForLines(1 + burst.count, in: out), "the burst's verdicts waited for more input")
        running.write("Der Weg war gut markiert, aber am Wochenende sind zu viele Leute unterwegs.\n")
        #expect(try await Self.waitForLines(2 + burst.count, in: out))
        #expect(Self.lines(of: out).last?.hasPrefix("de\t") == true)
        close(running.input)
        inputOpen = false
        let status = try await Subprocess.waitOffPool(for: running.pid, program: "hike-reviews detect")
        #expect(status == 0)
        #expect(Self.lines(of: out).count == 2 + burst.count)
    }

    @Test func threadsOptionIsParsed() throws {
        #expect(try CommandLineOptions.parse(["detect", "--threads", "4", "f"]) == .detect(json: false, threads: 4, files: ["f"]))
        #expect(try CommandLineOptions.parse(["detect", "--threads=1", "--json"]) == .detect(json: true, threads: 1, files: []))
        #expect(try CommandLineOptions.parse(["detect", "--threads", "64"]) == .detect(json: false, threads: 64, files: []))
        #expect(try CommandLineOptions.parse(["detect", "--", "--threads"]) == .detect(json: false, threads: nil, files: ["--threads"]))
        #expect((1...8).contains(DetectCommand.defaultThreads))
    }

    @Test(arguments: [["--threads", "0"], ["--threads", "x"], ["--threads"], ["--threads=65"], ["--threads", "-1"], ["--threads", ""], ["--threads", "2.5"]])
    func badThreadCountsAreUsageErrors(arguments: [String]) throws {
        #expect(throws: UsageError.self) { try CommandLineOptions.parse(["detect"] + arguments) }
        let result = try Self.run(["detect"] + arguments, input: Array("Hola, amigos.\n".utf8))
        #expect(result.status == 2)
        #expect(result.output.isEmpty, "nothing is read or printed")
        #expect(result.error.hasPrefix("hike-reviews: detect: --threads needs a number of threads from 1 to 64"), "\(result.error)")
        #expect(result.error.contains("usage: hike-reviews"))
    }
}
