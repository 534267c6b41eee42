import GRDB

enum GRDBHelper {
    static func queue(_ path: String) throws -> DatabaseQueue {
        var config = Configuration()
        config.busyMode = .timeout(10)
        return try DatabaseQueue(path: path, configuration: config)
    }
}
