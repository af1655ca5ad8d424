import Foundation
import ReviewModel
import Synchronization

/// A word-list language detector that counts how often it is asked about each text.
///
/// It stands in for a real detector: the index under test only needs a
/// deterministic tag per text, and the counts show how often detection ran.
final class CountingDetector: LanguageDetecting {
    private struct State {
        var calls: [String: Int] = [:]
        var mainActorCalls = 0
    }

    private let state = Mutex(State())
    /// Pause per call, to widen the window in which concurrent callers overlap.
    private let delayMicroseconds: UInt32

    init(delayMicroseconds: UInt32 = 0) {
        self.delayMicroseconds = delayMicroseconds
    }

    func detectLanguage(of text: String) -> String {
        let onMainActor = MainQueueMarker.isOnMainQueue
        state.withLock { state in
            state.calls[text, default: 0] += 1
            if onMainActor {
                state.mainActorCalls += 1
            }
        }
        if delayMicroseconds > 0 {
            usleep(delayMicroseconds)
        }
        let words = Set(text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
        for (tag, markers) in Self.markers where !words.isDisjoint(with: markers) {
            return tag
        }
        return "und"
    }

    /// How many times `text` was detected.
    func calls(for text: String) -> Int {
        state.withLock { $0.calls[text, default: 0] }
    }

    /// Total detections so far.
    var totalCalls: Int {
        state.withLock { $0.calls.values.reduce(0, +) }
    }

    /// Detections that ran on the main actor.
    var mainActorCalls: Int {
        state.withLock { $0.mainActorCalls }
    }

    private static let markers: [(String, Set<String>)] = [
        ("es", ["el", "la", "muy", "precioso", "camino"]),
        ("nb", ["og", "fin", "tur", "veldig"]),
        ("de", ["der", "die", "und", "sehr", "schön"]),
        ("en", ["the", "and", "great", "walk"]),
    ]
}
