import ApertiumCodeTable
import Foundation
import TranslationEngine

/// APy's document routes. `/translateDoc` translates an uploaded plain-text document (the
/// multipart/form-data part named `file`) along APy's `/translate` path, its checks and limits
/// included, and answers the translated bytes as APy means to; `/translatePage` is refused
/// without fetching anything (docs/DECISIONS.md says why for both).
struct ApyDocuments {
    static let path = "/translateDoc"
    /// APy's limit on a document (`FILE_SIZE_LIMIT_BYTES`): over it, 413 in its words.
    static let fileLimit = 32_000_000

    let call: RouteCall
    private var router: Router { call.router }

    /// APy's `/translateDoc`, its method checked by its route; a `callback` in the query string
    /// wraps its errors as APy's JSONP, never the document (stock APy reads it before the body:
    /// one in the form is not used).
    func translateDoc() async -> HTTPResponse {
        let request = call.request
        // A body over the limit was drained, not kept: its pair is gone with it, and its size decides.
        if let dropped = request.droppedBodyBytes { return Self.tooLarge(bodyBytes: dropped) }
        let form: DocumentForm
        do {
            form = try DocumentForm(request)
        } catch {
            return ApyRoutes.error(400, error.reason)
        }
        let named = request.query.last { $0.name == "callback" }.map { String(decoding: $0.value, as: UTF8.self) }
        let callback = named?.isEmpty == false ? named : nil  // APy: an empty callback is none
        if let callback, !ApyRoutes.isCallbackName(callback) { return ApyRoutes.error(400, ApyRoutes.callbackReason) }
        // A document is work like /translate: it counts against the rate limits, by its key when it gives one.
        let key = form.fields["api_key"].map { [(name: "api_key", value: Array($0.utf8))] } ?? []
        if let keyed = try? RequestParameters(HTTPRequest(method: "GET", path: Self.path, query: key)) {
            var counted = call
            counted.parameters = keyed
            if let refusal = counted.admit([]) { return refusal }
        }
        let response = await answer(form)
        guard let callback, response.status != 200 else { return response }
        return ApyRoutes.jsonp(response, callback: callback)
    }

    /// APy's answer to a document, in its order: the pair, then the file's size, then its type.
    private func answer(_ form: DocumentForm) async -> HTTPResponse {
        guard let pair = form.fields["langpair"] else { return ApyRoutes.error(400, "Missing argument langpair") }
        if let problem = pairProblem(pair) { return ApyRoutes.error(400, problem) }
        guard let file = form.file else { return ApyRoutes.error(400, Self.missingFile) }
        if file.value.count > Self.fileLimit { return Self.tooLarge(bodyBytes: file.value.count) }
        let type = DocumentType(sniffing: file.value)
        if type == .plainText { return await translate(file, pair: pair, form: form) }
        switch Self.documentFormat(type) {
        case .success(let format): return await translate(file, format: format, pair: pair)
        case .failure(let refusal): return refusal.response
        }
    }

    /// The document format APy would translate a file of `type` as: HTML, or nil for a zip,
    /// which the engine tells as APy does (a docx, odt or pptx by its parts, then its
    /// `mimetype`) when it opens it, so the zip is read once; or APy's refusal of its type.
    static func documentFormat(_ type: DocumentType) -> Result<DocumentFormat?, Refusal> {
        if type == .other("text/html") { return .success(DocumentFormat.html) }
        guard type == .other("application/zip") else { return .failure(Refusal(ApyRoutes.error(400, typeProblem(type)))) }
        return .success(nil)
    }

    /// A document other than plain text, translated whole (`TranslationService.translate(document:)`)
    /// and answered as the text is: its bytes, an attachment. It counts as one text against the
    /// server's queue bound, as APy's documents share its semaphore.
    private func translate(_ file: FormBody.Part, format: DocumentFormat?, pair: String) async -> HTTPResponse {
        let codes = pair.split(separator: "|").map(String.init)
        guard codes.count == 2, let source = ApertiumCodeTable.bcp47(codes[0]), let target = ApertiumCodeTable.bcp47(codes[1]) else {
            return ApyRoutes.error(400, "That pair is invalid, use e.g. eng|spa")
        }
        let service = router.service
        guard service.admit(1) else { return ApyRoutes.error(503, Router.busyReason, headers: Router.retryAfter) }
        defer { service.release(1) }
        do {
            let document = try await service.translate(document: file.value, format: format, from: source, to: target)
            return HTTPResponse(status: 200, body: document.bytes, contentType: "application/octet-stream",
                                headers: ["Content-Disposition": Self.disposition(file.filename), "X-Content-Type-Options": "nosniff"])
        } catch let error as DocumentError {
            // A zip that is none of the documents is a type APy refuses, as any other.
            return ApyRoutes.error(400, error == .unknownArchive ? Self.typeProblem(.other("application/zip")) : "Invalid file: \(error.description)")
        } catch {
            let error = TranslationError(error)
            return ApyRoutes.error(error.httpStatus, error.description)
        }
    }

    /// The file's text through APy's `/translate` (so its key, character limit, queue bound and
    /// `markUnknown` apply alike), answered as bytes on success, as `/translate`'s error else.
    private func translate(_ file: FormBody.Part, pair: String, form: DocumentForm) async -> HTTPResponse {
        var query: [(name: String, value: [UInt8])] = [("langpair", Array(pair.utf8)), ("q", file.value)]
        for name in ["markUnknown", "api_key"] {
            if let value = form.fields[name] { query.append((name, Array(value.utf8))) }
        }
        let asText = HTTPRequest(method: "GET", path: "/translate", query: query)
        let parameters: RequestParameters
        do {
            parameters = try RequestParameters(asText)
        } catch {
            return ApyRoutes.error(400, error.reason)
        }
        let text: String
        switch await ApyRoutes(router: call.router).translatedText(call.forwarded(to: .apyTranslate, asText, parameters)) {
        case .success(let translated): text = translated
        case .failure(let refusal): return refusal.response
        }
        // APy means octet-stream and an attachment (it sets them on the request by mistake and
        // answers text/html): a translated document is never rendered as a page here.
        return HTTPResponse(status: 200, body: Array(text.utf8), contentType: "application/octet-stream",
                            headers: ["Content-Disposition": Self.disposition(file.filename), "X-Content-Type-Options": "nosniff"])
    }

    /// Why APy would refuse `pair` before reading the file, in its words (ApyRoutes' /translate
    /// checks the same again; they are made here first because APy makes them first).
    private func pairProblem(_ pair: String) -> String? {
        let codes = pair.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard codes.count == 2, codes.allSatisfy({ $0.count(where: { $0 == "_" }) <= 1 }) else {
            return "That pair is invalid, use e.g. eng|spa"
        }
        let service = router.service
        guard let source = ApertiumCodeTable.bcp47(codes[0]), let target = ApertiumCodeTable.bcp47(codes[1]),
              service.serves(from: source, to: target) || service.apyPairs.shipsDirectly(from: source, to: target) else {
            return "That pair is not installed"
        }
        return nil
    }

    static let missingFile = "Missing argument file: send the document as a multipart/form-data part named file, with a filename"

    /// APy's 413 for a document: its exact words when the upload is over APy's own limit too
    /// (or is refused from its Content-Length, which is), with why otherwise.
    static func tooLarge(bodyBytes: Int?) -> HTTPResponse {
        var explanation = "That file is too large"
        if let bodyBytes, bodyBytes <= fileLimit {
            explanation += " (over this server's request body limit, which is lower than APy's \(fileLimit) bytes)"
        }
        // tornado's phrase for 413, which APy's error shape carries.
        return .encoded(ApyRoutes.Failure(code: 413, message: "Request Entity Too Large", explanation: explanation), status: 413)
    }

    /// APy's words for a refused type; for a type APy translates and this server does not yet,
    /// why after them (application/octet-stream and the types APy refuses too keep its words alone).
    static func typeProblem(_ type: DocumentType) -> String {
        let words = "Invalid file type \(type.mimeType)"
        return type.isTranslatedByApy ? words + " (this server translates text, HTML, docx, odt and pptx documents)" : words
    }

    /// `attachment`, with the sender's file name when one is left once it is made safe: its last
    /// path component only, `"`, `\` and control characters out, at most 100 characters; a
    /// non-ASCII name goes in `filename*` (RFC 6266) beside an ASCII one.
    static func disposition(_ filename: String?) -> String {
        guard let filename else { return "attachment" }
        let last = filename.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let kept = String(String.UnicodeScalarView(last.unicodeScalars.filter { scalar in
            scalar.value >= 0x20 && scalar.value != 0x7F && !(0x80..<0xA0).contains(scalar.value) && scalar != "\"" && scalar != "\\"
                && !scalar.properties.isBidiControl
        }.prefix(100)))
        guard !kept.trimmingCharacters(in: .whitespaces).isEmpty, kept != ".", kept != ".." else { return "attachment" }
        let ascii = String(String.UnicodeScalarView(kept.unicodeScalars.map { $0.isASCII ? $0 : "_" }))
        guard ascii != kept, let encoded = kept.addingPercentEncoding(withAllowedCharacters: rfc5987) else {
            return "attachment; filename=\"\(ascii)\""
        }
        return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }

    /// RFC 5987's attr-char: what `filename*` may hold unencoded.
    private static let rfc5987 = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&+-.^_`|~")

    /// Every `/translatePage`: 404 in APy's words for a page it could not fetch. The server
    /// fetches no URL a client names: that would let any client make it request any address it
    /// can reach, its own network's included.
    static let pageRefusal = ApyRoutes.error(404, "Error 404 on fetching url: this server does not fetch web pages (a URL a client names could point anywhere the server can reach, its own network included); fetch the page yourself and send its text to /translate")
}

/// A `/translateDoc` request's arguments, read as tornado reads them: the query string, then a
/// urlencoded or multipart body (a later value wins), texts as UTF-8; the first multipart part
/// named `file` that carries a filename is the document, its bytes as they came.
struct DocumentForm {
    private(set) var fields: [String: String] = [:]
    private(set) var file: FormBody.Part?

    init(_ request: HTTPRequest) throws(RequestParameters.Invalid) {
        for (name, bytes) in request.query where !name.isEmpty { fields[name] = try Self.text(bytes, name) }
        switch request.mediaType {
        case "application/x-www-form-urlencoded":
            for (name, bytes) in FormBody.urlencoded(request.body) { fields[name] = try Self.text(bytes, name) }
        case "multipart/form-data":
            guard let boundary = FormBody.boundary(request.headers["content-type"] ?? "") else {
                throw RequestParameters.Invalid(reason: "the multipart Content-Type has no boundary of 1 to 70 characters")
            }
            let parts: [FormBody.Part]
            do {
                parts = try FormBody.parts(request.body, boundary: boundary)
            } catch {
                throw RequestParameters.Invalid(reason: error.reason)
            }
            for part in parts {
                if part.filename != nil {
                    if part.name == "file", file == nil { file = part }
                } else {
                    fields[part.name] = try Self.text(part.value, part.name)
                }
            }
        default: break  // tornado reads no other body
        }
    }

    private static func text(_ bytes: [UInt8], _ name: String) throws(RequestParameters.Invalid) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw RequestParameters.Invalid(reason: "'\(MicroHTTPServer.printable(name, limit: 40))' is not UTF-8")
        }
        return text
    }
}
