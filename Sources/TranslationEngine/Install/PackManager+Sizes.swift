import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension PackManager {
    /// The entries with the sizes their repository did not give filled in where the server says
    /// them: Content-Length of a HEAD request (http, https; at most `timeout`, redirects only
    /// within their scheme, never when offline) or the file's size (file:). Entries whose size
    /// stays unknown are returned as they were, so a consent text can say "size unknown".
    ///
    /// The size shown is then the size enforced: the sizes learnt are kept in the manager's index,
    /// so `download(_:)` of those ids must receive exactly that many bytes. Packs of a repository
    /// that did not answer at the last fetch are not asked about (they cannot be fetched now).
    public func withSizes(_ entries: [PackIndex.Entry], timeout: Duration = .seconds(5)) async -> [PackIndex.Entry] {
        var result: [PackIndex.Entry] = []
        let down = Set(unreachable(entries).map(\.id))
        for var entry in entries {
            if !entry.sizeIsKnown, !down.contains(entry.id), let size = await Self.probeSize(entry.url, offline: offline, timeout: timeout),
               size > 0, size <= Int(store.maxUnpackedBytes) {
                entry.size = size
                learnSize(of: entry)
            }
            result.append(entry)
        }
        return result
    }

    /// The size of what `url` names, without fetching it; nil when nobody says.
    static func probeSize(_ url: URL, offline: Bool, timeout: Duration) async -> Int? {
        switch url.scheme?.lowercased() {
        case "file":
            var status = stat()
            guard stat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            return Int(status.st_size)
        case "http", "https":
            guard !offline else { return nil }
            return await SizeProbe(url: url, timeout: timeout).run()
        default:
            return nil
        }
    }
}

/// One HEAD request, its redirects held to their scheme like a download's.
private final class SizeProbe: NSObject, URLSessionTaskDelegate, Sendable {
    let url: URL
    let timeout: Duration

    init(url: URL, timeout: Duration) {
        self.url = url
        self.timeout = timeout
    }

    func run() async -> Int? {
        let seconds = timeout / .seconds(1)
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: seconds)
        request.httpMethod = "HEAD"
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForResource = seconds
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        guard let (_, response) = try? await session.data(for: request), let http = response as? HTTPURLResponse,
              http.statusCode == 200, http.expectedContentLength > 0 else { return nil }
        return Int(http.expectedContentLength)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(request.url.map { PackDownloader.allowsRedirect(from: url, to: $0) } == true ? request : nil)
    }
}
