import Foundation

/// Apple's `AttributeScopes.TranslationAttributes`, which Foundation declares on Apple's
/// platforms (iOS 26.4) and swift-foundation on Linux does not: declared here so client code
/// written from Apple's docs (`text[range].skipsTranslation = true`) compiles with only the
/// import changed (docs/PORTING.md says what differs).
extension AttributeScopes {
    /// The attributes a translation reads from an attributed string.
    public struct TranslationAttributes: AttributeScope {
        /// A run marked `true` is never translated: it comes back as a kept span.
        public let skipsTranslation: SkipTranslationAttribute

        /// The key of `skipsTranslation`.
        @frozen public enum SkipTranslationAttribute: CodableAttributedStringKey {
            /// `true` keeps the run as written.
            public typealias Value = Bool
            /// Apple does not print its name; this one is the library's, so archives made here
            /// do not claim to be Apple's.
            public static let name = "TranslationEngine.skipsTranslation"
        }
    }

    /// The translation scope, as `\.translation` in `AttributedString(..., including:)`.
    public var translation: TranslationAttributes.Type { TranslationAttributes.self }
}

extension AttributeDynamicLookup {
    /// `text.skipsTranslation` and `AttributeContainer().skipsTranslation(true)`.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.TranslationAttributes, T>) -> T {
        self[T.self]
    }
}
