import Foundation

/// A numeric setting the engine reads from a variable, with the one rule every such setting is
/// parsed by: a finite number within `range` (a whole one where `isWhole`), or the variable
/// unset. Anything else (`inf`, `nan`, `1e30`, `abc`, an empty value) is a `SettingProblem`,
/// never a trap in a later conversion and never silently the default.
public struct NumericSetting: Sendable, Hashable {
    /// The variable, e.g. `HIKE_REVIEWS_CACHE_MAX_MB`.
    public let name: String
    /// The values allowed, in `unit`.
    public let range: ClosedRange<Double>
    /// Whether only whole numbers are allowed (a thread count, a byte rate).
    public let isWhole: Bool
    /// The unit the number counts, as a person reads it (`MB`, `s`).
    public let unit: String
    /// The value an unset variable gives, as the documentation says it.
    public let defaultValue: Double

    public init(name: String, range: ClosedRange<Double>, isWhole: Bool = false, unit: String, defaultValue: Double) {
        self.name = name
        self.range = range
        self.isWhole = isWhole
        self.unit = unit
        self.defaultValue = defaultValue
    }

    /// The number `text` gives (surrounding blanks ignored), nil when it is nil (unset).
    ///
    /// - Throws: `SettingProblem` when it is empty, not a number, not finite, not whole where it
    ///   must be, or outside `range`.
    public func value(of text: String?) throws(SettingProblem) -> Double? {
        guard let text else { return nil }
        func problem(_ kind: SettingProblem.Kind) -> SettingProblem {
            SettingProblem(setting: self, value: text, kind: kind)
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let number = Double(trimmed) else { throw problem(.notANumber) }
        guard number.isFinite else { throw problem(.notFinite) }
        guard range.contains(number) else { throw problem(.outOfRange) }
        guard !isWhole || number == number.rounded(.towardZero) else { throw problem(.notWhole) }
        return number
    }

    /// "a number from 0 to 1048576 (MB; 256 when unset)": what the setting takes, for messages.
    public var expectation: String {
        "\(isWhole ? "a whole number" : "a number") from \(Self.text(range.lowerBound)) to \(Self.text(range.upperBound)) "
            + "(\(unit); \(Self.text(defaultValue)) when unset)"
    }

    /// A bound as written: `1048576`, not `1048576.0`; `0.001` as is.
    static func text(_ number: Double) -> String {
        number == number.rounded(.towardZero) && abs(number) < 1e15 ? String(Int64(number)) : "\(number)"
    }
}

extension NumericSetting {
    /// `DownloadLimits.idleTimeout`, from `DownloadLimits.minimumIdleTimeout` (half a second) up:
    /// a timeout shorter than a connection takes to start gives up every download, and only
    /// makes cancels race the transfers they end.
    public static let downloadIdleSeconds = NumericSetting(name: "HIKE_REVIEWS_DOWNLOAD_IDLE_SECONDS", range: 0.5...86_400,
                                                           unit: "s", defaultValue: 30)
    /// `DownloadLimits.minimumRate` (0 turns the check off).
    public static let downloadMinimumRate = NumericSetting(name: "HIKE_REVIEWS_DOWNLOAD_MIN_RATE", range: 0...1_073_741_824,
                                                           isWhole: true, unit: "bytes/s", defaultValue: 1000)
    /// `Pipelines.memoryBudget`.
    public static let pipelineMemoryMegabytes = NumericSetting(name: "HIKE_REVIEWS_PIPELINE_MEMORY_MB", range: 1...1_048_576,
                                                               unit: "MB", defaultValue: 768)
    /// `Pipelines.idleTimeout`.
    public static let pipelineIdleSeconds = NumericSetting(name: "HIKE_REVIEWS_PIPELINE_IDLE_SECONDS", range: 0.1...10_000_000,
                                                           unit: "s", defaultValue: 300)
    /// `Pipelines.neuralThreads`.
    public static let neuralThreads = NumericSetting(name: "HIKE_REVIEWS_NEURAL_THREADS", range: 1...64, isWhole: true,
                                                     unit: "threads", defaultValue: 1)
    /// `Pipelines.maxReplicas`.
    public static let pipelineReplicas = NumericSetting(name: "HIKE_REVIEWS_PIPELINE_REPLICAS", range: 1...16, isWhole: true,
                                                        unit: "pipelines", defaultValue: Double(EngineEnvironment.Pipelines.defaultReplicas))
    /// `TranslationMemory.Settings.maxBytes`.
    public static let cacheMaxMegabytes = NumericSetting(name: "HIKE_REVIEWS_CACHE_MAX_MB", range: 0...1_048_576,
                                                         unit: "MB", defaultValue: 256)

    /// Every numeric setting `EngineEnvironment.fromProcess` reads.
    public static let all: [NumericSetting] = [
        downloadIdleSeconds, downloadMinimumRate, pipelineMemoryMegabytes, pipelineIdleSeconds, pipelineReplicas, neuralThreads,
        cacheMaxMegabytes,
    ]
}
