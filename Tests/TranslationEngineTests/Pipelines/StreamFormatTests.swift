import Testing
@testable import TranslationEngine

@Suite("StreamFormat")
struct StreamFormatTests {
    @Test("escapes stream syntax, wraps newline and tilde, replaces NUL")
    func escaping() {
        #expect(StreamFormat.escape(#"^a/b$ [x] \ <y> @{z}"#) == #"\^a\/b\$ \[x\] \\ \<y\> \@\{z\}"#)
        #expect(StreamFormat.escape("a\nb~c\0d") == "a[\n]b[~]c d")
        #expect(StreamFormat.escape("* # plain") == "* # plain")
    }

    @Test("frame is text, the period and blank apertium-destxt adds, NUL, nonce blank, NUL")
    func framing() {
        #expect(StreamFormat.frame("a.", nonce: "42") == Array("a..[]".utf8) + [0] + Array("[42]".utf8) + [0])
    }

    @Test("unescape inverts escape")
    func roundTrip() {
        for text in [#"^a/b$ [ ] \ < > @ * # { }"#, "line\nbreak ~ tilde", "", "  ", "😀 漢字"] {
            #expect(StreamFormat.unescape(StreamFormat.escape(text) + "[]") == text)
        }
    }
}
