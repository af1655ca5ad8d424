/// A model kept on a server and downloaded to disk: the base class of `TranslateRemoteModel`,
/// as in ML Kit, so `ModelManager` takes any model and notifications carry one.
///
/// Two models are equal when they are of the same class and have the same name.
///
/// `@unchecked Sendable` because a class that can have subclasses cannot be checked: it is
/// sound since the class is `public`, not `open` (only this module subclasses it), and it and
/// its one subclass hold constants alone.
public class RemoteModel: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The model's name: "translate-de" for German's translation model.
    public let name: String

    init(name: String) {
        self.name = name
    }

    public var description: String {
        "the model \(name)"
    }

    public static func == (left: RemoteModel, right: RemoteModel) -> Bool {
        type(of: left) == type(of: right) && left.name == right.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }
}
