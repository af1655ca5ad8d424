import Foundation

/// Whether the network costs the user by the byte, as NetworkManager says: what ML Kit's
/// `allowsCellularAccess: false` refuses on Linux.
///
/// NetworkManager marks a connection metered when the user says so, or guesses it (a phone's
/// hotspot announcing it over DHCP, a mobile broadband modem); `nmcli` reads its state over D-Bus.
/// Without nmcli, or when it does not answer within `timeout`, the state is unknown, which counts
/// as unmetered: a desktop without NetworkManager has no way to tell, and refusing every download
/// there would make `allowsCellularAccess: false` mean "never".
enum NetworkMetering: Equatable, Sendable {
    /// Metered, with the devices that are, for the error text ("wlan0 (guessed)").
    case metered(String)
    case unmetered
    /// Could not be read (why): counted as unmetered.
    case unknown(String)

    var isMetered: Bool {
        if case .metered = self { return true }
        return false
    }

    /// The longest nmcli is waited for.
    static let timeout: Duration = .seconds(3)

    /// Asks NetworkManager through `nmcli` (found on `path`, the engine's PATH).
    static func probe(path: String) -> NetworkMetering {
        guard let nmcli = CommandOutput.executable(named: "nmcli", path: path) else {
            return .unknown("nmcli is not installed")
        }
        let arguments = [nmcli, "--terse", "--fields", "GENERAL.DEVICE,GENERAL.STATE,GENERAL.METERED", "device", "show"]
        guard let output = CommandOutput.run(arguments, environment: ["LC_ALL=C", "PATH=/usr/bin:/bin"], timeout: timeout) else {
            return .unknown("nmcli did not answer")
        }
        return parse(output)
    }

    /// Reads `nmcli --terse --fields GENERAL.DEVICE,GENERAL.STATE,GENERAL.METERED device show`:
    /// one block of `FIELD:value` lines per device. Metered when a connected device (state 100)
    /// says "yes" or "yes (guessed)"; unknown when no device is connected.
    static func parse(_ output: String) -> NetworkMetering {
        var metered: [String] = []
        var connected = 0
        var device = "", state = "", value = ""
        func endDevice() {
            if state.hasPrefix("100") {
                connected += 1
                if value.hasPrefix("yes") { metered.append(value.contains("guessed") ? "\(device) (guessed)" : device) }
            }
            (device, state, value) = ("", "", "")
        }
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else {
                if line.isEmpty { endDevice() }
                continue
            }
            let field = line[..<colon], content = String(line[line.index(after: colon)...])
            switch field {
            case "GENERAL.DEVICE":
                if !device.isEmpty { endDevice() }
                device = content
            case "GENERAL.STATE": state = content
            case "GENERAL.METERED": value = content
            default: continue
            }
        }
        endDevice()
        if !metered.isEmpty { return .metered(metered.joined(separator: ", ")) }
        return connected > 0 ? .unmetered : .unknown("NetworkManager reports no connected device")
    }
}
