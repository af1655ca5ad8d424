import CCrypto
import Foundation

/// SHA-256 through libcrypto (OpenSSL's EVP interface), streamed so a pack is never read whole.
struct SHA256 {
    private let context: OpaquePointer

    init() {
        context = EVP_MD_CTX_new()
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
    }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    /// The digest as 64 lowercase hex digits; the hasher cannot be used after this.
    func finish() -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        EVP_MD_CTX_free(context)
        return digest.prefix(Int(length)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// The SHA-256 of bytes in memory.
    static func hex(of data: Data) -> String {
        let hasher = SHA256()
        data.withUnsafeBytes { hasher.update($0) }
        return hasher.finish()
    }

    /// The SHA-256 of a file's contents, or nil when it cannot be read.
    static func ofFile(atPath path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let hasher = SHA256()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(fd, buffer.baseAddress, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { _ = hasher.finish(); return nil }
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        return hasher.finish()
    }
}
