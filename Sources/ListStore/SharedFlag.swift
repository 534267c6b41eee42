import Foundation

/// A flag one process sets and its store reads, from any thread.
final class SharedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false

    var value: Bool { lock.withLock { flag } }

    func set(_ value: Bool) { lock.withLock { flag = value } }
}
