/// When a model may be downloaded.
///
/// `allowsCellularAccess: false` refuses a download over a metered network: on Linux the one
/// NetworkManager marks metered (a phone's hotspot, a mobile broadband modem, or a connection the
/// user marked), read with `nmcli` where it can be; without NetworkManager the network counts as
/// unmetered. Packs read from a `file:` repository use no network and are never refused.
/// `allowsBackgroundDownloading` changes nothing here: a Linux process is not suspended, so a
/// download runs as long as the process does.
public final class ModelDownloadConditions: Sendable {
    /// Whether a download may use a metered network. ML Kit's default: true.
    public let allowsCellularAccess: Bool
    /// Whether a download may go on while the app is in the background. ML Kit's default: false.
    public let allowsBackgroundDownloading: Bool

    public init(allowsCellularAccess: Bool, allowsBackgroundDownloading: Bool) {
        self.allowsCellularAccess = allowsCellularAccess
        self.allowsBackgroundDownloading = allowsBackgroundDownloading
    }

    /// ML Kit's defaults: metered networks allowed, background downloading not.
    public convenience init() {
        self.init(allowsCellularAccess: true, allowsBackgroundDownloading: false)
    }
}
