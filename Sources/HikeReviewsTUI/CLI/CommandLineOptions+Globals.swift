import Foundation
import TextSafety
import TranslationEngine

/// The options any command takes, wherever they are on the line.
extension CommandLineOptions {
    /// Takes `--packs-url` and `--remote` (any number of times, in order of preference),
    /// `--store` and `--no-cache` out of the arguments, wherever they are.
    static func extractGlobals(_ arguments: [String]) throws(UsageError) -> GlobalOptions {
        var rest: [String] = []
        var packsURLs: [URL] = []
        var remoteURLs: [URL] = []
        var store: String?
        var noCache = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--no-cache" {
                noCache = true
                index += 1
                continue
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard name == "--packs-url" || name == "--store" || name == "--remote" else {
                rest.append(argument)
                index += 1
                continue
            }
            let value: String
            if let inline {
                value = inline
                index += 1
            } else {
                guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else { throw UsageError(message: "\(name) needs a value") }
                value = arguments[index + 1]
                index += 2
            }
            guard !value.isEmpty else { throw UsageError(message: "\(name) needs a value") }
            _ = try path(value, option: name)
            if name == "--store" {
                store = value
            } else if name == "--remote" {
                guard let url = RemoteLimits.serverURL(value) else {
                    throw UsageError(message: "--remote: '\(EscapedText.escaped(value))' is not \(RemoteLimits.urlExpectation)", showsUsage: false)
                }
                remoteURLs.append(url)
            } else {
                guard let url = PackRepository.indexURL(value) else {
                    throw UsageError(message: "--packs-url: '\(EscapedText.escaped(value))' is not an http, https or file URL of an index.json")
                }
                packsURLs.append(url)
            }
        }
        return GlobalOptions(rest: rest, packsURLs: packsURLs, store: store, noCache: noCache, remoteURLs: remoteURLs)
    }
}
