import Foundation

/// The keys a server accepts (`--api-keys FILE`, one key per line; blank lines and lines
/// starting with `#` are not keys). Compared in constant time, so response timing does not
/// tell how much of a guess was right.
public struct APIKeys: Sendable {
    private let keys: [[UInt8]]

    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }

    public init(keys: [String]) {
        self.keys = keys.map { Array($0.utf8) }
    }

    /// The keys of a file; fails when it cannot be read, is not UTF-8 or holds no key.
    public init(contentsOf path: String) throws(Unreadable) {
        guard let data = FileManager.default.contents(atPath: path) else { throw Unreadable(description: "cannot read '\(path)'") }
        guard let text = String(validating: Array(data), as: UTF8.self) else { throw Unreadable(description: "'\(path)' is not UTF-8") }
        let keys = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard !keys.isEmpty else { throw Unreadable(description: "'\(path)' holds no key") }
        self.init(keys: keys)
    }

    /// Whether `candidate` is one of the keys. Every key is compared in full, byte by byte.
    public func accepts(_ candidate: String) -> Bool {
        let guess = Array(candidate.utf8)
        var found = false
        for key in keys { found = Self.equal(key, guess) || found }
        return found
    }

    /// Equal lengths and bytes, taking the same time whatever byte differs.
    private static func equal(_ key: [UInt8], _ guess: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: key.count ^ guess.count)
        difference |= UInt8(key.count != guess.count ? 1 : 0)
        for index in key.indices {
            difference |= key[index] ^ (index < guess.count ? guess[index] : 0)
        }
        return difference == 0
    }
}
