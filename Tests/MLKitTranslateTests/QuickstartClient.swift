// Google's code, compiled with only the import its quickstarts have: `import MLKit` (Foundation in
// place of UIKit; no @testable, no TranslationEngine), so the umbrella module's public API alone
// must build it.
import Foundation
import MLKit

/// The translate quickstart's view controller without its views, written the way that sample
/// writes its Swift: a language list sorted by display name, `model(forLanguage:)`,
/// `isLanguageDownloaded(_:)`, a download/delete toggle that calls `download(_:conditions:)` for
/// the notifications alone, `[weak self]` observers of both notifications, and a `translate()`
/// that compares translators with `==`; its input's language is found first, as the Translate
/// guide advises, with Language Identification. Where the sample sets a text view, this screen
/// passes the text to `show`.
///
/// Two changes Linux needs: display names come from an English `Locale` (the sample's
/// `Locale.current`) so the test reads alike in every locale, and the observer tokens are kept
/// (Foundation's `addObserver(forName:object:queue:using:)` is not `@discardableResult` here).
@MainActor
final class QuickstartScreen {
    let show: @Sendable (String) -> Void
    var observers: [any NSObjectProtocol] = []
    var translator: Translator?
    var inputText = ""

    init(show: @escaping @Sendable (String) -> Void) {
        self.show = show
    }

    lazy var allLanguages = TranslateLanguage.allLanguages().sorted {
      return Locale(identifier: "en").localizedString(forLanguageCode: $0.rawValue)!
        < Locale(identifier: "en").localizedString(forLanguageCode: $1.rawValue)!
    }

    func observeDownloads() {
      observers.append(NotificationCenter.default.addObserver(
        forName: .mlkitModelDownloadDidSucceed,
        object: nil,
        queue: nil
      ) { [weak self] notification in
        guard let strongSelf = self,
          let userInfo = notification.userInfo,
          let model = userInfo[ModelDownloadUserInfoKey.remoteModel.rawValue]
            as? TranslateRemoteModel
        else { return }
        strongSelf.show("Download succeeded for \(strongSelf.name(of: model.language))")
      })
      observers.append(NotificationCenter.default.addObserver(
        forName: .mlkitModelDownloadDidFail,
        object: nil,
        queue: nil
      ) { [weak self] notification in
        guard let strongSelf = self,
          let userInfo = notification.userInfo,
          let model = userInfo[ModelDownloadUserInfoKey.remoteModel.rawValue]
            as? TranslateRemoteModel
        else { return }
        strongSelf.show("Download failed for \(strongSelf.name(of: model.language))")
      })
    }

    func stopObserving() {
      observers.forEach(NotificationCenter.default.removeObserver)
      observers = []
    }

    nonisolated func name(of language: TranslateLanguage) -> String {
      return Locale(identifier: "en").localizedString(forLanguageCode: language.rawValue)!
    }

    func model(forLanguage: TranslateLanguage) -> TranslateRemoteModel {
      return TranslateRemoteModel.translateRemoteModel(language: forLanguage)
    }

    func isLanguageDownloaded(_ language: TranslateLanguage) -> Bool {
      let model = self.model(forLanguage: language)
      let modelManager = ModelManager.modelManager()
      return modelManager.isModelDownloaded(model)
    }

    func handleDownloadDelete(_ language: TranslateLanguage) {
      if language == .english { return }
      let model = self.model(forLanguage: language)
      let modelManager = ModelManager.modelManager()
      let languageName = name(of: language)
      if modelManager.isModelDownloaded(model) {
        show("Deleting " + languageName)
        modelManager.deleteDownloadedModel(model) { error in
          self.show("Deleted " + languageName)
        }
      } else {
        show("Downloading " + languageName)
        let conditions = ModelDownloadConditions(
          allowsCellularAccess: true,
          allowsBackgroundDownloading: true
        )
        modelManager.download(model, conditions: conditions)
      }
    }

    /// The guide's advice before translating text of unknown language: identify it, then make
    /// the translator's options from the tag.
    func identifyThenTranslate(to targetLanguage: TranslateLanguage) {
      let languageId = LanguageIdentification.languageIdentification()
      languageId.identifyLanguage(for: inputText) { (languageCode, error) in
        if let error = error {
          self.show("Failed with error: \(error)")
          return
        }
        guard let languageCode = languageCode, languageCode != IdentifiedLanguage.undetermined,
          TranslateLanguage.allLanguages().contains(TranslateLanguage(rawValue: languageCode))
        else {
          self.show("No language was identified")
          return
        }
        let options = TranslatorOptions(sourceLanguage: TranslateLanguage(rawValue: languageCode),
                                        targetLanguage: targetLanguage)
        self.translator = Translator.translator(options: options)
        self.translate()
      }
    }

    func translate() {
      let translatorForDownloading = self.translator!

      translatorForDownloading.downloadModelIfNeeded { error in
        guard error == nil else {
          self.show("Failed to ensure model downloaded with error \(error!)")
          return
        }
        if translatorForDownloading == self.translator {
          translatorForDownloading.translate(self.inputText) { result, error in
            guard error == nil else {
              self.show("Failed with error \(error!)")
              return
            }
            if translatorForDownloading == self.translator {
              self.show(result ?? "")
            }
          }
        }
      }
    }
}
