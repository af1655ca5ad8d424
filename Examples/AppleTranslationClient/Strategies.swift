// Apple's iOS 26.4 strategies and the errors Apple documents for text and languages nobody can
// translate, written from Apple's reference pages. Run by the `strategies` and `undetermined`
// scenarios.
import Foundation
import TranslationEngine

/// Each `preferredStrategy` member and initializer; with only Apertium pairs installed, high
/// fidelity falls back to them ("On devices without Apple Intelligence, it falls back to the
/// traditional models used by lowLatency").
func strategies() async throws {
    let fast = TranslationSession.Configuration(source: spanish, target: english, preferredStrategy: .lowLatency)
    let plain = TranslationSession.Configuration(source: spanish, target: english)
    print("configuration: \(fast.preferredStrategy == .lowLatency) default: \(plain.preferredStrategy == .highFidelity)")
    let session = TranslationSession(configuration: fast)
    print("session: \(session.preferredStrategy == .lowLatency) \(try await session.translate("El perro bebe agua.").targetText)")
    let installed = TranslationSession(installedSource: spanish, target: english, preferredStrategy: .highFidelity)
    print("installed: \(installed.preferredStrategy == .highFidelity) canRequestDownloads: \(installed.canRequestDownloads)")
    let response = try await installed.translate("El perro bebe agua.")
    print("fallback: \(response.targetText) \(response.legs.map(\.engine.rawValue))")
    for strategy in [TranslationSession.Strategy.lowLatency, .highFidelity] {
        let availability = LanguageAvailability(preferredStrategy: strategy)
        print("\(strategy): \(availability.preferredStrategy == strategy) \(await availability.status(from: spanish, to: english))")
    }
}

/// Gibberish, digits, emoji and a lone word: `status(for:to:)` and a session without a source
/// throw `unableToIdentifyLanguage`, as does `prepareTranslation()` without a source; a language
/// nobody translates is `unsupportedTargetLanguage` or `unsupportedSourceLanguage`.
func undetermined() async {
    let availability = LanguageAvailability()
    let detecting = TranslationSession(configuration: .init(source: nil, target: english))
    for text in ["asdfgh qwerty", "12345 678", "🏔️🥾⛺️", "Hola"] {
        var line = "\(text):"
        do {
            let status = try await availability.status(for: text, to: english)
            line += " status \(status)"
        } catch {
            line += " \(describe(error))"
        }
        do {
            _ = try await detecting.translate(text)
            line += " translated"
        } catch {
            line += " \(describe(error))"
        }
        print(line)
    }
    do { try await detecting.prepareTranslation() } catch { print("prepare: \(describe(error))") }
    let klingon = Locale.Language(identifier: "tlh")
    let toKlingon = TranslationSession(configuration: .init(source: spanish, target: klingon))
    do { _ = try await toKlingon.translate("El perro bebe agua.") } catch { print("target: \(describe(error))") }
    let fromKlingon = TranslationSession(configuration: .init(source: klingon, target: english))
    do { _ = try await fromKlingon.translate("nuqneH") } catch { print("source: \(describe(error))") }
}
