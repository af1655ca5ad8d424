import CCLD2
import Foundation

/// A byte n-gram naive Bayes language model in the shape langid.py uses, read from `model.bin`.
///
/// The features of a text are byte n-grams, found by walking its UTF-8 bytes through an
/// automaton: each state the walk enters may stand for one feature. A class's score is its log
/// prior plus, over the features seen, `log(1 + count) * log P(feature | class)`.
///
/// `scripts/langid-model.py` writes the file from py3langid's model data. Layout, little-endian:
/// "HRNB", then version, class count C, feature count F, state count S and row count R (UInt32
/// each); then these sections, each padded to a multiple of 8 bytes: C class codes (8 ASCII bytes,
/// NUL-padded), C log priors (Float32), F x C log P(feature | class) (Float16, one row per
/// feature), S transition-row numbers (UInt32), S emitted features (Int32, -1 for none), and
/// R rows of 256 next states (UInt32, one per byte value).
///
/// The file is mapped, not read: only the pages a text touches become resident. Every index read
/// from it is checked, so a damaged file gives wrong scores at worst, never a crash. A file cut
/// short while mapped is a SIGBUS: setup and `make install` replace it by renaming a new file
/// over it, never in place (reading it instead costs ~100 ms and 65 MB a process: DECISIONS).
struct NaiveBayesModel: Sendable {
    enum LoadError: Error, Equatable {
        case unreadable(String)
        case malformed(String)
    }

    /// Class codes as the model names them ("en", "no", "sr"); a code may appear twice.
    let classes: [String]
    private let bytes: Data
    private let featureCount: Int
    private let stateCount: Int
    private let rowCount: Int
    private let priorsOffset: Int
    private let weightsOffset: Int
    private let rowOfStateOffset: Int
    private let featureOfStateOffset: Int
    private let movesOffset: Int

    static let magic = Array("HRNB".utf8)
    static let version: UInt32 = 1

    init(contentsOf url: URL) throws(LoadError) {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw .unreadable("\(url.path): \(error.localizedDescription)")
        }
        try self.init(bytes: bytes, name: url.path)
    }

    init(bytes: Data, name: String) throws(LoadError) {
        let headerSize = 24
        guard bytes.count >= headerSize, bytes.prefix(4).elementsEqual(Self.magic) else {
            throw .malformed("\(name): not a language-ID model (no HRNB header)")
        }
        let header = bytes.withUnsafeBytes { raw in
            (0..<5).map { Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4 + 4 * $0, as: UInt32.self))) }
        }
        guard header[0] == Int(Self.version) else {
            throw .malformed("\(name): model version \(header[0]), expected \(Self.version)")
        }
        let (classCount, featureCount, stateCount, rowCount) = (header[1], header[2], header[3], header[4])
        // Generous caps keep the size arithmetic below far from overflow on a hostile header.
        guard (1...4096).contains(classCount), (1...(1 << 24)).contains(featureCount),
              (1...(1 << 24)).contains(stateCount), (1...(1 << 24)).contains(rowCount) else {
            throw .malformed("\(name): implausible counts \(header[1...])")
        }
        func padded(_ size: Int) -> Int { (size + 7) & ~7 }
        var offset = headerSize
        let codesOffset = offset
        offset += padded(8 * classCount)
        priorsOffset = offset
        offset += padded(4 * classCount)
        weightsOffset = offset
        offset += padded(2 * featureCount * classCount)
        rowOfStateOffset = offset
        offset += padded(4 * stateCount)
        featureOfStateOffset = offset
        offset += padded(4 * stateCount)
        movesOffset = offset
        offset += 4 * 256 * rowCount
        guard bytes.count >= offset else {
            throw .malformed("\(name): \(bytes.count) bytes, the header promises \(offset)")
        }
        classes = bytes.withUnsafeBytes { raw in
            (0..<classCount).map { index in
                let code = raw[(codesOffset + 8 * index)..<(codesOffset + 8 * index + 8)].prefix { $0 != 0 }
                return String(decoding: code, as: UTF8.self)
            }
        }
        self.bytes = bytes
        self.featureCount = featureCount
        self.stateCount = stateCount
        self.rowCount = rowCount
    }

    /// Raw log scores, one per entry of `classes`, for `text` as langid.py prepares it: lowercased
    /// when it has no lowercase letter at all, in Unicode normalization form C, as UTF-8.
    func scores(for text: String) -> [Float] {
        let features = sortedFeatures(in: Array(Self.prepared(text).utf8))
        let classCount = classes.count
        return bytes.withUnsafeBytes { raw in
            var scores = (0..<classCount).map { raw.loadLittleEndianFloat(at: priorsOffset + 4 * $0) }
            guard !features.isEmpty, let base = raw.baseAddress else { return scores }
            // Every feature was checked against the feature count, and `init` checked that all
            // rows are in the file: the reads below stay inside it.
            let weights = base + weightsOffset
            let rowBytes = 2 * classCount
            // Each feature's row is a few cache lines somewhere in tens of MB, nearly always a
            // miss: all of them are asked for first, so the misses overlap instead of coming one
            // row at a time (the scoring loop waited on them for half its time).
            var previous = -1
            for feature in features where feature != previous {
                previous = feature
                let row = weights + feature &* rowBytes
                var offset = 0
                while offset < rowBytes {
                    hr_prefetch(row + offset)
                    offset &+= 64
                }
                hr_prefetch(row + (rowBytes &- 1))
            }
            scores.withUnsafeMutableBufferPointer { scores in
                // Each feature once, with how often it occurs (the list is sorted: runs).
                var start = 0
                while start < features.count {
                    var end = start + 1
                    while end < features.count && features[end] == features[start] { end += 1 }
                    let weight = Float(log1p(Double(end - start)))
                    let row = weights + features[start] &* rowBytes
                    for index in 0..<classCount {
                        let bits = UInt16(littleEndian: row.loadUnaligned(fromByteOffset: 2 &* index, as: UInt16.self))
                        scores[index] += weight * Self.float(fromHalf: bits)
                    }
                    start = end
                }
            }
            return scores
        }
    }

    /// A Float16's value as a Float, exactly as `Float(Float16(bitPattern:))` gives it, in a
    /// few instructions: that conversion is a library call on x86-64 without F16C, and a
    /// 256 KB table of every value (used before) missed the cache on nearly every weight.
    /// The half's exponent and mantissa, moved to a Float's places, read as 2^-112 times the
    /// value (subnormals included), so one exact multiplication by 2^112 finishes the job.
    @inline(__always)
    static func float(fromHalf bits: UInt16) -> Float {
        let sign = UInt32(bits & 0x8000) << 16
        let magnitude = UInt32(bits & 0x7FFF)
        guard magnitude < 0x7C00 else {
            // Infinity, or NaN: its payload kept and made quiet, as the library call does.
            let quiet: UInt32 = magnitude > 0x7C00 ? 0x0040_0000 : 0
            return Float(bitPattern: sign | 0x7F80_0000 | quiet | (magnitude & 0x3FF) << 13)
        }
        return Float(bitPattern: (Float(bitPattern: magnitude << 13) * 0x1p112).bitPattern | sign)
    }

    /// How often each feature occurs in `utf8`: one automaton step per byte, so linear in its length.
    func featureCounts(in utf8: [UInt8]) -> [Int: Int] {
        sortedFeatures(in: utf8).reduce(into: [:]) { counts, feature in counts[feature, default: 0] += 1 }
    }

    /// Every feature the walk over `utf8` enters, sorted: a feature seen n times is a run of n.
    /// (A sorted list instead of a dictionary: fewer allocations and no hashing, and the scores
    /// add the features up in one order, not in a dictionary's, which changes from run to run.)
    func sortedFeatures(in utf8: [UInt8]) -> [Int] {
        var features = bytes.withUnsafeBytes { raw in
            var features: [Int] = []
            features.reserveCapacity(utf8.count)
            var state = 0
            for byte in utf8 {
                let row = Int(raw.loadLittleEndianUInt32(at: rowOfStateOffset + 4 * state))
                guard row < rowCount else { return features }
                let next = Int(raw.loadLittleEndianUInt32(at: movesOffset + 4 * (256 * row + Int(byte))))
                guard next < stateCount else { return features }
                state = next
                let feature = Int(Int32(bitPattern: raw.loadLittleEndianUInt32(at: featureOfStateOffset + 4 * state)))
                if feature >= 0 && feature < featureCount {
                    features.append(feature)
                }
            }
            return features
        }
        features.sort()
        return features
    }

    /// langid.py's preparation of a text: an all-capitals text is lowercased, then composed (NFC).
    static func prepared(_ text: String) -> String {
        // ASCII is its own normal form, and its cases are A-Z and a-z: no Character walk needed.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            let hasLower = text.utf8.contains { $0 >= 0x61 && $0 <= 0x7A }
            let hasUpper = text.utf8.contains { $0 >= 0x41 && $0 <= 0x5A }
            return !hasLower && hasUpper ? text.lowercased() : text
        }
        let shouting = !text.contains(where: \.isLowercase) && text.contains(where: \.isUppercase)
        let cased = shouting ? text.lowercased() : text
        return isComposedAlready(cased) ? cased : cased.precomposedStringWithCanonicalMapping
    }

    /// Whether every scalar is one that NFC leaves alone and composes with nothing: Latin below
    /// the combining marks (U+0300) and Cyrillic before its combining marks (U+0483). Most short
    /// reviews are; the others go through Foundation's normalization.
    static func isComposedAlready(_ text: String) -> Bool {
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            switch byte {
            case ..<0x80:
                break
            case 0xC2..<0xCC, 0xD0, 0xD1:
                // U+0080...U+02FF, U+0400...U+047F: skip the continuation byte.
                _ = utf8.next()
            case 0xD2:
                // U+0480...U+04BF: only U+0480...U+0482 are before the combining marks.
                guard let next = utf8.next(), next < 0x83 else { return false }
            default:
                return false
            }
        }
        return true
    }
}

private extension UnsafeRawBufferPointer {
    func loadLittleEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    func loadLittleEndianFloat(at offset: Int) -> Float {
        Float(bitPattern: loadLittleEndianUInt32(at: offset))
    }
}
