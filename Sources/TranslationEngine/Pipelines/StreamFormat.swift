/// Conversion between plain text and Apertium's stream format, plus request framing.
///
/// Each request is written as `escaped text`, `.[]`, NUL, `[nonce]`, NUL. The added period and
/// blank are what apertium-destxt appends, so the stages see what the `apertium` command feeds them; the nonce after the NUL lets the reader find the
/// end of this request's output even if stale bytes are still in the pipe. The nonce is
/// itself a blank because a bare word at the end of a segment is held back by the tagger
/// (measured: `nonce NUL` never came out of a warm spa-eng pipeline), while a blank passes
/// every stage untouched.
public enum StreamFormat {
    /// Characters that are syntax in the stream format and must be backslash-escaped.
    static let specials: Set<Character> = ["\\", "[", "]", "^", "$", "@", "/", "<", ">", "{", "}"]

    /// Escapes plain text for the stream format.
    ///
    /// Newlines and `~` become blanks (`[\n]`, `[~]`) so the pipeline passes them through
    /// untouched; NUL becomes a space because NUL is the flush marker.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "\0": out.append(" ")
            case "\n", "\r\n", "\r", "~": out.append("["); out.append(character); out.append("]")
            default:
                if specials.contains(character) { out.append("\\") }
                out.append(character)
            }
        }
        return out
    }

    /// The bytes to write for one request.
    public static func frame(_ text: String, nonce: String) -> [UInt8] {
        var bytes = Array(escape(text).utf8)
        // As apertium-destxt does: a final "." so the tagger always sees a sentence end
        // (without it a last word can be tagged, and so translated, differently from the
        // `apertium` command); `unescape` removes it again as apertium-retxt does.
        bytes.append(contentsOf: Array(".[]".utf8))
        bytes.append(0)
        bytes.append(contentsOf: terminator(nonce: nonce))
        return bytes
    }

    /// The bytes that end a request's output: the nonce blank and its NUL.
    public static func terminator(nonce: String) -> [UInt8] {
        Array("[\(nonce)]".utf8) + [0]
    }

    /// Turns pipeline output back into plain text.
    ///
    /// Removes blanks' brackets (keeping their content, so `[\n]` becomes a newline and the
    /// framing `[]` disappears), drops backslash escapes, and drops stray NULs.
    public static func unescape(_ stream: String) -> String {
        // The "." that `frame` added before the final blank (apertium-retxt drops any "." right
        // before an empty blank; user text never contains one, its brackets are escaped).
        let stream = stream.replacingOccurrences(of: ".[]", with: "[]")
        var out = ""
        out.reserveCapacity(stream.utf8.count)
        var escaped = false
        for character in stream {
            if escaped {
                out.append(character)
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "[", "]", "\0": continue
            default: out.append(character)
            }
        }
        return out
    }
}
