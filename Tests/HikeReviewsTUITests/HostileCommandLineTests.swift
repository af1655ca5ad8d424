import Foundation
import TestSupport
import Testing

/// The real binary's `detect` and `translate` on real machines and hostile input: locales that
/// are not installed, closed standard streams, a reader that goes away, poison text, huge
/// lines, escape sequences, and the exit status rule.
@Suite(.serialized, .needs(FileManager.default.fileExists(atPath: CommandLineTests.testPairs + "/modes/spa-eng.mode"), "needs make test's pair data"))
struct HostileCommandLineTests {
    /// The environment that points the binary at the test pairs only.
    static let pairsEnvironment = ["HIKE_REVIEWS_PAIRS_PATH=\(CommandLineTests.testPairs)", "HIKE_REVIEWS_SYSTEM_PAIRS=0",
                                   "HIKE_REVIEWS_STORE=\(CommandLineTests.emptyStore)", "HIKE_REVIEWS_PACKS_URL=file:///nonexistent/index.json"]

    /// How long a command line may run before it is taken as hung: only a safety net, far above
    /// the seconds these take (a test asserts what a command did, never how fast).
    static let hangLimit = 300

    /// Runs a shell command line with `$B` the binary and the test pairs' environment; returns
    /// its status, stdout and stderr, and whether it had to be killed after `hangLimit` seconds
    /// (`timeout` kills its whole process group, so a hung pipeline cannot hang the test).
    static func shell(_ script: String, environment: [String] = [], input: String = "") throws -> (status: Int32, output: String, error: String, hung: Bool) {
        let argv = ["/usr/bin/env"] + pairsEnvironment + environment
            + ["B=\(Paths.binary.path)", "/usr/bin/timeout", "\(hangLimit)", "/bin/sh", "-c", script]
        let run = try Subprocess.output(of: argv, input: input)
        return (run.status, run.output, run.error, run.status == 124)
    }
}

extension HostileCommandLineTests {
    /// `LANG`, `LC_ALL` or one `LC_*` naming a locale that is not installed broke every
    /// translation (apertium-tagger dies building `std::locale("")`).
    @Test(arguments: ["LANG=en_US.UTF-8", "LC_ALL=de_DE.UTF-8", "LC_MESSAGES=fr_FR.UTF-8", "LC_CTYPE=xx_YY.ISO-8859-15", "LANGUAGE=pt_BR:pt LANG=pt_BR.UTF-8"])
    func translationWorksWhateverTheLocale(locale: String) throws {
        let environment = locale.split(separator: " ").map(String.init)
        let result = try Self.shell(#"printf 'El perro bebe agua.\nLe chien mange.\n' | "$B" translate --to en"#, environment: environment)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "The dog drinks water.\nThe dog eats.\n")
    }

    @Test func closedStandardInputIsOneLineAndStatus1() throws {
        for command in ["detect", "translate --to en", "detect --json"] {
            let result = try Self.shell(#""$B" \#(command) <&-"#)
            #expect(result.status == 1, "\(command): \(result.status)")
            #expect(result.error == "hike-reviews: \(command.split(separator: " ")[0]): cannot read standard input: it is closed\n", "\(result.error)")
            #expect(result.output.isEmpty)
        }
        // Files named on the command line are still read.
        let folder = Scratch.root.appendingPathComponent("closed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("in.txt").path
        try "El perro bebe agua.\n".write(toFile: file, atomically: true, encoding: .utf8)
        let fromFile = try Self.shell(#""$B" translate --from es --to en '\#(file)' <&-"#)
        #expect(fromFile.status == 0 && fromFile.output == "The dog drinks water.\n", "\(fromFile)")
    }

    @Test func closedStandardOutputIsOneLineAndStatus1() throws {
        let result = try Self.shell(#"echo 'Hola' | "$B" detect >&- 2>&1 | cat >&2; "$B" detect >&- </dev/null"#)
        #expect(result.status == 1)
        #expect(result.error.contains("standard output is closed"))
    }

    /// `... | head -1` ends the command at once, quietly, with no stage left running.
    @Test func aReaderThatGoesAwayStopsTheCommandAtOnce() throws {
        // A private copy of the pairs' path, so only this run's stages carry it in their argv.
        let folder = Scratch.root.appendingPathComponent("epipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pairs = folder.appendingPathComponent("apertium").path
        try FileManager.default.createSymbolicLink(atPath: pairs, withDestinationPath: CommandLineTests.testPairs)
        for command in [#"yes 'Hola amigo' | "$B" translate --from es --to en | head -1"#, #"yes 'Hola amigo' | "$B" translate --to en | head -2"#,
                        #"yes 'Hola amigo, qué tal el camino' | "$B" detect | head -1"#] {
            let result = try Self.shell("\(command); echo \"status ${?}\" >&2", environment: ["HIKE_REVIEWS_PAIRS_PATH=\(pairs)"])
            #expect(!result.hung, "\(command) never ended")
            #expect(result.output.hasPrefix("Hello Fellow\n") || result.output.hasPrefix("es\t"), "\(result.output.prefix(80))")
            #expect(!result.error.contains("hike-reviews"), "quietly: \(result.error)")
        }
        let left = Self.processes(mentioning: pairs)
        #expect(left.isEmpty, "stages still running: \(left)")
    }

    /// Pids of running processes whose command line mentions `text`.
    static func processes(mentioning text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { $0.allSatisfy(\.isNumber) }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            return line.contains(text) ? "\(pid): \(line)" : nil
        }
    }

    /// An escaped character carrying a combining mark made lt-proc refuse its input, and the
    /// pipeline was restarted for the same request for ever.
    @Test func poisonLinesAreTranslatedInBoundedTime() throws {
        let input = "El perro ]\u{0343} bebe.\nHola amigo.\n{\u{0301} agua y ^\u{0308}$ vino\n@\u{20E3} perro \\\u{0327}\nEl perro bebe agua.\n"
        let result = try Self.shell(#""$B" translate --from es --to en"#, input: input)
        #expect(!result.hung, "a poison line restarted the pipeline for ever")
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0] == "The dog ]\u{0343} drinks.")
        #expect(lines[1] == "Hello Fellow.")
        #expect(lines[4] == "The dog drinks water.")
    }

    /// Long lines cost time in proportion to their length; a line over the limit is refused
    /// alone, at once, and the lines around it are answered.
    @Test func aHugeLineIsRefusedAloneWithinSeconds() throws {
        let folder = Scratch.root.appendingPathComponent("long-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("in.txt").path
        #expect(FileManager.default.createFile(atPath: file, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: file))
        handle.write(Data("El perro bebe agua.\n".utf8))
        let chunk = Data(String(repeating: "perro ", count: 1 << 16).utf8)
        for _ in 0..<(50 * (1 << 20) / chunk.count) { handle.write(chunk) }
        handle.write(Data("\nHola amigo.\n".utf8))
        try handle.close()
        for command in ["translate --from es --to en", "detect"] {
            let result = try Self.shell(#""$B" \#(command) '\#(file)'"#)
            #expect(!result.hung, "\(command) never ended")
            #expect(result.status == 1)
            let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 4, "\(command): one output line per input line")
            #expect(result.error.contains("line 2: longer than 16 MB"), "\(result.error)")
            if command.hasPrefix("translate") { #expect(lines[0] == "The dog drinks water." && lines[1] == "" && lines[2] == "Hello Fellow.") }
        }
        // detect looks at a sample of a long line: a 4 MB line is answered at once.
        let long = String(repeating: "El camino estaba muy bien señalizado y había agua en la fuente. ", count: 65_000)
        try (long + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let detected = try Self.shell(#""$B" detect '\#(file)'"#)
        #expect(!detected.hung)
        #expect(detected.output.hasPrefix("es\t"))
    }

    /// To a pipe or a file the translation keeps the input's bytes; messages on stderr that
    /// quote input are sanitised.
    @Test func escapesPassToPipesAndNeverToStandardError() throws {
        let input = "Hola \u{1B}]2;pwned\u{07} amigo \u{1B}]52;c;ZXZpbA==\u{07}\n"
        let result = try Self.shell(#""$B" translate --from es --to en"#, input: input)
        #expect(result.output.contains("\u{1B}]2;pwned\u{07}"), "a pipe gets the bytes as they are: \(result.output.debugDescription)")
        let message = try Self.shell(#""$B" translate --to en "$(printf '/nonexistent/\033]2;x\007')""#)
        #expect(message.status == 1)
        #expect(!message.error.unicodeScalars.contains("\u{1B}") && !message.error.unicodeScalars.contains("\u{07}"), "\(message.error.debugDescription)")
        #expect(message.error.contains("␛]2;x␇"))
        let usage = try Self.shell(#""$B" translate --to "$(printf 'e\033[2Jn')""#)
        #expect(usage.status == 2)
        #expect(!usage.error.unicodeScalars.contains("\u{1B}"))
    }

    /// On a terminal the same output shows its escapes as visible placeholders.
    @Test(.needs(Tmux.isAvailable, "needs tmux"))
    func escapesOnATerminalAreShownNotRun() throws {
        let tmux = Tmux()
        defer { tmux.kill() }
        let folder = Scratch.root.appendingPathComponent("tty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("in.txt").path
        try "Hola \u{1B}]2;pwned\u{07} amigo \u{1B}[31mrojo\u{1B}[0m \u{202E}dlrow\n".write(toFile: file, atomically: true, encoding: .utf8)
        let environment = Dictionary(uniqueKeysWithValues: Self.pairsEnvironment.map { entry -> (String, String) in
            let parts = entry.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), String(parts[1]))
        })
        try tmux.start("'\(Paths.binary.path)' translate --from es --to en '\(file)'; echo done; sleep 30", width: 100, height: 10, environment: environment)
        let screen = try tmux.waitForScreen { $0.contains("done") }
        #expect(screen.contains("␛]2;pwned␇"), "\(screen)")
        #expect(screen.contains("␛[31m"), "\(screen)")
        #expect(try tmux.run(["display-message", "-p", "-t", tmux.session, "#{pane_title}"]).contains("pwned") == false)
    }

    /// A line already in the target language is passed through, with its language as the route.
    @Test func aLineAlreadyInTheTargetLanguageIsPassedThrough() throws {
        let result = try Self.shell(#""$B" translate --to en --json"#, input: "Great hike, well marked and the views were wonderful.\nEl perro bebe agua.\n")
        #expect(result.status == 0, "\(result.error)")
        let objects = try result.output.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.count == 2)
        #expect(objects[0]?["route"] as? [String] == ["en"])
        #expect(objects[0]?["targetText"] as? String == "Great hike, well marked and the views were wonderful.")
        #expect(objects[1]?["route"] as? [String] == ["es", "en"])
        let explicit = try Self.shell(#""$B" translate --from en --to en-US"#, input: "Great hike.\n")
        #expect(explicit.status == 0 && explicit.output == "Great hike.\n", "\(explicit)")
    }

    /// One rule: 2 for a usage error, an unknown language among them, whether or not the source
    /// is detected.
    @Test func unknownLanguagesAreUsageErrorsEitherWay() throws {
        for arguments in ["--to xx", "--from es --to xx", "--from qq --to en", "--to und"] {
            let result = try Self.shell(#""$B" translate \#(arguments)"#, input: "Hola amigo.\n")
            #expect(result.status == 2, "\(arguments): \(result.status) \(result.error)")
            #expect(result.error.contains("unknown language"), "\(result.error)")
            #expect(result.output.isEmpty)
        }
        let noRoute = try Self.shell(#""$B" translate --to de"#, input: "El camino estaba muy bien señalizado y había agua.\n")
        #expect(noRoute.status == 2, "a known language with no offline route: \(noRoute.error)")
    }

    /// A store whose path holds `|` or `'` installed packs that then could not be used.
    @Test(.needs(TestRepository.available, "needs make test's pack repository"))
    func aStorePathWithQuotesAndBarsWorks() throws {
        let base = try PacksCommandTests.freshStore()
        defer { try? FileManager.default.removeItem(atPath: base) }
        for name in ["it's a store", "a|b", "x' | touch '/tmp/pwned-\(getpid())"] {
            let store = base + "/" + name
            try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
            let install = try PacksCommandTests.run(["packs", "install", "eng-spa", "--yes"], store: store)
            #expect(install.status == 0, "\(name): \(install.error)")
            #expect(try PacksCommandTests.run(["availability", "es", "en"], store: store).output == "installed\n")
            let translated = try PacksCommandTests.run(["translate", "--from", "es", "--to", "en"], store: store, input: "El perro bebe agua.\n")
            #expect(translated.status == 0 && translated.output == "The dog drinks water.\n", "\(name): \(translated.error)")
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/pwned-\(getpid())"))
    }
}
