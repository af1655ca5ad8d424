/// Checks `YYYY-MM-DD` dates without `DateFormatter`, which is lenient, locale-bound and slow for many reviews.
enum CalendarDay {
    /// A well-formed date that exists.
    case valid
    /// Text that is not `YYYY-MM-DD`.
    case malformed
    /// Well-formed but impossible, such as `2023-02-29` or month 13.
    case nonexistent

    /// Classifies `text`; years 0001 to 9999 of the proleptic Gregorian calendar are accepted.
    init(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = Self.number(bytes[0..<4]),
              let month = Self.number(bytes[5..<7]),
              let day = Self.number(bytes[8..<10])
        else {
            self = .malformed
            return
        }
        guard year >= 1, (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else {
            self = .nonexistent
            return
        }
        self = .valid
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return isLeap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }
}
