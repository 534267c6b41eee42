import Foundation
import IntentKit
import ListStore

/// The assistant for the Lists domain in one language: the engine, loaded once, and
/// a way to get a fresh domain snapshot over the store.
public struct Assistant: Sendable {
    public let engine: IntentEngine

    public init(locale: String = "en") throws(LanguageError) {
        let resources = try Self.resourcesDirectory()
        let languageFile = resources.appendingPathComponent(locale).appendingPathComponent("language.yaml")
        let schemaFile = resources.appendingPathComponent("intents.yaml")
        guard let languageText = try? String(contentsOf: languageFile, encoding: .utf8) else {
            let available = Self.locales(in: resources).joined(separator: ", ")
            throw LanguageError(message: "no assistant language “\(locale)” (available: \(available))")
        }
        guard let schemaText = try? String(contentsOf: schemaFile, encoding: .utf8) else {
            throw LanguageError(message: "cannot read \(schemaFile.path)")
        }
        let language = try Language.load(yaml: languageText, file: languageFile.path)
        let schemas = try IntentSchema.load(yaml: schemaText, file: schemaFile.path)
        engine = try IntentEngine(language: language, schemas: schemas)
    }

    /// The languages installed, e.g. ["en"].
    public static func availableLocales() throws(LanguageError) -> [String] {
        locales(in: try resourcesDirectory())
    }

    /// A snapshot of the store's names for one or more turns.
    public func domain(_ store: ListStore) throws -> ListsDomain {
        try ListsDomain(store: store, language: engine.language)
    }

    static func locales(in resources: URL) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: resources.path)) ?? []
        return entries.filter { FileManager.default.fileExists(atPath: resources.appendingPathComponent($0).appendingPathComponent("language.yaml").path) }.sorted()
    }

    /// Where the language files are: `$LISTOMAT_RESOURCES`, the resource bundle beside the
    /// executable (SwiftPM's layout), `../share/listomat` beside it (an install), or the
    /// checkout this was built from.
    static func resourcesDirectory() throws(LanguageError) -> URL {
        var candidates: [URL] = []
        if let explicit = ProcessInfo.processInfo.environment["LISTOMAT_RESOURCES"], !explicit.isEmpty {
            candidates.append(URL(fileURLWithPath: explicit))
        }
        // The executable's real folder (/proc/self/exe on Linux), not argv[0], which is only
        // "listomat" when started through PATH.
        let executable = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? ""))
            .resolvingSymlinksInPath().deletingLastPathComponent()
        candidates.append(executable.appendingPathComponent("ListOMat_ListIntents.resources/Resources"))
        candidates.append(executable.appendingPathComponent("ListOMat_ListIntents.resources"))
        candidates.append(executable.appendingPathComponent("../share/listomat/Resources").standardized)
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources"))
        for candidate in candidates
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("intents.yaml").path) {
            return candidate
        }
        throw LanguageError(message: "the assistant's language files are missing (looked in \(candidates.map(\.path).joined(separator: ", ")))")
    }
}
