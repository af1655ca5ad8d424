import Foundation
import TextSafety
import TranslationEngine

/// `hike-reviews translate --file IN --out OUT`: one document translated whole into the same
/// format (`TranslationSession.translate(document:format:fileName:)`), written to OUT at once
/// (a temporary file beside it renamed over it), never half; IN is never written.
enum DocumentCommand {
    /// The two paths of `--file` and `--out`.
    struct Paths: Equatable, Sendable {
        var input: String
        var output: String
    }

    /// Translates `paths.input` into `paths.output`; returns the exit status: 0, 1 when the
    /// document is refused or fails, 2 for no route or a language error, 3 when packs are
    /// missing and not approved. `--json` prints one line saying what was written. `glossary`
    /// (`--glossary`): terms kept instead of the environment's.
    static func run(from source: String?, to target: String, json: Bool, yes: Bool, engine preference: EnginePreference,
                    paths: Paths, glossary: Glossary? = nil, in engine: Engine) async -> Int32 {
        let limits = DocumentLimits()
        let bytes: [UInt8]
        switch read(paths, limit: limits.maxDocumentBytes) {
        case .success(let read): bytes = read
        case .failure(let refusal): return fail(refusal.message, status: refusal.status)
        }
        let session = TranslationSession(sourceTag: source, targetTag: target, consent: yes ? PacksCommand.ApproveWithProgress() : nil,
                                         manager: engine.packs, engine: preference, memory: nil, in: engine)
        let document: TranslatedDocument
        do {
            document = try await session.translate(document: bytes, fileName: (paths.input as NSString).lastPathComponent, limits: limits,
                                                   glossary: glossary)
        } catch let error as DocumentError {
            return fail("\(EscapedText.escaped(paths.input)): \(error.description)", status: 1)
        } catch {
            let error = TranslationError(error)
            return fail(HostAdvice.text(error), status: TranslateCommand.status(of: error))
        }
        do {
            try Data(document.bytes).write(to: URL(fileURLWithPath: paths.output), options: .atomic)
        } catch {
            return fail("cannot write \(EscapedText.singleQuoted(paths.output)): \(error.localizedDescription)", status: 1)
        }
        if json {
            let object: [String: Any] = ["out": paths.output, "format": document.format.rawValue, "sourceLanguage": document.sourceTag,
                                         "route": document.route, "unknownWords": document.unknownWords]
            if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) {
                StandardOutput.shared.line(String(decoding: data, as: UTF8.self))
            }
        }
        return StandardOutput.shared.flush() ? 0 : StandardOutput.shared.failureStatus
    }

    private struct Refusal: Error {
        var message: String
        var status: Int32 = 1
    }

    /// The input's bytes, refused when OUT is IN (by path or by file), IN is not a readable
    /// regular file, or it is over `limit` (told from its size before it is read).
    private static func read(_ paths: Paths, limit: Int) -> Result<[UInt8], Refusal> {
        var input = stat()
        guard stat(paths.input, &input) == 0 else {
            return .failure(Refusal(message: "cannot read \(EscapedText.singleQuoted(paths.input)): \(String(cString: strerror(errno)))"))
        }
        guard input.st_mode & S_IFMT == S_IFREG else {
            return .failure(Refusal(message: "\(EscapedText.singleQuoted(paths.input)) is not a regular file"))
        }
        var output = stat()
        if paths.output == paths.input || (stat(paths.output, &output) == 0 && output.st_dev == input.st_dev && output.st_ino == input.st_ino) {
            return .failure(Refusal(message: "--out is the input file; write the translation to another file", status: 2))
        }
        if Int(input.st_size) > limit {
            return .failure(Refusal(message: "\(EscapedText.singleQuoted(paths.input)) is \(input.st_size) bytes, over the document limit of \(limit)"))
        }
        guard let data = FileManager.default.contents(atPath: paths.input) else {
            return .failure(Refusal(message: "cannot read \(EscapedText.singleQuoted(paths.input))"))
        }
        return .success(Array(data))
    }

    private static func fail(_ message: String, status: Int32) -> Int32 {
        StandardError.print("hike-reviews: translate: \(message)")
        return status
    }
}
