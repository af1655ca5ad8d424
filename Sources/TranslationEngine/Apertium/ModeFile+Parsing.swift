import Foundation

extension ModeFile {
    /// Reads and parses a mode file from disk.
    ///
    /// - Parameters:
    ///   - path: the `.mode` file.
    ///   - dataRoot: replaces `/usr/share/apertium` (e.g. `<extracted>/usr/share/apertium`).
    ///   - markUnknown: keep `*` marks on unknown words (`-g`) instead of dropping them (`-n`).
    ///   - searchPath: colon-separated directories for programs; defaults to the system folders
    ///     (`ChildProcess.systemPath`): an engine passes its environment's PATH.
    public init(
        contentsOf path: String,
        dataRoot: String? = nil,
        markUnknown: Bool = false,
        searchPath: String? = nil
    ) throws {
        guard let data = FileManager.default.contents(atPath: path),
              let text = String(data: data, encoding: .utf8)
        else { throw ModeFileError.unreadable(path: path) }
        try self.init(parsing: text, dataRoot: dataRoot, markUnknown: markUnknown, searchPath: searchPath)
    }

    /// Parses the text of a mode file.
    public init(
        parsing text: String,
        dataRoot: String? = nil,
        markUnknown: Bool = false,
        searchPath: String? = nil
    ) throws {
        let searchPath = searchPath ?? ChildProcess.systemPath
        var stages: [Stage] = []
        var generatorStage: Int?
        // Splitting the text on `|` first is safe: the data root (which may hold `|` or `'`: any
        // store path works) is put into each argument after parsing, never into the text.
        let pieces = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|", omittingEmptySubsequences: false)
        for (index, piece) in pieces.enumerated() {
            var tokens = try Self.tokenize(String(piece), stage: index)
            guard !tokens.isEmpty else { throw ModeFileError.emptyStage(index: index) }
            let program = tokens.removeFirst()
            var arguments = ["-z"]  // null-flush, so every request comes back as soon as it is done
            for token in tokens {
                switch token {
                case "$1":
                    arguments.append(markUnknown ? "-g" : "-n")
                    generatorStage = index
                case "$2": continue  // tagger's optional flag; the wrapper leaves it empty too
                default: arguments.append(Self.rewrite(token, dataRoot: dataRoot))
                }
            }
            let executable = try Self.resolve(program, searchPath: searchPath)
            stages.append(Stage(executable: executable, arguments: arguments))
        }
        self.init(stages: stages, marksUnknownWords: markUnknown && generatorStage != nil, generatorStage: generatorStage)
    }

    /// Splits one stage on whitespace, keeping single-quoted runs together and unquoted.
    static func tokenize(_ stage: String, stage index: Int) throws -> [String] {
        var tokens: [String] = []
        var current = ""
        var inToken = false
        var inQuote = false
        for character in stage {
            if inQuote {
                if character == "'" { inQuote = false } else { current.append(character) }
            } else if character == "'" {
                inQuote = true
                inToken = true
            } else if character.isWhitespace {
                if inToken { tokens.append(current) }
                current = ""
                inToken = false
            } else {
                current.append(character)
                inToken = true
            }
        }
        if inQuote { throw ModeFileError.unterminatedQuote(stage: index) }
        if inToken { tokens.append(current) }
        return tokens
    }

    /// Moves a path under the installed prefix (Debian's, or a pack's `@DATA@`) to the given
    /// data root.
    static func rewrite(_ token: String, dataRoot: String?) -> String {
        guard let dataRoot else { return token }
        for prefix in [installedPrefix, packPlaceholder] {
            if token == prefix { return dataRoot }
            if token.hasPrefix(prefix + "/") { return dataRoot + token.dropFirst(prefix.count) }
        }
        return token
    }

    /// Finds a program on the search path, as the shell would.
    static func resolve(_ program: String, searchPath: String) throws -> String {
        if program.contains("/") {
            if access(program, X_OK) == 0 { return program }
            throw ModeFileError.programNotFound(program)
        }
        for directory in searchPath.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(program)"
            var info = stat()
            if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        throw ModeFileError.programNotFound(program)
    }
}
