extension CatalogDecoder {
    /// A route's optional `places`: objects with a non-empty `name`, an optional `kind` and an
    /// optional `names` object (language -> that language's non-empty name for the place).
    func places(in route: JSONObjectRef, context: DecodingContext) throws(SourceIssue) -> [Place] {
        guard let node = try optionalField("places", in: route, context: context) else { return [] }
        var places: [Place] = []
        for (index, element) in try array(node, field: "places", context: context).enumerated() {
            let label = "places: place \(index + 1)"
            let fields = try object(element, field: label, context: context)
            guard let nameNode = try optionalField("name", in: fields, context: context) else {
                throw SourceIssue(offset: fields.offset, message: context.message(field: label, "missing field \"name\""))
            }
            let name = try nonEmptyString(nameNode, field: "\(label): name", context: context)
            var place = Place(name: name)
            if let kind = try optionalField("kind", in: fields, context: context) {
                place.kind = try stringValue(kind, field: "\(label): kind", context: context).value
            }
            if let names = try optionalField("names", in: fields, context: context) {
                let members = try object(names, field: "\(label): names", context: context).members
                for member in members.map({ document.members[$0] }) {
                    let field = "\(label): names: \(DiagnosticText.quoted(member.key))"
                    guard !member.key.isEmpty else {
                        throw SourceIssue(offset: member.keyOffset, message: context.message(field: "\(label): names", "a language must not be empty"))
                    }
                    guard place.names[member.key] == nil else {
                        throw SourceIssue(offset: member.keyOffset, message: context.message(field: field, "duplicate language"))
                    }
                    place.names[member.key] = try nonEmptyString(member.node, field: field, context: context)
                }
            }
            places.append(place)
        }
        return places
    }

    private func nonEmptyString(_ index: Int, field: String, context: DecodingContext) throws(SourceIssue) -> String {
        let (value, offset) = try stringValue(index, field: field, context: context)
        guard !value.isEmpty else {
            throw SourceIssue(offset: offset, message: context.message(field: field, "must not be empty"))
        }
        return value
    }
}
