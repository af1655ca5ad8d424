import CCrypto
import Foundation

/// SHA-256 through libcrypto (OpenSSL's EVP interface), fed a piece at a time: a download is
/// hashed as its bytes arrive, so a pack is never read back, let alone read whole.
///
/// One EVP digest context per hasher, freed with it. Not `Sendable`: a download owns its hasher
/// and hands it from one attempt to the next (a resumed transfer goes on hashing where the last
/// one stopped; `reset()` starts over when the server sends the whole file again), and only one
/// of them feeds it at a time.
final class SHA256 {
    /// The EVP context; nil once `finish()` freed it.
    private var context: OpaquePointer?

    init() {
        context = EVP_MD_CTX_new()
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
    }

    deinit {
        if let context { EVP_MD_CTX_free(context) }
    }

    /// Adds bytes to the digest (ignored after `finish()`).
    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let context, let base = bytes.baseAddress, !bytes.isEmpty else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// Forgets every byte so far: the digest starts again from nothing.
    func reset() {
        guard let context else { return }
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
    }

    /// The digest as 64 lowercase hex digits; the hasher cannot be used after this (a second
    /// call returns the empty string).
    func finish() -> String {
        guard let context else { return "" }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        EVP_MD_CTX_free(context)
        self.context = nil
        return digest.prefix(Int(length)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// The SHA-256 of bytes in memory.
    static func hex(of data: Data) -> String {
        let hasher = SHA256()
        hasher.update(data)
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
            let count = Syscall.retryingOnInterrupt { read(fd, buffer.baseAddress, buffer.count) }
            if count < 0 { return nil }
            if count == 0 { break }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
        return hasher.finish()
    }
}
