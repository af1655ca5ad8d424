// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "HikeReviews",
    products: [
        .executable(name: "hike-reviews", targets: ["HikeReviewsTUI"]),
        .library(name: "TranslationEngine", targets: ["TranslationEngine"]),
        .library(name: "ReviewModel", targets: ["ReviewModel"]),
        .library(name: "MLKitTranslate", targets: ["MLKitTranslate"]),
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
        .target(
            name: "CCLD2",
            linkerSettings: [.linkedLibrary("cld2_full"), .linkedLibrary("cld2")]
        ),
        // The one escaping sanitiser, shared by the two libraries and the app (package access).
        .target(name: "TextSafety"),
        .target(name: "ReviewModel", dependencies: ["TextSafety"]),
        // The neural worker is a Python script run from the checkout (see NeuralRuntime).
        .target(name: "TranslationEngine", dependencies: ["CCLD2", "CArchive", "CCrypto", "CSQLite", "TextSafety"],
                exclude: ["Neural/neural_worker.py"]),
        // ML Kit's Translate names over TranslationEngine, for code written from Google's guide.
        .target(name: "MLKitTranslate", dependencies: ["TranslationEngine"]),
        .executableTarget(
            name: "HikeReviewsTUI",
            dependencies: ["CNcurses", "ReviewModel", "TranslationEngine", "TextSafety"]
        ),
        // Client code written from Apple's Translation docs, with only the import changed; run
        // by AppleClientTests.
        .executableTarget(name: "AppleTranslationClient", dependencies: ["TranslationEngine"],
                          path: "Examples/AppleTranslationClient"),
        // posix_spawn for tests: Foundation's Process was seen to hang and to lose output
        // under the parallel test runner.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ReviewModelTests", dependencies: ["ReviewModel"]),
        .testTarget(name: "AppleClientTests", dependencies: ["TestSupport"]),
        .testTarget(
            name: "TranslationEngineTests",
            dependencies: ["TranslationEngine", "ReviewModel", "TestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "HikeReviewsTUITests",
            dependencies: ["HikeReviewsTUI", "ReviewModel", "TranslationEngine", "TestSupport"],
            exclude: ["Snapshots"]
        ),
        .testTarget(name: "MLKitTranslateTests", dependencies: ["MLKitTranslate", "TranslationEngine", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx14
)
