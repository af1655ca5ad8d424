extension CatalogDecoder {
    /// The node at `index` as an object, or an error naming what was found instead.
    func object(_ index: Int, field: String?, context: DecodingContext) throws(SourceIssue) -> JSONObjectRef {
        let node = document.nodes[index]
        guard case .object(let members) = node.value else {
            throw mistyped(node, field: field ?? (context.routeNumber == nil ? "top level" : nil), expected: "an object", context: context)
        }
        return JSONObjectRef(offset: node.offset, members: members)
    }

    /// The node indices of the elements of the array at `index`.
    func array(_ index: Int, field: String, context: DecodingContext) throws(SourceIssue) -> ArraySlice<Int> {
        let node = document.nodes[index]
        guard case .array(let elements) = node.value else {
            throw mistyped(node, field: field, expected: "an array", context: context)
        }
        return document.elements[elements]
    }

    /// The value node of `name`, reported as missing at the object's opening brace.
    func requiredField(_ name: String, in object: JSONObjectRef, context: DecodingContext) throws(SourceIssue) -> Int {
        guard let found = try optionalField(name, in: object, context: context) else {
            throw SourceIssue(offset: object.offset, message: context.message(field: nil, "missing field \"\(name)\""))
        }
        return found
    }

    /// The value node of `name`, or nil when the object has no such field.
    func optionalField(_ name: String, in object: JSONObjectRef, context: DecodingContext) throws(SourceIssue) -> Int? {
        // JSON allows a key twice, but one of the two values would be silently lost.
        var found: Int?
        for memberIndex in object.members {
            let member = document.members[memberIndex]
            guard member.key == name else { continue }
            guard found == nil else {
                throw SourceIssue(offset: member.keyOffset, message: context.message(field: nil, "duplicate field \"\(name)\""))
            }
            found = member.node
        }
        return found
    }

    /// A required string field.
    func string(_ name: String, in object: JSONObjectRef, context: DecodingContext) throws(SourceIssue) -> String {
        try stringWithOffset(name, in: object, context: context).value
    }

    /// A required, non-empty `id` field and the offset of its value.
    func identifier(in object: JSONObjectRef, context: DecodingContext) throws(SourceIssue) -> (String, Int) {
        let (id, offset) = try stringWithOffset("id", in: object, context: context)
        guard !id.isEmpty else {
            throw SourceIssue(offset: offset, message: context.message(field: "id", "must not be empty"))
        }
        return (id, offset)
    }

    /// A required number field that may not be negative.
    func nonNegativeDouble(_ name: String, in object: JSONObjectRef, context: DecodingContext) throws(SourceIssue) -> Double {
        let node = document.nodes[try requiredField(name, in: object, context: context)]
        guard case .number(let literal) = node.value else {
            throw mistyped(node, field: name, expected: "a number", context: context)
        }
        guard let value = Double(literal), value.isFinite else {
            throw SourceIssue(offset: node.offset, message: context.message(field: name, "\(Self.shown(literal)) is out of range"))
        }
        guard value >= 0 else {
            throw SourceIssue(offset: node.offset, message: context.message(field: name, "must not be negative, found \(Self.shown(literal))"))
        }
        return value
    }

    /// A required integer field that may not be negative.
    func nonNegativeInteger(_ name: String, in object: JSONObjectRef, context: DecodingContext) throws(SourceIssue) -> Int {
        let (value, offset) = try integer(name, in: object, context: context)
        guard value >= 0 else {
            throw SourceIssue(offset: offset, message: context.message(field: name, "must not be negative, found \(value)"))
        }
        return value
    }

    /// A required star rating from 1 to 5.
    func rating(_ name: String, in object: JSONObjectRef, context: DecodingContext) throws(SourceIssue) -> Int {
        let (value, offset) = try integer(name, in: object, context: context)
        guard (1...5).contains(value) else {
            throw SourceIssue(offset: offset, message: context.message(field: name, "must be from 1 to 5, found \(value)"))
        }
        return value
    }

    /// A required `YYYY-MM-DD` date that exists in the Gregorian calendar.
    func calendarDate(_ name: String, in object: JSONObjectRef, context: DecodingContext) throws(SourceIssue) -> String {
        let (text, offset) = try stringWithOffset(name, in: object, context: context)
        switch CalendarDay(text) {
        case .valid:
            return text
        case .malformed:
            throw SourceIssue(
                offset: offset,
                message: context.message(field: name, "expected a date as YYYY-MM-DD, found \(DiagnosticText.quoted(text))")
            )
        case .nonexistent:
            throw SourceIssue(offset: offset, message: context.message(field: name, "\(DiagnosticText.quoted(text)) is not a calendar date"))
        }
    }

    /// A required integer and the offset of its value.
    ///
    /// A number written with a fraction or exponent is accepted when its value is
    /// whole (`850.0`, `8.5e2`), because JSON has a single number type and many
    /// writers emit every number as a decimal; `850.5` is refused.
    private func integer(_ name: String, in object: JSONObjectRef, context: DecodingContext) throws(SourceIssue) -> (Int, Int) {
        let node = document.nodes[try requiredField(name, in: object, context: context)]
        guard case .number(let literal) = node.value else {
            throw mistyped(node, field: name, expected: "an integer", context: context)
        }
        if let value = Int(literal) {
            return (value, node.offset)
        }
        guard let value = Double(literal), value.isFinite, value.rounded(.towardZero) == value else {
            throw SourceIssue(offset: node.offset, message: context.message(field: name, "expected an integer, found \(Self.shown(literal))"))
        }
        guard let exact = Int(exactly: value) else {
            throw SourceIssue(offset: node.offset, message: context.message(field: name, "\(Self.shown(literal)) is out of range"))
        }
        return (exact, node.offset)
    }

    private func stringWithOffset(_ name: String, in object: JSONObjectRef, context: DecodingContext) throws(SourceIssue) -> (value: String, offset: Int) {
        try stringValue(requiredField(name, in: object, context: context), field: name, context: context)
    }

    /// The node at `index` as a string and its offset, or an error naming what was found instead.
    func stringValue(_ index: Int, field: String, context: DecodingContext) throws(SourceIssue) -> (value: String, offset: Int) {
        let node = document.nodes[index]
        guard case .string(let value) = node.value else {
            throw mistyped(node, field: field, expected: "a string", context: context)
        }
        return (value, node.offset)
    }

    private func mistyped(_ node: JSONDocument.Node, field: String?, expected: String, context: DecodingContext) -> SourceIssue {
        SourceIssue(
            offset: node.offset,
            message: context.message(field: field, "expected \(expected), found \(node.value.kindDescription)")
        )
    }

    /// A number literal for a message; it is plain ASCII already, but may be very long.
    private static func shown(_ literal: String) -> String {
        DiagnosticText.excerpt(literal)
    }
}
