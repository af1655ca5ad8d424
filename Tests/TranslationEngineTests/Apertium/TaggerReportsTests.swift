import TestSupport
import Testing
@testable import TranslationEngine

/// Reading `apertium-tagger -d`'s reports into words, as the relay charges them to segments.
@Suite(.tags(.fast)) struct TaggerReportsTests {
    static let report = "Error: A new ambiguity class was found. \nRetraining the tagger is necessary so as to take it into account.\n"
        + "Word 'Apenas'.\nNew ambiguity class: {ADV,CNJADV,VLEXPFCI}\n"
    static let warning = "Warning: There is not coarse tag for the fine tag '€<mon>' of '€<mon>'\n"
        + "         This is because of an incomplete tagset definition or a dictionary error\n"
}

extension TaggerReportsTests {
    @Test func aReportReadByteByByteGivesItsWordOnceWhole() {
        var reports = TaggerReports()
        let bytes = Array((Self.warning + Self.report).utf8)
        for (index, byte) in bytes.enumerated() {
            reports.append([byte][...])
            // Unsettled from the phrase on; the word only once its line is complete.
            if index < bytes.count - 1, reports.firstWord != nil { #expect(reports.firstWord == Array("Apenas".utf8)) }
        }
        #expect(reports.hasUnsettled && reports.firstWord == Array("Apenas".utf8))
        reports.forget()
        #expect(!reports.hasUnsettled)
    }

    @Test func aWarningAloneIsNoReport() {
        var reports = TaggerReports()
        reports.append(Array(Self.warning.utf8)[...])
        #expect(!reports.hasUnsettled)
    }

    @Test func aReportWithoutItsWordLineOrWithSyntaxInItHasNoWord() {
        var reports = TaggerReports()
        reports.append(Array(("Error: A new ambiguity class was found. \n" + Self.report).utf8)[...])
        // The first report's word never came (another began): unknown, charged to the segment read.
        #expect(reports.hasUnsettled && reports.firstWord == nil)
        var escaped = TaggerReports()
        escaped.append(Array(Self.report.replacingOccurrences(of: "Apenas", with: "a/b").utf8)[...])
        #expect(escaped.hasUnsettled && escaped.firstWord == nil)
    }

    @Test func aSegmentHoldsAWordOnlyAsASurfaceForm() {
        let segment = Array("^Apenas/Apenas<adv>/Apenar<vblex>$ ^llegamos/llegar<vblex>$^./.<sent>$[12345]".utf8)
        #expect(TaggerReports.segment(segment, holds: Array("Apenas".utf8)))
        #expect(!TaggerReports.segment(segment, holds: Array("Apenar".utf8)))
        #expect(!TaggerReports.segment(segment, holds: Array("pena".utf8)))
    }
}

/// `TaggerReset`'s marker: the reports before it are settled, the ones after it are not.
extension TaggerReportsTests {
    static let marker = String(decoding: TaggerReset.marker, as: UTF8.self)

    @Test func theResetMarkerSettlesEveryReportBeforeItReadByteByByte() {
        var reports = TaggerReports()
        for byte in Array((Self.report + Self.warning + Self.report + Self.marker).utf8) {
            reports.append([byte][...])
        }
        #expect(!reports.hasUnsettled)
        #expect(reports.resets == 1)
    }

    @Test func aReportAfterTheMarkerStaysUnsettled() {
        var reports = TaggerReports()
        let later = Self.report.replacingOccurrences(of: "Apenas", with: "poco")
        reports.append(Array((Self.report + Self.marker + later).utf8)[...])
        #expect(reports.hasUnsettled && reports.firstWord == Array("poco".utf8))
        #expect(reports.resets == 1)
        // A marker in the middle of a report (a torn write): that report has no word, and the marker settles it.
        var torn = TaggerReports()
        torn.append(Array(("Error: A new ambiguity class was found. \n" + Self.marker).utf8)[...])
        #expect(!torn.hasUnsettled && torn.resets == 1)
    }

    @Test func aMarkerAloneSettlesNothingAndIsCounted() {
        var reports = TaggerReports()
        reports.append(Array((Self.marker + Self.marker).utf8)[...])
        #expect(!reports.hasUnsettled && reports.resets == 2)
    }
}
