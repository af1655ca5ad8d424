import Foundation
import TextSafety
import TranslationEngine

/// `hike-reviews cache stats` and `hike-reviews cache clear`: the translation memory's file.
enum CacheCommand {
    /// The memory the commands manage: the user's file even when HIKE_REVIEWS_CACHE=0 (which
    /// only stops translations from using it).
    static func settings(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> TranslationMemory.Settings {
        var environment = environment
        environment["HIKE_REVIEWS_CACHE"] = nil
        // The memory is nil only for HIKE_REVIEWS_CACHE=0, removed above.
        return EngineEnvironment.fromProcess(environment, remembersTranslations: true).memory ?? TranslationMemory.Settings(path: "memory.sqlite")
    }

    /// Whether translations use the memory (HIKE_REVIEWS_CACHE is not 0).
    static var isEnabled: Bool {
        EngineEnvironment.fromProcess(remembersTranslations: true).memory != nil
    }

    /// The warning line every command prints for the memory (one line, escaped by the engine).
    static let printWarning: TranslationMemory.WarningHandler = { warning in
        StandardError.print("hike-reviews: warning: \(warning.message)")
    }

    /// Prints the entries, sizes and hit rates; 1 when the file cannot be read.
    static func stats(json: Bool) async -> Int32 {
        let settings = settings()
        let output = StandardOutput.shared
        guard let statistics = await TranslationMemory(settings: settings, warnings: printWarning).statistics() else { return 1 }
        if json {
            output.line(jsonText(statistics))
        } else {
            let on = isEnabled
            output.line("memory: \(EscapedText.escaped(statistics.path, limit: 4096))\(on ? "" : " (off: HIKE_REVIEWS_CACHE=0)")")
            output.line("entries: \(statistics.entries)")
            output.line("size on disk: \(megabytes(statistics.fileBytes)) (entries \(megabytes(statistics.entryBytes)) of \(megabytes(statistics.maxBytes)))")
            output.line("this process: \(rateText(hits: statistics.processHits, misses: statistics.processMisses))")
            output.line("overall: \(rateText(hits: statistics.totalHits, misses: statistics.totalMisses))")
        }
        return output.flush() ? 0 : StandardOutput.shared.failureStatus
    }

    /// Forgets every remembered translation; 1 when the file cannot be written.
    static func clear() async -> Int32 {
        let settings = settings()
        guard FileManager.default.fileExists(atPath: settings.path) else {
            StandardError.print("hike-reviews: cache clear: the translation memory is empty")
            return 0
        }
        do {
            try await TranslationMemory(settings: settings, warnings: printWarning).clear()
        } catch {
            StandardError.print("hike-reviews: cache clear: \(error)")
            return 1
        }
        StandardError.print("hike-reviews: cache clear: forgot every remembered translation in \(EscapedText.escaped(settings.path, limit: 4096))")
        return 0
    }

    /// In the unit HIKE_REVIEWS_CACHE_MAX_MB counts (2^20 bytes), so the default reads "256.0 MB";
    /// below one, in kB ("9 kB", not "0.0 MB").
    private static func megabytes(_ bytes: Int64) -> String {
        bytes < 1_048_576 ? String(format: "%.0f kB", Double(bytes) / 1024) : String(format: "%.1f MB", Double(bytes) / 1_048_576)
    }

    private static func rateText(hits: Int, misses: Int) -> String {
        guard let rate = TranslationMemory.Statistics.rate(hits: hits, misses: misses) else { return "no lookups" }
        return "\(hits) hits, \(misses) misses (\(String(format: "%.1f", rate * 100))% hit rate)"
    }

    private static func jsonText(_ statistics: TranslationMemory.Statistics) -> String {
        func counts(hits: Int, misses: Int) -> [String: Any] {
            ["hits": hits, "misses": misses, "hitRate": TranslationMemory.Statistics.rate(hits: hits, misses: misses) ?? NSNull()]
        }
        let object: [String: Any] = [
            "path": statistics.path, "entries": statistics.entries, "entryBytes": statistics.entryBytes,
            "fileBytes": statistics.fileBytes, "maxBytes": statistics.maxBytes,
            "enabled": isEnabled,
            "process": counts(hits: statistics.processHits, misses: statistics.processMisses),
            "overall": counts(hits: statistics.totalHits, misses: statistics.totalMisses),
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
