import Foundation
import TestSupport
import Testing

/// The real binary's `translate` and `detect` on bytes that are not UTF-8: input lines (a stray
/// byte, Latin-1 text) and FILE operands whose names are not UTF-8. A line that is not UTF-8
/// comes back byte for byte with one warning naming its number; a file is opened by its bytes.
@Suite(.serialized, .needs(FileManager.default.fileExists(atPath: CommandLineTests.testPairs + "/modes/spa-eng.mode"), "needs make test's pair data"))
struct NotUTF8CommandLineTests {
    /// A scratch folder for one test; the shell removes it (names that are not UTF-8 inside).
    static func folder() throws -> String {
        let folder = Scratch.root.appendingPathComponent("not-utf8-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }

    /// Runs `script` with `$D` the folder and `$B` the binary; stdout goes to `$D/out`, whose
    /// bytes are returned (the shell's own capture would decode them as text).
    static func run(_ script: String, in folder: String) throws -> (status: Int32, output: [UInt8], error: String) {
        let result = try HostileCommandLineTests.shell(#"D='\#(folder)'; { \#(script); } > "$D/out""#)
        #expect(!result.hung)
        let output = FileManager.default.contents(atPath: folder + "/out").map { Array($0) } ?? []
        return (result.status, output, result.error)
    }

    static func remove(_ folder: String) {
        _ = try? HostileCommandLineTests.shell("rm -rf '\(folder)'")
    }
}

extension NotUTF8CommandLineTests {
    /// An English line with a stray byte, into English: it is already in the target language,
    /// and comes back as it was, byte for byte (not with U+FFFD in place of the byte).
    @Test func anInvalidByteInATargetLanguageLineComesBackByteForByte() throws {
        let folder = try Self.folder()
        defer { Self.remove(folder) }
        let result = try Self.run(#"printf 'The path was steep \377 but the view was worth it.\n' | "$B" translate --to en"#, in: folder)
        #expect(result.output == Array("The path was steep ".utf8) + [0xFF] + Array(" but the view was worth it.\n".utf8))
        #expect(result.error == "hike-reviews: translate: line 1: not UTF-8; passed through unchanged\n")
        #expect(result.status == 1)
    }

    /// A Latin-1 Spanish line is not translated into mojibake: one warning naming its number,
    /// its bytes given back in its place, and the valid lines around it still translated.
    @Test(arguments: ["--to en", "--from es --to en"])
    func aLatin1LineIsPassedThroughWithOneWarningAndTheNextLinesStayInStep(options: String) throws {
        let folder = try Self.folder()
        defer { Self.remove(folder) }
        let result = try Self.run(#"printf 'El perro bebe agua.\nEl caf\351 est\341 bueno.\nEl perro bebe agua.\n' | "$B" translate \#(options)"#, in: folder)
        let expected = Array("The dog drinks water.\nEl caf".utf8) + [0xE9] + Array(" est".utf8) + [0xE1] + Array(" bueno.\nThe dog drinks water.\n".utf8)
        #expect(result.output == expected, "\(String(decoding: result.output, as: UTF8.self))")
        #expect(result.error == "hike-reviews: translate: line 2: not UTF-8; passed through unchanged\n")
        #expect(result.status == 1)
    }

    /// Lines read together go to the translator as groups of up to `TranslateCommand.groupSize`:
    /// across several groups, each line keeps its place and a warning the right number, with
    /// Latin-1 lines, an empty line and a line already in English among them.
    @Test func linesReadTogetherKeepTheirPlacesAndNumbers() throws {
        let folder = try Self.folder()
        defer { Self.remove(folder) }
        let english = "The path was steep but the view from the top was worth every step."
        let script = #"for i in $(seq 40); do case $i in 17|33) printf 'El caf\351 est\341 bueno.\n' ;; 20) printf '\n' ;; "#
            + #"25) printf '%s\n' '\#(english)' ;; *) printf 'El perro bebe agua.\n' ;; esac; done > "$D/in"; "$B" translate --to en "$D/in""#
        let result = try Self.run(script, in: folder)
        var expected: [UInt8] = []
        for number in 1...40 {
            switch number {
            case 17, 33: expected += Array("El caf".utf8) + [0xE9] + Array(" est".utf8) + [0xE1] + Array(" bueno.\n".utf8)
            case 20: expected += Array("\n".utf8)
            case 25: expected += Array((english + "\n").utf8)
            default: expected += Array("The dog drinks water.\n".utf8)
            }
        }
        #expect(result.output == expected, "\(String(decoding: result.output, as: UTF8.self))")
        #expect(result.error == "hike-reviews: translate: line 17: not UTF-8; passed through unchanged\n"
            + "hike-reviews: translate: line 33: not UTF-8; passed through unchanged\n")
        #expect(result.status == 1)
    }

    /// `--json` cannot carry the bytes: it gives the text with U+FFFD and says the line was not
    /// UTF-8, and stays valid JSON.
    @Test func jsonSaysALineWasNotUTF8() throws {
        let folder = try Self.folder()
        defer { Self.remove(folder) }
        let result = try Self.run(#"printf 'El caf\351 est\341 bueno.\nEl perro bebe agua.\n' | "$B" translate --to en --json"#, in: folder)
        let lines = String(decoding: result.output, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any])
        #expect(first["notUTF8"] as? Bool == true)
        #expect(first["warning"] as? String == "not UTF-8; passed through unchanged")
        #expect(first["sourceText"] as? String == "El caf\u{FFFD} est\u{FFFD} bueno.")
        #expect(first["targetText"] as? String == "El caf\u{FFFD} est\u{FFFD} bueno.")
        let second = try #require(try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8)) as? [String: Any])
        #expect(second["targetText"] as? String == "The dog drinks water.")
        #expect(second["notUTF8"] == nil)
        #expect(result.error == "hike-reviews: translate: line 1: not UTF-8; passed through unchanged\n")
    }

    /// `detect` says `und` for a line that is not UTF-8, with the same warning, and its line
    /// numbers stay in step.
    @Test func detectSaysUndeterminedForALineThatIsNotUTF8() throws {
        let folder = try Self.folder()
        defer { Self.remove(folder) }
        let input = #"printf 'El camino estaba muy bien se\361alizado y hab\355a una fuente.\nEl camino estaba muy bien señalizado y había una fuente con agua fresca.\n'"#
        let plain = try Self.run(#"\#(input) | "$B" detect"#, in: folder)
        let lines = String(decoding: plain.output, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.first == "und\t0.00\tunreliable")
        #expect(lines.last?.hasPrefix("es\t") == true)
        #expect(plain.error == "hike-reviews: detect: line 1: not UTF-8; passed through unchanged\n")
        #expect(plain.status == 1)
        let json = try Self.run(#"\#(input) | "$B" detect --json"#, in: folder)
        let first = String(decoding: json.output, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(object["tag"] as? String == "und")
        #expect(object["notUTF8"] as? Bool == true)
    }

    /// A FILE whose name is not UTF-8 is opened by its own bytes (it said "no such file"), two
    /// names that differ only in their invalid bytes stay two files, and a missing one is
    /// named with its bytes escaped.
    @Test func aFileNamedWithInvalidBytesIsOpenedByItsBytes() throws {
        let folder = try Self.folder()
        defer { Self.remove(folder) }
        let result = try Self.run(#"""
            A="$D/$(printf 'in\377.txt')"; Z="$D/$(printf 'in\376.txt')"
            printf 'El perro bebe agua.\n' > "$A"; printf 'Hola\n' > "$Z"
            "$B" translate --from es --to en "$A" "$Z" "$D/$(printf 'gone\377.txt')"
            """#, in: folder)
        #expect(String(decoding: result.output, as: UTF8.self) == "The dog drinks water.\nHello\n")
        #expect(result.error == "hike-reviews: translate: cannot read '\(folder)/gone\\xFF.txt': no such file\n")
        #expect(result.status == 1)
        let detect = try Self.run(#""$B" detect "$D/$(printf 'in\377.txt')""#, in: folder)
        #expect(String(decoding: detect.output, as: UTF8.self).hasPrefix("es\t"), "\(detect.error)")
        #expect(detect.status == 0)
    }
}
