import Foundation

/// Where the data lives: `--data-dir` > `LISTOMAT_HOME` > `$XDG_DATA_HOME/listomat` >
/// `~/.local/share/listomat`.
public struct StoreLocation: Sendable, Equatable {
    public var directory: String

    public static let databaseFileName = "listomat.sqlite"
    public static let lockFileName = "listomat.lock"

    public init(directory: String) {
        self.directory = directory
    }

    public var databasePath: String { (directory as NSString).appendingPathComponent(Self.databaseFileName) }
    public var lockPath: String { (directory as NSString).appendingPathComponent(Self.lockFileName) }

    /// Resolves the data directory from an explicit option and the environment.
    public static func resolve(
        dataDir: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> StoreLocation {
        func nonEmpty(_ s: String?) -> String? { s.flatMap { $0.isEmpty ? nil : $0 } }
        if let dir = nonEmpty(dataDir) { return StoreLocation(directory: expand(dir, environment)) }
        if let dir = nonEmpty(environment["LISTOMAT_HOME"]) { return StoreLocation(directory: expand(dir, environment)) }
        if let xdg = nonEmpty(environment["XDG_DATA_HOME"]), xdg.hasPrefix("/") {
            // The XDG spec says relative values are invalid and must be ignored.
            return StoreLocation(directory: (xdg as NSString).appendingPathComponent("listomat"))
        }
        let home = nonEmpty(environment["HOME"]) ?? NSHomeDirectory()
        return StoreLocation(directory: (home as NSString).appendingPathComponent(".local/share/listomat"))
    }

    private static func expand(_ path: String, _ environment: [String: String]) -> String {
        if path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty {
            return home + path.dropFirst()
        }
        return path
    }
}
