import Foundation
import TranslationEngine

/// The consent, progress, error and confirmation dialogs: boxes centred over the screen.
enum DialogViews {
    /// "1.9 MB", "558 kB".
    static func size(_ bytes: Int) -> String {
        bytes < 1_000_000 ? String(format: "%.0f kB", Double(bytes) / 1000) : String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }

    /// Draws a box of wrapped lines and a row of buttons (the first highlighted).
    static func drawBox(title: String, lines: [(String, Style)], buttons: [String], in area: Rect, into buffer: inout ScreenBuffer) {
        let width = min(area.width, 64)
        let inner = max(width - 4, 1)
        var wrapped: [(String, Style)] = []
        for (text, style) in lines {
            if text.isEmpty { wrapped.append(("", style)); continue }
            for line in TerminalText.wrap(TerminalText.sanitize(text), width: inner) { wrapped.append((line, style)) }
        }
        let height = min(area.height, wrapped.count + (buttons.isEmpty ? 2 : 4))
        let box = area.centered(width: width, height: height)
        buffer.fill(box, style: .dialog)
        buffer.drawBox(box, title: title, style: .dialog)
        let body = box.inset(horizontal: 2, vertical: 1)
        guard !body.isEmpty else { return }
        let textRows = buttons.isEmpty ? body.height : max(body.height - 2, 0)
        for (row, line) in wrapped.prefix(textRows).enumerated() {
            _ = buffer.put(line.0, x: body.x, y: body.y + row, style: line.1, maxWidth: body.width)
        }
        guard !buttons.isEmpty, body.height >= 1 else { return }
        var x = body.x
        let y = body.y + body.height - 1
        for (index, button) in buttons.enumerated() {
            x += buffer.put(" \(button) ", x: x, y: y, style: index == 0 ? .button : .dialog, maxWidth: body.x + body.width - x)
            x += 2
        }
    }

    /// What a translation needs: each pack with its engine, size (or "size unknown") and
    /// origin; the other engine's packs when the engine offers a second route (`a`).
    static func drawConsent(_ dialog: ConsentDialogState, in area: Rect, into buffer: inout ScreenBuffer) {
        let request = dialog.request
        if request.packs.isEmpty && request.sendsTexts {
            drawBox(title: "Send texts to a server?", lines: serverLines(request),
                    buttons: [KeyBindings.button("Send", .confirm, in: .consent), KeyBindings.button("Not now", .decline, in: .consent)],
                    in: area, into: &buffer)
            return
        }
        var lines: [(String, Style)] = [("\(request.reason) needs:", .dialogTitle)]
        lines += packLines(request.packs)
        lines.append(("", .dialog))
        var buttons = [KeyBindings.button("Download", .confirm, in: .consent)]
        if request.alternative.isEmpty {
            lines.append(("Total \(totalSize(request.packs))", .dim))
            if request.sendsTexts { lines += [("", .dialog)] + serverLines(request) }
        } else {
            lines.append(("Or instead, with \(request.alternativeEngine.rawValue) (\(totalSize(request.alternative))):", .dialogTitle))
            lines += packLines(request.alternative)
            buttons = [KeyBindings.button(request.engine.rawValue.capitalized, .confirm, in: .consent),
                       KeyBindings.button(request.alternativeEngine.rawValue.capitalized, .chooseAlternative, in: .consent)]
        }
        buttons.append(KeyBindings.button("Not now", .decline, in: .consent))
        drawBox(title: "Download language packs?", lines: lines, buttons: buttons, in: area, into: &buffer)
    }

    /// "Spanish -> English sends texts to:", each server's host:port, and what that means.
    static func serverLines(_ request: ConsentRequest) -> [(String, Style)] {
        [("\(request.reason) sends texts to:", .dialogTitle)] + request.remoteServers.map { ("  \($0)", .dialog) }
            + [("The server sees the texts; nothing is downloaded.", .dim)]
    }

    /// "  German - English (translate-de_en) · neural · 92.4 MB", then where it comes from.
    static func packLines(_ packs: [PackIndex.Entry]) -> [(String, Style)] {
        var lines: [(String, Style)] = []
        for pack in packs {
            lines.append(("  \(pack.title) (\(pack.id)) · \(pack.engine.rawValue) · \(pack.sizeIsKnown ? size(pack.size) : "size unknown")", .dialog))
            let origin = pack.url.host.map { $0.isEmpty ? pack.url.absoluteString : $0 } ?? pack.url.deletingLastPathComponent().path
            let license = pack.license == "unknown" ? "" : " · license \(pack.license)"
            lines.append(("    from \(origin)\(license)" + (pack.hasChecksum ? "" : " · no checksum published"), .dim))
            // The repository that vouches for it, when it is not where the bytes come from.
            if let repository = pack.repository, !repository.isFileURL, repository.host != pack.url.host {
                lines.append(("    listed by \(pack.origin)", .dim))
            }
        }
        return lines
    }

    /// The download size of packs, "size unknown" when any is not known.
    static func totalSize(_ packs: [PackIndex.Entry]) -> String {
        packs.allSatisfy(\.sizeIsKnown) ? size(packs.reduce(0) { $0 + $1.size }) : "size unknown"
    }

    static func drawProgress(_ download: DownloadState?, in area: Rect, into buffer: inout ScreenBuffer) {
        guard let download else { return }
        let done = download.doneBytes
        let total = download.totalBytes
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
        let barWidth = min(area.width, 64) - 4 - 7
        let filled = Int(Double(max(barWidth, 0)) * fraction)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: max(barWidth - filled, 0))
        var figures = "\(size(done)) of \(total > 0 ? size(total) : "?")"
        // While stalled the average speed would only mislead.
        if let speed = download.speed, download.stalledSeconds == nil { figures += " · \(size(Int(speed)))/s" }
        var lines: [(String, Style)] = [
            ("Downloading \(download.packIDs.joined(separator: ", "))", .dialogTitle),
            ("", .dialog),
            (bar + String(format: " %3d%%", Int(fraction * 100)), .accent),
            (figures, .dialog),
        ]
        if let stalled = download.stalledSeconds {
            lines.append(("Stalled: no data from the server for \(stalled) s", .error))
        }
        drawBox(title: "Language packs", lines: lines, buttons: [KeyBindings.button("Hide", .hide, in: .progress), KeyBindings.button("Cancel", .cancelDownload, in: .progress)], in: area, into: &buffer)
    }

    static func drawError(_ error: ErrorDialogState, in area: Rect, into buffer: inout ScreenBuffer) {
        let close = KeyBindings.button("Close", .cancel, in: .errorDialog)
        drawBox(title: error.title, lines: [(error.message, .dialog)],
                buttons: error.canRetry ? [KeyBindings.button("Retry", .retry, in: .errorDialog), close] : [close], in: area, into: &buffer)
    }

    static func drawConfirm(_ confirm: ConfirmState, in area: Rect, into buffer: inout ScreenBuffer) {
        drawBox(title: "Confirm", lines: [(confirm.question, .dialog)], buttons: [KeyBindings.button("Delete", .confirm, in: .confirmDialog), KeyBindings.button("Keep", .decline, in: .confirmDialog)], in: area, into: &buffer)
    }

    /// A one-line summary for the status bar while a hidden download goes on.
    static func statusLine(_ download: DownloadState) -> String {
        let total = download.totalBytes
        let percent = total > 0 ? download.doneBytes * 100 / total : 0
        return "↓ \(download.packIDs.joined(separator: ",")) \(percent)%" + (download.stalledSeconds == nil ? "" : " stalled")
    }
}
