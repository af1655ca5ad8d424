import Foundation

/// The fields of a form body: `application/x-www-form-urlencoded` (WHATWG's parsing) and
/// `multipart/form-data` (RFC 7578 over RFC 2046). Read here, not by libmicrohttpd's post
/// processor: MHD 0.9.75 refuses a boundary of one character (RFC 2046 allows 1 to 70) and
/// stops at a field with an empty name, which lost every field after it.
enum FormBody {
    /// A body that is not the form its Content-Type says.
    struct Malformed: Error {
        let reason: String
    }

    /// The fields of a urlencoded body, in order; a field with an empty name is ignored.
    static func urlencoded(_ body: [UInt8]) -> [(name: String, value: [UInt8])] {
        body.split(separator: UInt8(ascii: "&")).compactMap { field in
            let parts = field.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            guard !name.isEmpty else { return nil }
            return (String(decoding: name, as: UTF8.self), parts.count > 1 ? decode(parts[1]) : [])
        }
    }

    /// The fields of a multipart body with `boundary`, in order; a part without a name (or
    /// with an empty one) is ignored.
    static func multipart(_ body: [UInt8], boundary: String) throws(Malformed) -> [(name: String, value: [UInt8])] {
        try parts(body, boundary: boundary).map { ($0.name, $0.value) }
    }

    /// One named part of a multipart body: an upload carries the `filename` its sender gave
    /// (as sent: it is a label, never a path to use).
    struct Part {
        let name: String
        let filename: String?
        let value: [UInt8]
    }

    /// The named parts of a multipart body with `boundary`, in order, with their file names.
    static func parts(_ body: [UInt8], boundary: String) throws(Malformed) -> [Part] {
        let delimiter = Array("--\(boundary)".utf8)
        guard let first = body.firstRange(of: delimiter) else { throw Malformed(reason: "the multipart body has no boundary line") }
        var fields: [Part] = []
        var rest = body[first.upperBound...]
        let next = Array("\r\n--\(boundary)".utf8)
        while true {
            // After a delimiter: `--` ends the body, else the rest of the line (padding) is skipped.
            if rest.starts(with: Array("--".utf8)) { return fields }
            guard let lineEnd = rest.firstRange(of: Array("\r\n".utf8)) else { throw Malformed(reason: "the multipart body ends inside a part") }
            let part = rest[lineEnd.upperBound...]
            guard let end = part.firstRange(of: next) else { throw Malformed(reason: "the multipart body has no closing boundary") }
            let content = part[..<end.lowerBound]
            let headerEnd = content.firstRange(of: Array("\r\n\r\n".utf8))
            let head = headerEnd.map { content[..<$0.lowerBound] } ?? content[content.startIndex..<content.startIndex]
            let value = headerEnd.map { content[$0.upperBound...] } ?? content[...]
            let disposition = dispositionParameters(String(decoding: head, as: UTF8.self))
            if let name = disposition["name"], !name.isEmpty { fields.append(Part(name: name, filename: disposition["filename"], value: Array(value))) }
            rest = part[end.upperBound...]
        }
    }

    /// The boundary parameter of a multipart Content-Type, unquoted; nil when absent or not
    /// one RFC 2046 allows (1 to 70 characters).
    static func boundary(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
            var value = pair[1]
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return (1...70).contains(value.utf8.count) ? value : nil
        }
        return nil
    }

    /// The parameters of a part's Content-Disposition: form-data (`name`, `filename`), by
    /// lowercased name, unquoted; the first of a repeated one.
    private static func dispositionParameters(_ head: String) -> [String: String] {
        var parameters: [String: String] = [:]
        for line in head.split(separator: "\r\n") where line.lowercased().hasPrefix("content-disposition:") {
            for parameter in line.split(separator: ";").dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2 else { continue }
                let value = pair[1]
                let unquoted = value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? String(value.dropFirst().dropLast()) : value
                if parameters[pair[0].lowercased()] == nil { parameters[pair[0].lowercased()] = unquoted }
            }
        }
        return parameters
    }

    /// `+` as a space and `%XX` as its byte; a `%` not followed by two hex digits stays.
    private static func decode(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                result.append(high << 4 | low)
                index += 3
                continue
            }
            result.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return result
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
