import Foundation

/// Posts the download notifications, on the main queue as ML Kit does, with `userInfo` keyed by
/// `ModelDownloadUserInfoKey.rawValue`.
enum ModelDownloadNotification {
    static func postSucceeded(_ model: RemoteModel) {
        MainQueue.async {
            NotificationCenter.default.post(name: .mlkitModelDownloadDidSucceed, object: nil,
                                            userInfo: [ModelDownloadUserInfoKey.remoteModel.rawValue: model])
        }
    }

    static func postFailed(_ model: RemoteModel, error: NSError) {
        MainQueue.async {
            NotificationCenter.default.post(name: .mlkitModelDownloadDidFail, object: nil,
                                            userInfo: [ModelDownloadUserInfoKey.remoteModel.rawValue: model,
                                                       ModelDownloadUserInfoKey.error.rawValue: error])
        }
    }
}
