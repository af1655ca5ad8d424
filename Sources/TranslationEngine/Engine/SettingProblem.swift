import TextSafety

/// A variable `EngineEnvironment.fromProcess` could not use, as data: the engine prints
/// nothing, and its host decides what a bad setting means (the CLI: one line, exit 2).
public struct SettingProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with the value.
    public enum Kind: Sendable, Hashable {
        /// Not a number at all (`abc`, an empty value).
        case notANumber
        /// `inf`, `nan`.
        case notFinite
        /// A number outside the setting's range.
        case outOfRange
        /// A fraction where only whole numbers count.
        case notWhole
        /// Not an http, https or file URL, nor an absolute path.
        case notAURL
        /// A path whose bytes are not UTF-8 (`value` shows them escaped, `\xFF`).
        case notUTF8
        /// None of the values the setting takes (`HIKE_REVIEWS_STAGE_ALLOCATOR=off`).
        case notAChoice
        /// A file that cannot be used (a glossary with a bad line): `expectation` says why.
        case unusableFile
    }

    /// The variable.
    public let variable: String
    /// Its value, as given.
    public let value: String
    public let kind: Kind
    /// What the variable takes, in words ("a number from 0 to 1048576 (MB; 256 when unset)").
    public let expectation: String

    public init(variable: String, value: String, kind: Kind, expectation: String) {
        self.variable = variable
        self.value = value
        self.kind = kind
        self.expectation = expectation
    }

    /// What a path given as text takes: its bytes would reach the system changed otherwise.
    public static let pathInUTF8 = "a path in UTF-8 (it would name another file)"

    /// The variable `variable`, whose value's bytes are `bytes`, is not UTF-8.
    public static func notUTF8(variable: String, bytes: [UInt8]) -> SettingProblem {
        SettingProblem(variable: variable, value: ByteText.escaped(bytes), kind: .notUTF8, expectation: pathInUTF8)
    }

    init(setting: NumericSetting, value: String, kind: Kind) {
        self.init(variable: setting.name, value: value, kind: kind, expectation: setting.expectation)
    }

    /// One line: the variable, its value (escaped), what is wrong and what it takes.
    public var description: String {
        let what = switch kind {
        case .notANumber: value.isEmpty ? "is empty" : "is not a number"
        case .notFinite: "is not a finite number"
        case .outOfRange: "is out of range"
        case .notWhole: "is not a whole number"
        case .notAURL: "is not a URL"
        case .notUTF8: "is not UTF-8"
        case .notAChoice: "is not one of the values it takes"
        case .unusableFile: "cannot be used"
        }
        if kind == .unusableFile { return "\(variable)='\(EscapedText.escaped(value, limit: 4096))' \(what): \(expectation)" }
        return "\(variable)='\(EscapedText.escaped(value, limit: kind == .notUTF8 ? 4096 : 80))' \(what): give \(expectation)"
    }
}
