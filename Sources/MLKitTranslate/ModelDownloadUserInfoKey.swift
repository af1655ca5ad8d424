import Foundation

/// A key of a download notification's `userInfo`, which is keyed by the key's `rawValue`.
public struct ModelDownloadUserInfoKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The `RemoteModel` the notification is about: a `TranslateRemoteModel` unless a model of
    /// another kind was passed to `download(_:conditions:)`.
    public static let remoteModel = ModelDownloadUserInfoKey(rawValue: "MLKModelDownloadUserInfoKeyRemoteModel")
    /// Why the download failed (an `NSError`); absent when it succeeded.
    public static let error = ModelDownloadUserInfoKey(rawValue: "MLKModelDownloadUserInfoKeyError")
}

extension Notification.Name {
    /// Posted on the main queue when a model is on disk after a download (or was already).
    public static let mlkitModelDownloadDidSucceed = Notification.Name("MLKModelDownloadDidSucceedNotification")
    /// Posted on the main queue when a model's download failed.
    public static let mlkitModelDownloadDidFail = Notification.Name("MLKModelDownloadDidFailNotification")
}
