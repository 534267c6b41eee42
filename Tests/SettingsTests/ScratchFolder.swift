import Foundation

/// A new, empty folder for the files one test writes; `remove()` deletes it with them.
struct ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("settings-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `relative` inside the folder.
    func at(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    /// Writes `text` to `relative`, making the folders on the way.
    func write(_ relative: String, _ text: String) throws {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
