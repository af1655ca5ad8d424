import Foundation

/// The options any command takes, wherever they are on the line, and the arguments left for the
/// command. The command line fills it in (`CommandLineOptions.extractGlobals`); it is declared
/// beside `HostEnvironment`, which configures the engine from it, so the runtime does not reach up
/// into the command line.
struct GlobalOptions: Equatable {
    var rest: [String]
    var packsURLs: [URL] = []
    var store: String?
    /// `--no-cache`: translate without the translation memory (the app and `translate`).
    var noCache = false
    /// `--remote`, any number of times: translation servers, in order.
    var remoteURLs: [URL] = []
}
