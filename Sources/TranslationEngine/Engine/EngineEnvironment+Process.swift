import Foundation

extension EngineEnvironment {
    /// The environment the process's variables give: the only place TranslationEngine reads them.
    ///
    /// - `HIKE_REVIEWS_STORE`, else `$XDG_DATA_HOME/hike-reviews/packs`, else
    ///   `~/.local/share/hike-reviews/packs`: the store.
    /// - `HIKE_REVIEWS_PACKS_URL`: the repositories (http, https or file URLs, or absolute paths,
    ///   separated by whitespace; a space inside a path is written %20); else the public index.
    /// - `HIKE_REVIEWS_PUBLIC_INDEX_URL`: another public index (empty: none); else
    ///   `PackRepository.argosIndex`.
    /// - `HIKE_REVIEWS_OFFLINE`: unset, empty or 0 is online; anything else (even a typo) is
    ///   offline, so a setting meant to forbid downloads never fails open.
    /// - `HIKE_REVIEWS_PAIRS_PATH` (colon-separated data roots), `HIKE_REVIEWS_SYSTEM_PAIRS=0`
    ///   (Debian's pairs do not count).
    /// - `HIKE_REVIEWS_DOWNLOAD_IDLE_SECONDS`, `HIKE_REVIEWS_DOWNLOAD_MIN_RATE`: `DownloadLimits`.
    /// - `HIKE_REVIEWS_PIPELINE_MEMORY_MB` (768), `HIKE_REVIEWS_PIPELINE_IDLE_SECONDS` (300),
    ///   `HIKE_REVIEWS_PIPELINE_REPLICAS` (1, 2 from four cores), `HIKE_REVIEWS_NEURAL_THREADS`
    ///   (1): `Pipelines`.
    /// - `HIKE_REVIEWS_STAGE_ALLOCATOR`: `0` keeps glibc's malloc in the Apertium stages; unset,
    ///   empty or `1` preloads tcmalloc when it is installed (`StageAllocator`).
    /// - `HIKE_REVIEWS_NEURAL_PYTHON` and `HIKE_REVIEWS_NEURAL_WORKER`: the neural runtime, when
    ///   both name files that are there.
    /// - `HIKE_REVIEWS_LANGID_MODEL`: the short-text language-ID model.
    /// - `HIKE_REVIEWS_REMOTE`: translation servers (http or https URLs of LibreTranslate or
    ///   Apertium-APy servers, separated by whitespace): `remoteURLs`.
    /// - `HIKE_REVIEWS_GLOSSARY`: a glossary file (`Glossary(contentsOf:)`); a bad one is a
    ///   problem naming its line, and no glossary.
    /// - `LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`: the preferred language.
    /// - With `remembersTranslations` (a library does not write into the user's cache unless its
    ///   host says so): the memory, unless `HIKE_REVIEWS_CACHE=0`, in `HIKE_REVIEWS_CACHE_DIR`,
    ///   else `$XDG_CACHE_HOME/hike-reviews`, else `~/.cache/hike-reviews`, capped at
    ///   `HIKE_REVIEWS_CACHE_MAX_MB` (256).
    /// - `HIKE_REVIEWS_TEST_KILL` (`STEP` or `STEP:N`): a test seam, the process kills itself at
    ///   that step of the memory or of an install (`KillPoint`).
    ///
    /// A path variable in use (the store's, the memory's and their fallbacks `XDG_*` and `HOME`,
    /// the pairs', the runtime's, the model's, the repositories') whose bytes are not UTF-8 is
    /// a problem too (`notUTF8`, its value's bytes by name: `variablesNotUTF8`): as text it
    /// would name another file, so it is refused rather than used.
    ///
    /// Every numeric setting is parsed by `NumericSetting` (finite, in its range); one that is
    /// not, or a repository variable naming no URL, leaves its default and is listed in
    /// `problems`: the engine prints nothing, and the host decides (the CLI stops with exit 2).
    public static func fromProcess(_ variables: [String: String] = ProcessInfo.processInfo.environment,
                                   notUTF8: [String: [UInt8]] = variablesNotUTF8,
                                   remembersTranslations: Bool = false) -> EngineEnvironment {
        let reader = Variables(values: variables, notUTF8: notUTF8)
        let publicIndex = reader.publicIndexURL
        var environment = EngineEnvironment(
            store: PackStore(root: reader.storeRoot, killPoint: reader.killPoint),
            repositoryURLs: reader.repositoryURLs ?? (publicIndex.map { [$0] } ?? []),
            publicIndexURL: publicIndex,
            offline: reader.offline,
            pairRoots: (variables["HIKE_REVIEWS_PAIRS_PATH"] ?? "").split(separator: ":").map(String.init),
            includesSystemPairs: variables["HIKE_REVIEWS_SYSTEM_PAIRS"] != "0",
            downloadLimits: reader.downloadLimits,
            pipelines: reader.pipelines,
            memory: remembersTranslations ? reader.memory : nil,
            neuralRuntime: reader.neuralRuntime,
            languageIDModel: reader.nonEmpty("HIKE_REVIEWS_LANGID_MODEL").map { URL(fileURLWithPath: $0) },
            preferredLanguage: PreferredLanguage.fromEnvironment(variables),
            childEnvironment: variables)
        environment.remoteURLs = reader.remoteURLs
        environment.problems = reader.problems
        if let path = reader.nonEmpty(glossaryVariable) {
            do throws(GlossaryError) {
                environment.glossary = try Glossary(contentsOf: path)
            } catch {
                environment.problems.append(SettingProblem(variable: glossaryVariable, value: path, kind: .unusableFile,
                                                           expectation: error.description))
            }
        }
        if environment.childEnvironment["PATH"]?.isEmpty ?? true { environment.childEnvironment["PATH"] = systemPath }
        return environment
    }

    /// The variable naming a glossary file (`Glossary(contentsOf:)`).
    public static let glossaryVariable = "HIKE_REVIEWS_GLOSSARY"

    /// The process's variables whose values are not UTF-8, with their bytes: `environ` read as
    /// bytes, since `ProcessInfo` puts U+FFFD in place of each invalid one.
    public static let variablesNotUTF8: [String: [UInt8]] = {
        var found: [String: [UInt8]] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
            entry += 1
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")), let name = String(validating: bytes[..<equals], as: UTF8.self) else { continue }
            let value = Array(bytes[(equals + 1)...])
            if String(validating: value, as: UTF8.self) == nil { found[name] = value }
        }
        return found
    }()

    /// Reading the variables, one setting at a time.
    private struct Variables {
        static let stageAllocatorVariable = "HIKE_REVIEWS_STAGE_ALLOCATOR"

        var values: [String: String]
        var notUTF8: [String: [UInt8]]

        func nonEmpty(_ name: String) -> String? {
            values[name].flatMap { $0.isEmpty ? nil : $0 }
        }

        /// The setting's value; nil when it is unset or unusable (`problems` says which).
        func number(_ setting: NumericSetting) -> Double? {
            try? setting.value(of: values[setting.name])
        }

        /// Every variable that was set to something that cannot be used.
        var problems: [SettingProblem] {
            var problems: [SettingProblem] = []
            for setting in NumericSetting.all {
                do throws(SettingProblem) { _ = try setting.value(of: values[setting.name]) } catch { problems.append(error) }
            }
            for name in ["HIKE_REVIEWS_PACKS_URL", "HIKE_REVIEWS_PUBLIC_INDEX_URL"] {
                for word in (values[name] ?? "").split(whereSeparator: \.isWhitespace) where PackRepository.indexURL(String(word)) == nil {
                    problems.append(SettingProblem(variable: name, value: String(word), kind: .notAURL,
                                                   expectation: "an http, https or file URL of an index.json, or an absolute path"))
                }
            }
            for name in pathVariables.sorted() {
                if let bytes = notUTF8[name] { problems.append(.notUTF8(variable: name, bytes: bytes)) }
            }
            if let value = values[Self.stageAllocatorVariable], !["", "0", "1"].contains(value) {
                problems.append(SettingProblem(variable: Self.stageAllocatorVariable, value: value, kind: .notAChoice,
                                               expectation: "0 (glibc's malloc in the Apertium stages) or 1 (tcmalloc when installed; the default)"))
            }
            for word in (values["HIKE_REVIEWS_REMOTE"] ?? "").split(whereSeparator: \.isWhitespace) where RemoteLimits.serverURL(String(word)) == nil {
                problems.append(SettingProblem(variable: "HIKE_REVIEWS_REMOTE", value: String(word), kind: .notAURL,
                                               expectation: RemoteLimits.urlExpectation))
            }
            return problems
        }

        /// The variables set that name paths, with `XDG_*` or `HOME` where they are the fallback taken.
        var pathVariables: Set<String> {
            var names = Set(["HIKE_REVIEWS_STORE", "HIKE_REVIEWS_CACHE_DIR", "HIKE_REVIEWS_PAIRS_PATH", "HIKE_REVIEWS_NEURAL_PYTHON",
                             "HIKE_REVIEWS_NEURAL_WORKER", "HIKE_REVIEWS_LANGID_MODEL", "HIKE_REVIEWS_PACKS_URL",
                             "HIKE_REVIEWS_PUBLIC_INDEX_URL"].filter { nonEmpty($0) != nil })
            for (own, xdg) in [("HIKE_REVIEWS_STORE", "XDG_DATA_HOME"), ("HIKE_REVIEWS_CACHE_DIR", "XDG_CACHE_HOME")] where !names.contains(own) {
                names.insert(values[xdg]?.hasPrefix("/") == true ? xdg : "HOME")
            }
            return names
        }

        var remoteURLs: [URL] {
            (values["HIKE_REVIEWS_REMOTE"] ?? "").split(whereSeparator: \.isWhitespace).compactMap { RemoteLimits.serverURL(String($0)) }
        }

        var home: String {
            nonEmpty("HOME") ?? NSHomeDirectory()
        }

        var storeRoot: String {
            if let store = nonEmpty("HIKE_REVIEWS_STORE") { return store }
            if let data = values["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/hike-reviews/packs" }
            return home + "/.local/share/hike-reviews/packs"
        }

        /// Nil when the variable names none (the default list then applies).
        var repositoryURLs: [URL]? {
            guard let text = values["HIKE_REVIEWS_PACKS_URL"], !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            return text.split(whereSeparator: \.isWhitespace).compactMap { PackRepository.indexURL(String($0)) }
        }

        var publicIndexURL: URL? {
            guard let text = values["HIKE_REVIEWS_PUBLIC_INDEX_URL"] else { return PackRepository.argosIndex }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : PackRepository.indexURL(trimmed)
        }

        var offline: Bool {
            guard let value = values["HIKE_REVIEWS_OFFLINE"]?.trimmingCharacters(in: .whitespaces) else { return false }
            return !(value.isEmpty || value == "0")
        }

        var downloadLimits: DownloadLimits {
            var limits = DownloadLimits()
            // Each range keeps its conversion within Int and above zero.
            if let seconds = number(.downloadIdleSeconds) {
                limits = DownloadLimits(idleTimeout: .milliseconds(Int((seconds * 1000).rounded())), minimumRate: limits.minimumRate)
            }
            if let rate = number(.downloadMinimumRate) {
                limits.minimumRate = Int(rate)
            }
            return limits
        }

        var pipelines: Pipelines {
            var pipelines = Pipelines()
            if let megabytes = number(.pipelineMemoryMegabytes) {
                pipelines.memoryBudget = Int(megabytes * 1_048_576)
            }
            if let seconds = number(.pipelineIdleSeconds) {
                pipelines.idleTimeout = .milliseconds(Int((seconds * 1000).rounded()))
            }
            if let threads = number(.neuralThreads) {
                pipelines.neuralThreads = Int(threads)
            }
            if let replicas = number(.pipelineReplicas) {
                pipelines.maxReplicas = Int(replicas)
            }
            if values[Self.stageAllocatorVariable] == "0" {
                pipelines.stageAllocator = nil
            }
            return pipelines
        }

        var memory: TranslationMemory.Settings? {
            if values["HIKE_REVIEWS_CACHE"] == "0" { return nil }
            let folder: String
            if let dir = nonEmpty("HIKE_REVIEWS_CACHE_DIR") {
                folder = dir
            } else if let cache = values["XDG_CACHE_HOME"], cache.hasPrefix("/") {
                folder = cache + "/hike-reviews"
            } else {
                folder = home + "/.cache/hike-reviews"
            }
            var settings = TranslationMemory.Settings(path: folder + "/memory.sqlite")
            settings.killPoint = killPoint
            if let megabytes = number(.cacheMaxMegabytes) {
                settings.maxBytes = Int64(megabytes * 1024 * 1024)
            }
            return settings
        }

        var killPoint: KillPoint? {
            values["HIKE_REVIEWS_TEST_KILL"].flatMap(KillPoint.init)
        }

        var neuralRuntime: NeuralRuntime? {
            guard let python = nonEmpty("HIKE_REVIEWS_NEURAL_PYTHON"), let script = nonEmpty("HIKE_REVIEWS_NEURAL_WORKER") else { return nil }
            let runtime = NeuralRuntime(python: python, script: script)
            return runtime.isInstalled ? runtime : nil
        }
    }
}
