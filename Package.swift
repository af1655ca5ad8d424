// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "HikeReviews",
    products: [
        .executable(name: "hike-reviews", targets: ["HikeReviewsTUI"]),
        .library(name: "TranslationEngine", targets: ["TranslationEngine"]),
        .library(name: "ReviewModel", targets: ["ReviewModel"]),
        .library(name: "MLKitTranslate", targets: ["MLKitTranslate"]),
        .library(name: "MLKitLanguageID", targets: ["MLKitLanguageID"]),
        // Both ML Kit libraries under the one name Google's samples import.
        .library(name: "MLKit", targets: ["MLKit"]),
        // The engine's Apertium code table as JSON, for scripts/build-pack-repo.
        .executable(name: "apertium-codes", targets: ["ApertiumCodesTool"]),
        // Preloaded into apertium-tagger by the engine (TaggerReset): never linked.
        .library(name: "HikeTaggerReset", type: .dynamic, targets: ["CTaggerReset"]),
    ],
    targets: [
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .systemLibrary(
            name: "CArchive",
            providers: [.apt(["libarchive-dev"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The remote engine's HTTP client (RemoteHTTP): deadlines, caps, no redirects.
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .target(
            name: "CCLD2",
            linkerSettings: [.linkedLibrary("cld2_full"), .linkedLibrary("cld2")]
        ),
        // apertium-tagger's open class put back after each text (see tagger_reset.cc).
        .target(name: "CTaggerReset"),
        // The one escaping sanitiser, shared by the two libraries and the app (package access).
        .target(name: "TextSafety"),
        .target(name: "ReviewModel", dependencies: ["TextSafety"]),
        // The one Apertium-to-BCP-47 table: the engine reads it, and scripts/build-pack-repo through
        // apertium-codes (a small target, so the script builds it in seconds).
        .target(name: "ApertiumCodeTable"),
        .executableTarget(name: "ApertiumCodesTool", dependencies: ["ApertiumCodeTable"]),
        // The neural worker is a Python script run from the checkout (see NeuralRuntime).
        .target(name: "TranslationEngine", dependencies: ["CCLD2", "CArchive", "CCrypto", "CCurl", "CSQLite", "TextSafety", "ApertiumCodeTable"],
                exclude: ["Neural/neural_worker.py"]),
        // ML Kit's Translate names over TranslationEngine, for code written from Google's guide.
        .target(name: "MLKitTranslate", dependencies: ["TranslationEngine"]),
        // ML Kit's Language Identification names over the engine's recognizer.
        .target(name: "MLKitLanguageID", dependencies: ["TranslationEngine"]),
        .target(name: "MLKit", dependencies: ["MLKitTranslate", "MLKitLanguageID"]),
        // `hike-reviews serve`: LibreTranslate's and Apertium-APy's APIs on libmicrohttpd.
        .target(name: "HikeReviewsServer", dependencies: ["CMicroHTTPD", "TranslationEngine", "ApertiumCodeTable"]),
        .executableTarget(
            name: "HikeReviewsTUI",
            dependencies: ["CNcurses", "ReviewModel", "TranslationEngine", "TextSafety", "HikeReviewsServer"]
        ),
        // Client code written from Apple's Translation docs, with only the import changed; run
        // by AppleClientTests.
        .executableTarget(name: "AppleTranslationClient", dependencies: ["TranslationEngine"],
                          path: "Examples/AppleTranslationClient"),
        // posix_spawn for tests: Foundation's Process was seen to hang and to lose output
        // under the parallel test runner.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ReviewModelTests", dependencies: ["ReviewModel", "TestSupport"]),
        .testTarget(name: "AppleClientTests", dependencies: ["TestSupport"]),
        .testTarget(
            name: "TranslationEngineTests",
            dependencies: ["TranslationEngine", "ReviewModel", "TextSafety", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "HikeReviewsTUITests",
            dependencies: ["HikeReviewsTUI", "ReviewModel", "TranslationEngine", "TextSafety", "TestSupport", "HikeReviewsServer", "ApertiumCodeTable"],
            exclude: ["Snapshots", "ServeScripts"]
        ),
        .testTarget(name: "MLKitTranslateTests", dependencies: ["MLKit", "MLKitTranslate", "TranslationEngine", "TestSupport"]),
        .testTarget(name: "MLKitLanguageIDTests", dependencies: ["MLKit", "MLKitLanguageID", "TranslationEngine", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx14
)
