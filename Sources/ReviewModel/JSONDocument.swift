/// A parsed JSON text whose values all remember the byte offset they start at.
///
/// Containers refer to their children by index into flat arrays instead of holding
/// them, so neither building nor freeing a deeply nested document recurses.
struct JSONDocument: Sendable {
    /// One JSON value and where it starts.
    struct Node: Sendable {
        /// The value; containers point into `elements` or `members`.
        var value: Value
        /// Byte offset of the value's first byte (the quote of a string, the bracket of a container).
        var offset: Int
    }

    /// The content of a node.
    enum Value: Sendable {
        case null
        case bool(Bool)
        /// The literal as written, so integers and decimals can be judged separately.
        case number(String)
        case string(String)
        /// Indices into `elements`, which in turn hold node indices.
        case array(Range<Int>)
        /// Indices into `members`.
        case object(Range<Int>)

        /// The kind of value with an article, for messages such as "found a string".
        var kindDescription: String {
            switch self {
            case .null: "null"
            case .bool: "a boolean"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    /// One key-value pair of an object.
    struct Member: Sendable {
        /// The key, with escapes resolved.
        var key: String
        /// Byte offset of the key's opening quote.
        var keyOffset: Int
        /// Index of the value in `nodes`.
        var node: Int
    }

    /// Every value of the document, children before their container.
    var nodes: [Node]
    /// Node indices of array elements; each array owns one contiguous range.
    var elements: [Int]
    /// Members of objects; each object owns one contiguous range.
    var members: [Member]
    /// Index of the top-level value in `nodes`.
    var root: Int
}
