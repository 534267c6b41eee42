import Foundation
import IntentKit

// The interface's words (the terminal UI's, and the commands'), beside the assistant's in
// `Resources/<locale>/interface.yaml`.

extension MessageCatalog {
    /// The catalog file's name in a language's folder.
    package static let interfaceFileName = "interface.yaml"

    /// The interface's words in `locale`, English for each key it lacks. Read once per process
    /// and language. A language whose file is missing or cannot be read speaks English; with no
    /// English file either (no resources at all), every text is its key.
    package static func interface(_ locale: String) -> MessageCatalog {
        InterfaceCache.shared.catalog(locale)
    }

    /// `interface(locale)` for a process that shows one text of it and ends (`ask`'s heading
    /// of a list): the key's line of the language's file (English's when it lacks the key), not
    /// the whole catalog, which was about 7% of a single `ask`. The same text as
    /// `interface(locale)(key, …)` for every well-formed file (one `key: "text"` a line, the
    /// catalog test checks them); the whole catalog when it was already read.
    package static func interface(_ locale: String, only key: String) -> MessageCatalog {
        InterfaceCache.shared.read(locale) ?? interfaceLine(locale, key: key)
    }

    /// `interface(locale, only: key)` from the files alone, whatever catalogs were read before.
    package static func interfaceLine(_ locale: String, key: String) -> MessageCatalog {
        let english: @Sendable () -> [String: String] = { (try? interfaceText(key, in: "en")) ?? [:] }
        guard let texts = try? interfaceText(key, in: locale) else {
            // No file for the language (or one that cannot be read): English.
            return locale == "en" ? MessageCatalog(locale: "en", texts: [:]) : MessageCatalog(locale: "en", texts: [:], fallback: english)
        }
        return locale == "en" ? MessageCatalog(locale: "en", texts: texts) : MessageCatalog(locale: locale, texts: texts, fallback: english)
    }

    /// The line of `key` in a language's file, read as the catalog reads it: [key: text], or
    /// [:] when the file has no such line; throws when the file cannot be read or that line
    /// is broken.
    private static func interfaceText(_ key: String, in locale: String) throws -> [String: String] {
        let file = try Assistant.resourcesDirectory().appendingPathComponent(locale).appendingPathComponent(interfaceFileName)
        let data = try Data(contentsOf: file)
        let wanted = Array((key + ":").utf8)
        return try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) throws -> [String: String] in
            var start = 0
            // A byte order mark before the first key, as `parse` skips it.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                if end - start >= wanted.count, memcmp(bytes.baseAddress! + start, wanted, wanted.count) == 0 {
                    return try parse(String(decoding: bytes[start..<end], as: UTF8.self), file: "\(locale)/\(interfaceFileName)")
                }
                start = end + 1
            }
            return [:]
        }
    }

    /// A language's texts as its file says them (for the catalog test and `interface`).
    package static func interfaceTexts(_ locale: String, resources: URL? = nil) throws -> [String: String] {
        let folder = try resources ?? Assistant.resourcesDirectory()
        let file = folder.appendingPathComponent(locale).appendingPathComponent(interfaceFileName)
        let text = try String(contentsOf: file, encoding: .utf8)
        return try parse(text, file: "\(locale)/\(interfaceFileName)")
    }
}

/// The catalogs read so far, by language.
private final class InterfaceCache: @unchecked Sendable {
    static let shared = InterfaceCache()
    private let lock = NSLock()
    private var catalogs: [String: MessageCatalog] = [:]

    /// The catalog of `locale` if it was read already, else nil.
    func read(_ locale: String) -> MessageCatalog? {
        lock.lock()
        defer { lock.unlock() }
        return catalogs[locale]
    }

    func catalog(_ locale: String) -> MessageCatalog {
        lock.lock()
        defer { lock.unlock() }
        if let known = catalogs[locale] { return known }
        let texts = (try? MessageCatalog.interfaceTexts(locale)) ?? [:]
        let catalog: MessageCatalog
        if locale == "en" {
            catalog = MessageCatalog(locale: "en", texts: texts)
        } else if texts.isEmpty {
            // No catalog for the language (or one that cannot be read): English.
            catalog = MessageCatalog(locale: "en", texts: [:], fallback: { InterfaceCache.shared.catalog("en").texts })
        } else {
            catalog = MessageCatalog(locale: locale, texts: texts, fallback: { InterfaceCache.shared.catalog("en").texts })
        }
        catalogs[locale] = catalog
        return catalog
    }
}
