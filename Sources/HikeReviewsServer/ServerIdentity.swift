/// The program's name and version, as `hike-reviews --version` prints them and `GET /` answers.
public enum ServerIdentity {
    public static let name = "hike-reviews"
    public static let version = "0.1.0"
}
