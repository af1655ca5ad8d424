import Foundation

/// The library preloaded into a warm pipeline's stages (`Sources/CTaggerReset`, built by SwiftPM
/// as `libHikeTaggerReset.so`). In every stage, a NUL flush waits while more input is already
/// there, so queued texts leave a stage in one write instead of one each. In the HMM tagger, it
/// undoes the tagger's change to itself at the end of each text, so a tagger that met a new
/// ambiguity class serves the next text as a fresh one would, without a process start.
///
/// The tagger changes its open class when a word's ambiguity class is missing from its model
/// (see `TaggerSlot`). The library copies the open class when the tagger first asks for one,
/// puts it back at each NUL flush that followed such a word, and writes `marker` to stderr before
/// the NUL goes out. `TaggerReports` takes the marker as settling every report before it, so the
/// relay replaces the tagger only for a report no marker follows: when the library is missing,
/// was built for another libapertium, or the tagger does not call what it interposes.
public enum TaggerReset {
    /// The file SwiftPM builds (the `HikeTaggerReset` product).
    public static let libraryName = "libHikeTaggerReset.so"

    /// What the library writes to the tagger's stderr after putting the open class back.
    static let marker = Array("hike tagger reset: open class restored\n".utf8)

    /// What the library writes to the tagger's stderr as the tagger starts, when the set-back is
    /// on and every function it interposes was found: the tagger may be wired directly (`TaggerLink`).
    static let ready = Array("hike tagger reset: ready\n".utf8)

    /// The library beside the running executable (where `swift build` puts both) or in
    /// `../lib/hike-reviews/` from it (where `make install` puts it); nil when neither has it,
    /// or its path holds a space or colon (`LD_PRELOAD` splits on both).
    public static let besideExecutable: String? = {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let folder = (executable as NSString).deletingLastPathComponent
        let candidates = [folder + "/" + libraryName, folder + "/../lib/hike-reviews/" + libraryName]
        return candidates.lazy
            .map { ($0 as NSString).standardizingPath }
            .first { access($0, R_OK) == 0 && canBePreloaded($0) }
    }()

    /// Whether `LD_PRELOAD` can name `path`: it splits on spaces and colons.
    static func canBePreloaded(_ path: String) -> Bool {
        !path.contains(" ") && !path.contains(":")
    }

    /// `environment` (`KEY=value` entries) with `libraries` preloaded: first in `LD_PRELOAD`, in
    /// order, ahead of whatever it held. Every stage gets this library (its NUL flushes wait while
    /// more input is there), the busiest ones the allocator too (`StageAllocator`); with
    /// `resettingTagger` the library also sets the tagger back (`HIKE_TAGGER_RESET=1`, for the relayed HMM tagger
    /// alone: a marker on another stage's stderr would reach the user).
    static func environment(_ environment: [String], preloading libraries: [String], resettingTagger: Bool = false) -> [String] {
        let key = "LD_PRELOAD="
        var result = environment.filter { !$0.hasPrefix(key) && !$0.hasPrefix(resetKey + "=") }
        let earlier = environment.last { $0.hasPrefix(key) }.map { String($0.dropFirst(key.count)) } ?? ""
        result.append(key + (libraries + (earlier.isEmpty ? [] : [earlier])).joined(separator: ":"))
        if resettingTagger { result.append(resetKey + "=1") }
        return result
    }

    /// The variable that turns the tagger's set-back on in the library.
    static let resetKey = "HIKE_TAGGER_RESET"

    /// The variable that caps the NUL flushes a stage skips in a row while more input waits
    /// (unset: no cap). Without a cap a stage holds its output until its queue is empty, which
    /// suits a file (fewer writes, fewer wake-ups) but not a server: with 16 clients the texts
    /// moved through the stages as one convoy, a stage idle until the one before had finished
    /// them all, and the two cores sat idle a quarter of the time.
    public static let flushWaitsKey = "HIKE_FLUSH_WAITS"
    /// The cap `serve` sets: a stage hands on its output at least every third text.
    public static let serveFlushWaits = 2
}
