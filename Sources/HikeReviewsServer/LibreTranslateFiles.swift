import Foundation
import TranslationEngine

/// LibreTranslate's documents: `POST /translate_file` translates an uploaded file (the
/// multipart part `file`, with `source`, `target` and `api_key`) whole into the same format
/// and answers `{"translatedFileUrl": ...}`; `GET /download_file/NAME` gives it back, as an
/// attachment named as it was sent, for `TranslatedFiles.lifetime`. The formats are the ones
/// both this engine and LibreTranslate read: .txt, .html, .docx, .odt and .pptx, told by the
/// name's extension first (as LibreTranslate) and then by the bytes, which must agree.
struct LibreTranslateFiles {
    static let translatePath = "/translate_file"
    static let downloadPath = "/download_file/{filename}"
    /// The extensions `/frontend/settings` lists and the route accepts.
    static let extensions = [".txt", ".odt", ".docx", ".pptx", ".html"]

    let call: RouteCall
    private var router: Router { call.router }

    func translateFile() async -> HTTPResponse {
        let request = call.request
        if let dropped = request.droppedBodyBytes {
            return .error(413, "Invalid request: the upload is \(dropped) bytes, over this server's request body limit")
        }
        let form: DocumentForm
        do {
            form = try DocumentForm(request)
        } catch {
            return .error(400, "Invalid request: \(error.reason)")
        }
        // The key and the rate limits, as /translate's (the form's api_key counts).
        let key = form.fields["api_key"].map { [(name: "api_key", value: Array($0.utf8))] } ?? []
        if let keyed = try? RequestParameters(HTTPRequest(method: "GET", path: Self.translatePath, query: key)) {
            var counted = call
            counted.parameters = keyed
            if let refusal = counted.admit([]) { return refusal }
        }
        guard let file = form.file else { return .error(400, "Invalid request: missing file parameter") }
        guard let source = form.fields["source"], !source.isEmpty else { return .error(400, "Invalid request: missing source parameter") }
        guard let target = form.fields["target"], !target.isEmpty else { return .error(400, "Invalid request: missing target parameter") }
        guard let filename = file.filename, !filename.isEmpty else { return .error(400, "Invalid request: empty file") }
        let name = Self.safeName(filename)
        guard let dot = name.lastIndex(of: "."), Self.extensions.contains(String(name[dot...])) else {
            return .error(400, "Invalid request: file format not supported")
        }
        let service = router.service
        let languages = Set(service.languages)
        guard source == "auto" || languages.contains(source) else { return .error(400, "\(source) is not supported") }
        guard languages.contains(target) else { return .error(400, "\(target) is not supported") }
        guard service.admit(1) else { return .error(503, Router.busyReason, headers: Router.retryAfter) }
        defer { service.release(1) }
        let document: TranslatedDocument
        do {
            document = try await service.translate(document: file.value, format: nil, from: source == "auto" ? nil : source, to: target,
                                                   fileName: name)
        } catch let error as DocumentError {
            return .error(400, "Invalid request: \(error.description)")
        } catch {
            let error = TranslationError(error)
            return .error(error.httpStatus, error.description)
        }
        let kept: String
        do {
            kept = try router.files.keep(document.bytes, downloadName: name)
        } catch {
            return .error(500, "cannot keep the translated file: \(error.localizedDescription)")
        }
        return .encoded(TranslatedFile(translatedFileUrl: "\(Self.origin(of: request))/download_file/\(kept)"))
    }

    func downloadFile() -> HTTPResponse {
        let name = String(call.request.path.dropFirst("/download_file/".count))
        guard let file = router.files.file(named: name) else {
            return .error(404, "Not Found: no translated file by that name (a file is kept \(router.files.lifetime.components.seconds / 60) minutes)")
        }
        let type = DocumentFormat(fileName: file.downloadName)?.mediaType ?? "application/octet-stream"
        return HTTPResponse(status: 200, body: file.bytes, contentType: type,
                            headers: ["Content-Disposition": ApyDocuments.disposition(file.downloadName), "X-Content-Type-Options": "nosniff"])
    }

    /// The answer's shape.
    struct TranslatedFile: Codable {
        var translatedFileUrl: String
    }

    /// `filename` as werkzeug's `secure_filename` leaves it, near enough: its last component,
    /// ASCII letters, digits, `.`, `-` and `_` only (anything else `_`), no leading dot, at
    /// most 100 characters.
    static func safeName(_ filename: String) -> String {
        let last = filename.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let kept = String(last.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar)) ? Character(scalar) : "_"
        })
        return String(kept.drop { $0 == "." || $0 == "_" }.suffix(100))
    }

    /// `http://HOST` as the request names this server (its Host header, when it is a plain
    /// host and port), as Flask's external URLs are made.
    static func origin(of request: HTTPRequest) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
        let host = request.headers["host"] ?? ""
        guard !host.isEmpty, host.count <= 255, host.unicodeScalars.allSatisfy(allowed.contains) else { return "http://localhost" }
        return "http://" + host
    }
}

extension LibreTranslateFiles {
    static func translateSpec(_ context: SpecContext) -> [String: SpecOperation] {
        ["post": SpecOperation("Translate a file (.txt, .html, .docx, .odt, .pptx) into the same format", tag: "translate", [
            .file("file", "The document; its extension and its bytes must agree. Zips are opened under limits (32 MB sent, 2,000 entries, 64 MB an entry, 256 MB unpacked, 100 to 1)"),
            .form("source", "string", "Source language code, or \"auto\"", required: true),
            .form("target", "string", "Target language code", required: true),
            .form("api_key", "string", context.key),
        ], context.limited([
            "200": SpecAnswer("Where to download the translation (kept 30 minutes)",
                              schema: .object(["translatedFileUrl": SpecSchema(type: "string", description: "The download URL")])),
            "400": SpecAnswer("Invalid request, a format not supported, a language not supported, or a refused document", schema: SpecContext.ltError),
            "403": SpecAnswer("Invalid API key", schema: SpecContext.ltError),
            "503": context.busy(SpecContext.ltError),
        ], SpecContext.ltError))]
    }

    static func downloadSpec(_ context: SpecContext) -> [String: SpecOperation] {
        ["get": SpecOperation("Download a translated file, for 30 minutes after /translate_file made it", tag: "translate", [
            SpecParameter(place: "path", name: "filename", type: "string", required: true, description: "The name at the end of translatedFileUrl"),
        ], [
            "200": SpecAnswer("The file, an attachment", schema: .file),
            "404": SpecAnswer("No such file, or it expired", schema: SpecContext.ltError),
        ])]
    }
}
