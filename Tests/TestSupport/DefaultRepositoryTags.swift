import Foundation

/// The language tags of the default pack repository's directions.
public enum DefaultRepositoryTags {
    /// Every tag of the directions `scripts/build-pack-repo` writes from Debian 12's Apertium
    /// pairs (31 packs), as a fixture for when the repository has not been built.
    public static let fixture = [
        "an", "ast", "bg", "bs", "ca", "ca-valencia", "ca-valencia-x-iec2017", "ca-valencia-x-uni",
        "ca-valencia-x-uni-iec2017", "ca-x-iec2017", "ca-x-pre2017", "da", "en", "en-US", "eo", "es", "eu",
        "fr", "gl", "hbs", "hr", "is", "it", "mk", "nb", "nn", "nn-x-e", "oc", "oc-aranes", "pt", "pt-BR",
        "pt-PT-x-pre1990", "ro", "sc", "sl", "sr", "sv",
    ]

    /// The fixture, plus the tags of `<checkout>/.build/pack-repo/index.json` when `make packs` built it.
    public static func all(checkout: URL) -> [String] {
        var tags = Set(fixture)
        let index = checkout.appendingPathComponent(".build/pack-repo/index.json")
        if let data = try? Data(contentsOf: index),
           let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let packs = object["packs"] as? [[String: Any]] {
            for pack in packs {
                for direction in pack["directions"] as? [[String]] ?? [] {
                    tags.formUnion(direction)
                }
            }
        }
        return tags.sorted()
    }
}
