import Foundation

/// A parsed Apertium `.mode` file: the stages of one translation direction, ready to spawn.
///
/// The mode file is a shell pipeline; rather than hand it to a shell (which cannot be kept
/// warm, see LAB-NOTES) we turn it into one argv per stage, the way APy does.
public struct ModeFile: Sendable, Equatable {
    /// One program of the pipeline with its full argument vector.
    public struct Stage: Sendable, Equatable {
        /// Absolute path of the program, resolved through `PATH`.
        public var executable: String
        /// Arguments after the program name (argv[1...]).
        public var arguments: [String]

        /// Creates a stage from an absolute executable path and its arguments.
        public init(executable: String, arguments: [String]) {
            self.executable = executable
            self.arguments = arguments
        }
    }

    /// The prefix Debian pair packages bake into their mode files.
    public static let installedPrefix = "/usr/share/apertium"
    /// What packs from `scripts/build-pack-repo` write instead: the pack's own folder.
    public static let packPlaceholder = "@DATA@"

    /// The stages, first to last.
    public var stages: [Stage]
    /// Whether the generator marks unknown words (`-g`: `*word`, `#word`, `@word`).
    public var marksUnknownWords: Bool
    /// The index of the generator stage (the one the mode gives `$1`), if any.
    public var generatorStage: Int?

    /// Creates a mode file from already-built stages.
    public init(stages: [Stage], marksUnknownWords: Bool = false, generatorStage: Int? = nil) {
        self.stages = stages
        self.marksUnknownWords = marksUnknownWords
        self.generatorStage = generatorStage
    }

    /// Where marks must be taken out of the stream: after a marking generator that has
    /// stages after it (post-generation), so those stages see what `-n` would give them.
    var markTapAfter: Int? {
        guard marksUnknownWords, let generatorStage, generatorStage < stages.count - 1 else { return nil }
        return generatorStage
    }
}
