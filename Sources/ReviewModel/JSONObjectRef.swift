/// An object node of a `JSONDocument`: where it starts and which members it owns.
struct JSONObjectRef {
    /// Byte offset of the opening brace, where missing fields are reported.
    let offset: Int
    /// Indices into `JSONDocument.members`.
    let members: Range<Int>
}
