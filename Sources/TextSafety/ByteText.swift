/// Bytes that may not be UTF-8 (a path from argv or the environment), as text without losing
/// any: each valid sequence as its character, each other byte as the caller says.
package enum ByteText {
    /// `bytes` decoded, with each byte no valid sequence starting at it takes made into
    /// `invalid(byte)`.
    package static func decoded(_ bytes: [UInt8], invalid: (UInt8) -> String) -> String {
        var result = ""
        var index = 0
        while index < bytes.count {
            // The valid sequence starting here (1 to 4 bytes), or the one byte.
            let scalar = (1...4).lazy.filter { index + $0 <= bytes.count }.compactMap { length in
                String(validating: bytes[index..<index + length], as: UTF8.self).flatMap { $0.unicodeScalars.count == 1 ? ($0, length) : nil }
            }.first
            if let (piece, length) = scalar {
                result += piece
                index += length
            } else {
                result += invalid(bytes[index])
                index += 1
            }
        }
        return result
    }

    /// `bytes` as a message shows them: each invalid byte as `\xFF`.
    package static func escaped(_ bytes: [UInt8]) -> String {
        decoded(bytes) { "\\x" + String($0, radix: 16, uppercase: true) }
    }
}
