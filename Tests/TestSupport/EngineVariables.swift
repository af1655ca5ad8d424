/// The variables `EngineEnvironment.fromProcess` reads, for the tests that run over every one
/// (NumericSettingTests checks this list against the engine's source).
public enum EngineVariables {
    /// The ones that are not numbers: paths, URLs and switches.
    public static let textual: Set<String> = [
        "HIKE_REVIEWS_STORE", "HIKE_REVIEWS_PACKS_URL", "HIKE_REVIEWS_PUBLIC_INDEX_URL", "HIKE_REVIEWS_OFFLINE", "HIKE_REVIEWS_PAIRS_PATH",
        "HIKE_REVIEWS_SYSTEM_PAIRS", "HIKE_REVIEWS_NEURAL_PYTHON", "HIKE_REVIEWS_NEURAL_WORKER", "HIKE_REVIEWS_LANGID_MODEL",
        "HIKE_REVIEWS_CACHE", "HIKE_REVIEWS_CACHE_DIR", "HIKE_REVIEWS_TEST_KILL", "HIKE_REVIEWS_REMOTE", "HIKE_REVIEWS_STAGE_ALLOCATOR",
        "HIKE_REVIEWS_GLOSSARY",
    ]

    /// The numeric ones (`NumericSetting.all`).
    public static let numeric: Set<String> = [
        "HIKE_REVIEWS_DOWNLOAD_IDLE_SECONDS", "HIKE_REVIEWS_DOWNLOAD_MIN_RATE", "HIKE_REVIEWS_PIPELINE_MEMORY_MB",
        "HIKE_REVIEWS_PIPELINE_IDLE_SECONDS", "HIKE_REVIEWS_NEURAL_THREADS", "HIKE_REVIEWS_CACHE_MAX_MB",
        "HIKE_REVIEWS_PIPELINE_REPLICAS",
    ]

    /// Other variables it reads: where the store and the memory go by default, the user's
    /// language, and what children start with.
    public static let system: Set<String> = ["HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "PATH"]
}
