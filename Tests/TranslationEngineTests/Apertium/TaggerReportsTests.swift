import Testing
@testable import TranslationEngine

/// Reading `apertium-tagger -d`'s reports into words, as the relay charges them to segments.
@Suite struct TaggerReportsTests {
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
