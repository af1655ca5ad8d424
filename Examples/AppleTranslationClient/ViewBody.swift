// The example on Apple's `TranslationSession.Configuration` page, its view body's closure as
// printed, with only `.translationTask(configuration) { ... }` replaced by a host: the closure
// assigns the view's state, which it may since the host runs it on the main actor, as SwiftUI
// does. Run by the `viewBody` scenario.
import Foundation
import TranslationEngine

/// SwiftUI's `@State` as far as the view below needs it: storage its closures can set.
@MainActor
@propertyWrapper
struct State<Value> {
    private final class Storage {
        var value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private let storage: Storage

    init(wrappedValue: Value) {
        storage = Storage(wrappedValue)
    }

    var wrappedValue: Value {
        get { storage.value }
        nonmutating set { storage.value = newValue }
    }
}

@MainActor
struct TranslationExample {
    var sourceText: String
    var sourceLanguage: Locale.Language?
    var targetLanguage: Locale.Language?

    @State var targetText: String?

    /// The body's modifier: `.translationTask(configuration) { session in ... }`.
    func translationTask() -> TranslationTaskHost {
        TranslationTaskHost { session in
            do {
                // Use the session the task provides to translate the text.
                let response = try await session.translate(sourceText)

                // Update the view with the translated result.
                targetText = response.targetText
            } catch {
                // Handle any errors.
            }
        }
    }
}

@MainActor
func viewBodyScenario() async {
    let view = TranslationExample(sourceText: "El perro bebe agua.", sourceLanguage: spanish, targetLanguage: english)
    let host = view.translationTask()
    // The button's action: `configuration = .init(source: sourceLanguage, target: targetLanguage)`.
    host.configuration = .init(source: view.sourceLanguage, target: view.targetLanguage)
    await host.waitUntilIdle()
    print("targetText: \(view.targetText ?? "nil")")
}
