/// Parses UTF-8 JSON (RFC 8259) into a `JSONDocument`, without recursion.
///
/// Open containers live on an explicit stack, so a 10,000-deep `[[[[` costs a
/// bounded error, never a stack overflow; `maxDepth` bounds that stack.
struct JSONParser {
    /// A container whose closing bracket has not been read yet.
    struct OpenContainer {
        let isObject: Bool
        let offset: Int
        /// Where this container's children start in `pendingElements` or `pendingMembers`.
        let pendingStart: Int
        /// Key of the member whose value is being parsed, for objects.
        var key = ""
        var keyOffset = 0

        var closer: UInt8 { isObject ? UInt8(ascii: "}") : UInt8(ascii: "]") }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var position = 0
    var nodes: [JSONDocument.Node] = []
    var elements: [Int] = []
    var members: [JSONDocument.Member] = []
    // Children wait here until their container closes, so that each container's
    // children land contiguously in `elements` or `members`.
    var pendingElements: [Int] = []
    var pendingMembers: [JSONDocument.Member] = []
    var open: [OpenContainer] = []
    /// Reused buffer for strings that contain escapes.
    var scratch: [UInt8] = []

    /// Parses `bytes` as one JSON value surrounded by optional whitespace.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) throws(SourceIssue) -> JSONDocument {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        return try parser.parseDocument()
    }

    /// 3 when `bytes` starts with a UTF-8 byte order mark, which RFC 8259 lets parsers skip; otherwise 0.
    static func byteOrderMarkLength(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF else { return 0 }
        return 3
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private mutating func parseDocument() throws(SourceIssue) -> JSONDocument {
        position = Self.byteOrderMarkLength(in: bytes)
        while true {
            // Read one value; containers are opened here and finished below.
            var completed: Int
            skipWhitespace()
            guard position < bytes.count else { throw unexpected(at: position, expecting: "a JSON value") }
            let start = position
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard open.count < maxDepth else {
                    throw SourceIssue(offset: start, message: "nesting is deeper than the limit of \(maxDepth) levels")
                }
                let isObject = bytes[position] == UInt8(ascii: "{")
                let container = OpenContainer(
                    isObject: isObject,
                    offset: start,
                    pendingStart: isObject ? pendingMembers.count : pendingElements.count
                )
                open.append(container)
                position += 1
                skipWhitespace()
                guard position < bytes.count, bytes[position] == container.closer else {
                    if isObject { try readKey() }
                    continue
                }
                position += 1
                completed = closeContainer()
            case UInt8(ascii: "\""):
                let text = try readString()
                completed = append(.string(text), at: start)
            case UInt8(ascii: "t"):
                try readLiteral(Self.trueLiteral, named: "true")
                completed = append(.bool(true), at: start)
            case UInt8(ascii: "f"):
                try readLiteral(Self.falseLiteral, named: "false")
                completed = append(.bool(false), at: start)
            case UInt8(ascii: "n"):
                try readLiteral(Self.nullLiteral, named: "null")
                completed = append(.null, at: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let literal = try readNumber()
                completed = append(.number(literal), at: start)
            default:
                throw unexpected(at: position, expecting: "a JSON value")
            }

            // Hand the finished value to its container, closing as many containers as end here.
            while true {
                guard let top = open.last else {
                    skipWhitespace()
                    guard position == bytes.count else {
                        throw unexpected(at: position, expecting: nil, context: "after the top-level value")
                    }
                    return JSONDocument(nodes: nodes, elements: elements, members: members, root: completed)
                }
                if top.isObject {
                    pendingMembers.append(JSONDocument.Member(key: top.key, keyOffset: top.keyOffset, node: completed))
                } else {
                    pendingElements.append(completed)
                }
                skipWhitespace()
                let closerText = top.isObject ? "\"}\"" : "\"]\""
                guard position < bytes.count else { throw unexpected(at: position, expecting: "\",\" or \(closerText)") }
                if bytes[position] == UInt8(ascii: ",") {
                    let comma = position
                    position += 1
                    skipWhitespace()
                    if position < bytes.count, bytes[position] == top.closer {
                        throw SourceIssue(offset: comma, message: "trailing comma before \(closerText)")
                    }
                    if top.isObject { try readKey() }
                    break
                }
                guard bytes[position] == top.closer else {
                    throw unexpected(at: position, expecting: "\",\" or \(closerText)")
                }
                position += 1
                completed = closeContainer()
            }
        }
    }

    /// Reads `"key":` and stores the key on the innermost open object.
    private mutating func readKey() throws(SourceIssue) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw unexpected(at: position, expecting: "a string key")
        }
        let keyOffset = position
        let key = try readString()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw unexpected(at: position, expecting: "\":\" after the key")
        }
        position += 1
        open[open.count - 1].key = key
        open[open.count - 1].keyOffset = keyOffset
    }

    /// Moves the innermost container's children to their final place and records the container as a node.
    private mutating func closeContainer() -> Int {
        let container = open.removeLast()
        let value: JSONDocument.Value
        if container.isObject {
            let first = members.count
            members.append(contentsOf: pendingMembers[container.pendingStart...])
            pendingMembers.removeSubrange(container.pendingStart...)
            value = .object(first..<members.count)
        } else {
            let first = elements.count
            elements.append(contentsOf: pendingElements[container.pendingStart...])
            pendingElements.removeSubrange(container.pendingStart...)
            value = .array(first..<elements.count)
        }
        return append(value, at: container.offset)
    }

    private mutating func append(_ value: JSONDocument.Value, at offset: Int) -> Int {
        nodes.append(JSONDocument.Node(value: value, offset: offset))
        return nodes.count - 1
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                position += 1
            default:
                return
            }
        }
    }

    private static let trueLiteral = Array("true".utf8)
    private static let falseLiteral = Array("false".utf8)
    private static let nullLiteral = Array("null".utf8)

    private mutating func readLiteral(_ literal: [UInt8], named name: String) throws(SourceIssue) {
        guard bytes.count - position >= literal.count,
              literal.indices.allSatisfy({ bytes[position + $0] == literal[$0] })
        else {
            throw SourceIssue(offset: position, message: "invalid literal; expected \(name)")
        }
        position += literal.count
    }
}
