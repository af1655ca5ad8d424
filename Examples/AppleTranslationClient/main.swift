// Client code written from Apple's Translation documentation (iOS 18, and what iOS 26 added),
// the way its samples write it, compiled against TranslationEngine: only the import differs
// (`import Translation` on Apple's platforms). Run by Tests/AppleClientTests, one scenario an
// argument, each printing what the docs say should happen.
import Foundation
import TranslationEngine

let spanish = Locale.Language(identifier: "es")
let english = Locale.Language(identifier: "en")

/// What a Linux host adds: how consent is asked (Apple's sessions show a system sheet).
struct ApproveDownloads: ConsentHandler {
    func requestConsent(_ request: ConsentRequest) async -> ConsentAnswer {
        print("asked: \(request.packs.map(\.id).joined(separator: ","))")
        return .download
    }
}

func describe(_ error: any Error) -> String {
    switch error {
    case TranslationError.nothingToTranslate: return "nothingToTranslate"
    case TranslationError.unableToIdentifyLanguage: return "unableToIdentifyLanguage"
    case TranslationError.unsupportedSourceLanguage: return "unsupportedSourceLanguage"
    case TranslationError.unsupportedTargetLanguage: return "unsupportedTargetLanguage"
    case TranslationError.unsupportedLanguagePairing: return "unsupportedLanguagePairing"
    case TranslationError.notInstalled: return "notInstalled"
    case TranslationError.alreadyCancelled: return "alreadyCancelled"
    case TranslationError.internalError: return "internalError"
    default: return "other: \(error.localizedDescription)"
    }
}

func configuration() {
    var configuration = TranslationSession.Configuration(source: spanish, target: english)
    print("source: \(configuration.source?.minimalIdentifier ?? "nil") target: \(configuration.target?.minimalIdentifier ?? "nil")")
    let before = configuration
    configuration.invalidate()
    print("invalidated: \(configuration != before) version: \(configuration.version)")
    configuration.source = nil
    configuration.target = Locale.Language(identifier: "zh-Hant")
    print("changed: \(configuration.source == nil) \(configuration.target == Locale.Language(identifier: "zh-Hant"))")
    let empty = TranslationSession.Configuration()
    print("empty: \(empty.source == nil && empty.target == nil)")
}

func translateOne() async throws {
    let session = TranslationSession(configuration: .init(source: spanish, target: english))
    let response = try await session.translate("El perro bebe agua.")
    print("\(response.sourceLanguage.minimalIdentifier)>\(response.targetLanguage.minimalIdentifier): \(response.targetText)")
    print("source text kept: \(response.sourceText == "El perro bebe agua.") id: \(response.clientIdentifier ?? "nil")")
}

func translations() async throws {
    let session = TranslationSession(configuration: .init(source: spanish, target: english))
    let requests: [TranslationSession.Request] = [
        TranslationSession.Request(sourceText: "El perro bebe agua."),
        TranslationSession.Request(sourceText: "La casa es grande.", clientIdentifier: "house"),
        TranslationSession.Request(sourceText: "El gato duerme."),
    ]
    let responses = try await session.translations(from: requests)
    for response in responses {
        print("\(response.clientIdentifier ?? "-"): \(response.targetText)")
    }
}

func batch() async throws {
    let session = TranslationSession(configuration: .init(source: spanish, target: english))
    let requests = (0..<6).map { TranslationSession.Request(sourceText: "El perro número \($0) bebe agua.", clientIdentifier: "\($0)") }
    var seen: [String] = []
    for try await response in session.translate(batch: requests) {
        seen.append("\(response.clientIdentifier ?? "?")=\(response.targetText)")
    }
    print(seen.sorted().joined(separator: "\n"))
}

func errors() async {
    let session = TranslationSession(configuration: .init(source: spanish, target: english))
    do {
        _ = try await session.translate("   ")
    } catch TranslationError.nothingToTranslate {
        print("caught: nothingToTranslate")
    } catch {
        print("unexpected: \(error)")
    }
    let same = TranslationSession(configuration: .init(source: english, target: Locale.Language(identifier: "en-GB")))
    do {
        _ = try await same.translate("The path was long.")
    } catch {
        if TranslationError.unsupportedLanguagePairing ~= error { print("matched: unsupportedLanguagePairing") }
        if let error = error as? TranslationError, error == .unsupportedLanguagePairing {
            print("equal: unsupportedLanguagePairing")
            print("reason: \(error.failureReason ?? "nil")")
            print("description: \(error.localizedDescription)")
        }
    }
    let welsh = TranslationSession(configuration: .init(source: Locale.Language(identifier: "cy"), target: english))
    do { _ = try await welsh.translate("Roedd y llwybr yn hir iawn ac yn serth.") } catch { print("welsh: \(describe(error))") }
    let detecting = TranslationSession(configuration: .init(source: nil, target: english))
    do { _ = try await detecting.translate("ok") } catch { print("short: \(describe(error))") }
    do { try await detecting.prepareTranslation() } catch { print("prepare without source: \(describe(error))") }
    do {
        throw TranslationError.internalError
    } catch TranslationError.internalError {
        print("thrown and caught: internalError")
    } catch {}
}

func preview() {
    let response = TranslationSession.Response(sourceLanguage: spanish, targetLanguage: english, sourceText: "Hola",
                                               targetText: "Hello", clientIdentifier: "greeting")
    print("preview: \(response.sourceText) -> \(response.targetText) (\(response.clientIdentifier ?? ""))")
}

func installedSession() async throws {
    let session = TranslationSession(installedSource: spanish, target: english)
    print("canRequestDownloads: \(session.canRequestDownloads)")
    print("languages: \(session.sourceLanguage?.minimalIdentifier ?? "nil")>\(session.targetLanguage?.minimalIdentifier ?? "nil")")
    let ready = await session.isReady
    print("isReady: \(ready)")
    do {
        let response = try await session.translate("El perro bebe agua.")
        print("translated: \(response.targetText)")
    } catch {
        print("translate: \(describe(error))")
    }
    session.cancel()
    do { _ = try await session.translate("Hola") } catch { print("after cancel: \(describe(error))") }
}

func availability() async throws {
    let availability = LanguageAvailability()
    let status = await availability.status(from: spanish, to: english)
    switch status {
    case .installed: print("es>en: installed")
    case .supported: print("es>en: supported")
    case .unsupported: print("es>en: unsupported")
    @unknown default: print("es>en: unknown")
    }
    print("en>en-GB: \(await availability.status(from: english, to: Locale.Language(identifier: "en-GB")))")
    print("text: \(try await availability.status(for: "El camino estaba muy bien señalizado y había agua.", to: english))")
    do { _ = try await availability.status(for: "ok", to: english) } catch { print("short text: \(describe(error))") }
    let languages = await availability.supportedLanguages
    print("supported: \(languages.count) languages, distinct: \(Set(languages).count == languages.count), catalan: \(languages.contains(Locale.Language(identifier: "ca")))")
}

/// A session from a Configuration asks through the host's consent handler; the same
/// availability object then answers the new state.
func download() async throws {
    let availability = LanguageAvailability()
    print("before: \(await availability.status(from: spanish, to: english))")
    let refused = TranslationSession(configuration: .init(source: spanish, target: english))
    do { try await refused.prepareTranslation() } catch { print("no handler: \(describe(error))") }
    Engine.default.consentHandler = ApproveDownloads()
    let session = TranslationSession(configuration: .init(source: spanish, target: english))
    print("canRequestDownloads: \(session.canRequestDownloads)")
    try await session.prepareTranslation()
    print("after: \(await availability.status(from: spanish, to: english))")
    print("translated: \(try await session.translate("El perro bebe agua.").targetText)")
}

func preferredTarget() async throws {
    // No target: the person's preferred language (LANGUAGE / LC_ALL / LANG on Linux).
    let session = TranslationSession(configuration: .init(source: english, target: nil))
    print("target: \(session.targetLanguage?.minimalIdentifier ?? "nil")")
    print("translated: \(try await session.translate("The dog drinks water.").targetText)")
    let detecting = TranslationSession(configuration: .init(source: nil, target: english))
    let response = try await detecting.translate("El perro bebe agua y la casa es grande.")
    print("detected: \(response.sourceLanguage.minimalIdentifier): \(response.targetText)")
}

let scenario = CommandLine.arguments.dropFirst().first ?? ""
do {
    switch scenario {
    case "configuration": configuration()
    case "translate": try await translateOne()
    case "translations": try await translations()
    case "batch": try await batch()
    case "errors": await errors()
    case "preview": preview()
    case "installed": try await installedSession()
    case "availability": try await availability()
    case "download": try await download()
    case "preferred": try await preferredTarget()
    case "translateAll": await translateAllScenario()
    case "strategies": try await strategies()
    case "undetermined": await undetermined()
    case "viewBody": await viewBodyScenario()
    case "attributed": try await attributedScenario()
    default:
        print("unknown scenario '\(scenario)'")
        exit(2)
    }
} catch {
    print("failed: \(describe(error)): \(error.localizedDescription)")
    exit(1)
}
await TranslationSession.shutdownPipelines()
