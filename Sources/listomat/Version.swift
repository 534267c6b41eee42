/// The version of ListOMat: the one place it is written. `listomat --version` prints it and
/// `listomat --help` shows it; change it here when releasing.
enum ListOMatVersion {
    static let current = "0.1.0"
}
