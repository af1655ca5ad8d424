import Foundation

/// Where the checkout's files are, so a test finds them wherever its own file sits.
public enum PackagePaths {
    /// The package's root (this file is Tests/TestSupport/PackagePaths.swift).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The scripts and data the tests share (Tests/TranslationEngineTests/Fixtures).
    public static let fixtures = root.appendingPathComponent("Tests/TranslationEngineTests/Fixtures")
}
