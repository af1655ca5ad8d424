extension JSONParser {
    /// Reads a number in JSON's grammar and returns its literal text; converting it is left to the decoder,
    /// which knows whether an integer or a decimal is wanted.
    mutating func readNumber() throws(SourceIssue) -> String {
        let start = position
        var index = position
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw unexpected(at: index, expecting: "a digit after \"-\"")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw SourceIssue(offset: start, message: "numbers must not have leading zeros")
            }
        } else {
            index = skipDigits(from: index)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw unexpected(at: index, expecting: "a digit after the decimal point")
            }
            index = skipDigits(from: index)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw unexpected(at: index, expecting: "a digit in the exponent")
            }
            index = skipDigits(from: index)
        }
        position = index
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func skipDigits(from start: Int) -> Int {
        var index = start
        while index < bytes.count, isDigit(bytes[index]) {
            index += 1
        }
        return index
    }
}
