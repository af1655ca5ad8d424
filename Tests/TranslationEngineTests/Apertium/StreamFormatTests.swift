import Foundation
import Testing
import TestSupport
@testable import TranslationEngine

@Suite("StreamFormat", .tags(.fast))
struct StreamFormatTests {
    /// Whether Debian's deformatter is installed (it comes with the apertium package).
    static var destxtAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/apertium-destxt")
    }
}

extension StreamFormatTests {
    @Test("escapes stream syntax, wraps newline and tilde, replaces NUL")
    func escaping() {
        #expect(StreamFormat.escape(#"^a/b$ [x] \ <y> @{z}"#) == #"\^a\/b\$ \[x\] \\ \<y\> \@\{z\}"#)
        #expect(StreamFormat.escape("a\nb~c\0d") == "a[\n]b[~]c d")
        #expect(StreamFormat.escape("* # plain") == "* # plain")
    }

    @Test("deformat adds destxt's periods: at the end and before a paragraph break")
    func deformatting() {
        #expect(StreamFormat.deformat("a b") == "a b.[]")
        #expect(StreamFormat.deformat("a b.\n\nc") == "a b..[][\n\n]c.[]")
        #expect(StreamFormat.deformat("a.\n \nb") == "a.[\n \n]b.[]")
        #expect(StreamFormat.deformat("a\n") == "a.[][\n]")
        #expect(StreamFormat.deformat("a b ") == "a b.[] ")
        #expect(StreamFormat.deformat("a\0b") == "a b.[]")
    }

    @Test("frame is the deformatted text, the nonce blank, NUL")
    func framing() {
        #expect(StreamFormat.frame("a.", nonce: "42") == Array("a..[][42]".utf8) + [0])
    }

    @Test("unescape inverts deformat")
    func roundTrip() {
        for text in [#"^a/b$ [ ] \ < > @ * # { }"#, "line\nbreak ~ tilde", "", "  ", "😀 漢字", "para.\n\nnext", "end \n"] {
            #expect(StreamFormat.unescape(StreamFormat.deformat(text)) == text, "\(text.debugDescription)")
        }
    }

    @Test("deformat equals apertium-destxt on 500 random texts and known hard cases", .needs(destxtAvailable, "needs apertium-destxt (make test installs it)"))
    func matchesDestxt() throws {
        var random = SystemRandomNumberGenerator()
        let alphabet: [String] = ["a", "b", "é", ".", ",", " ", " ", "  ", "\t", "\n", "\n\n", "\r\n", "~", "@", "[", "]", "\\", "^", "$", "/", "<", "{", "漢"]
        var texts: [String] = []
        // Whitespace runs destxt reads differently: found by earlier runs of this test.
        texts += ["a\n\r\nb", "a\r\n\r\nb", "a\r\n\nb", "a\n\r\r\nb", "a\r\r\n\r\nb", "a\n \nb", ",\n\r\né  \r\n,\t "]
        for _ in 0..<500 {
            let length = Int.random(in: 0...12, using: &random)
            texts.append((0..<length).map { _ in alphabet.randomElement(using: &random)! }.joined())
        }
        var mismatches: [String] = []
        for text in texts {
            let reference = try Subprocess.output(of: ["/usr/bin/apertium-destxt"], input: text)
            if reference.output != StreamFormat.deformat(text) {
                mismatches.append("\(text.debugDescription): ours \(StreamFormat.deformat(text).debugDescription), destxt \(reference.output.debugDescription)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ:\n\(mismatches.prefix(10).joined(separator: "\n"))")
    }
}
