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
