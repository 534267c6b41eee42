import Foundation
import IntentKit
import ListStore

/// The assistant for the Lists domain in one language: the engine, loaded once, and
/// a way to get a fresh domain snapshot over the store.
///
/// The intents come from the shared schema file (`Resources/intents.yaml`) and the
/// language's file (`Resources/<locale>/language.yaml`), then every definition file in
/// `Resources/intents/` (built-in intents defined as data), then the person's own intents,
/// `*.yaml` in `userIntentsDirectory`, in file-name order. A broken file of the app's own is
/// an error (the installation is broken); a broken file of the person's is skipped, with a
/// warning naming the file, the line and the problem, and everything else still loads.
public struct Assistant: Sendable {
    public let engine: IntentEngine
    /// Each person's intent file that was skipped, and why: "path:line: problem". For the
    /// person to see (the CLI prints them to stderr as `listomat: <warning>`).
    public let warnings: [String]
    /// The custom intents (sequences of steps) loaded, by name.
    package let sequences: [String: IntentDefinition]
    /// The list meant when a request names none and there are several (`default_list` in
    /// config.toml); nil: ask.
    public var defaultList: String?
    /// Where the store's list names, folded, are kept between runs (`NameCache`): only for a
    /// process that ends soon (`MatcherCache.readsInPlace`, a single `listomat ask`), which
    /// would otherwise fold every name again for one request; nil for the others (the TUI, the
    /// MCP server, tests), which build the names' matcher once per change and keep it.
    public let nameCache: NameCache?

    /// `userIntentsDirectory`: where the person's own intents are (nil: none; tests pass
    /// their own folder). A folder that does not exist holds no intents.
    /// `resources`: the folder of the language files (nil: found as `resourcesDirectory()` says).
    /// `matcherCache`: where the compiled sentence matchers, and the catalog read from the YAML
    /// files, are kept between runs (nil: none, everything read and compiled each time; the app
    /// passes `Assistant.matcherCache()`, tests a folder of their own).
    public init(
        locale: String = "en", userIntentsDirectory: URL? = Assistant.userIntentsDirectory(), resources folder: URL? = nil,
        matcherCache: MatcherCache? = nil
    ) throws(LanguageError) {
        let resources: URL
        if let given = folder { resources = given } else { resources = try Self.resourcesDirectory() }
        let files = try IntentFiles(locale: locale, resources: resources, userIntentsDirectory: userIntentsDirectory)
        var warnings: [String] = []
        let loadClassifier = Self.classifierLoader(
            resources.appendingPathComponent(locale).appendingPathComponent(Self.classifierFileName), warnings: &warnings)
        let models = Models(
            classifier: loadClassifier, tagger: Self.taggerLoader(resources.appendingPathComponent(locale).appendingPathComponent(Self.taggerFileName)))
        let key = matcherCache?.catalogKey(locale: locale, files: files.all)
        let loaded: Loaded
        if let cached = Self.cachedEngine(locale: locale, key: key, models: models, matcherCache: matcherCache) {
            loaded = cached
        } else {
            loaded = try Self.buildEngine(files, locale: locale, key: key, models: models, matcherCache: matcherCache)
        }
        engine = loaded.engine
        sequences = loaded.sequences
        nameCache = matcherCache.flatMap { cache in cache.readsInPlace ? key.flatMap { cache.names(locale: locale, catalogKey: $0) } : nil }
        self.warnings = warnings + loaded.warnings
    }

    /// The text of every file the intents come from, read once: the language's file, the
    /// shared schema file, the built-in definitions, and the person's own.
    private struct IntentFiles {
        var language: (path: String, text: String)
        var schema: (path: String, text: String)
        var builtIn: [(path: String, text: String)] = []
        /// The person's own files: nil for one that cannot be read (skipped, with a warning).
        var user: [(path: String, text: String?)]

        /// An app's file that cannot be read is an error; a person's is only skipped.
        init(locale: String, resources: URL, userIntentsDirectory: URL?) throws(LanguageError) {
            let languageFile = resources.appendingPathComponent(locale).appendingPathComponent("language.yaml")
            let schemaFile = resources.appendingPathComponent("intents.yaml")
            guard let languageText = try? String(contentsOf: languageFile, encoding: .utf8) else {
                let available = Assistant.locales(in: resources).joined(separator: ", ")
                throw LanguageError(message: "no assistant language “\(locale)” (available: \(available))")
            }
            guard let schemaText = try? String(contentsOf: schemaFile, encoding: .utf8) else {
                throw LanguageError(message: "cannot read \(schemaFile.path)")
            }
            language = (languageFile.path, languageText)
            schema = (schemaFile.path, schemaText)
            for file in Assistant.definitionFiles(in: resources.appendingPathComponent("intents")) {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else {
                    throw LanguageError(message: "cannot read \(file.path)")
                }
                builtIn.append((file.path, text))
            }
            user = (userIntentsDirectory.map(Assistant.definitionFiles) ?? []).map { file in
                (path: file.path, text: try? String(contentsOf: file, encoding: .utf8))
            }
        }

        /// Every file and its text, in the order read: what the cached catalog is keyed on.
        var all: [(path: String, text: String?)] {
            [(language.path, language.text), (schema.path, schema.text)] + builtIn.map { ($0.path, $0.text) } + user
        }
    }

    /// The engine, the custom intents and the warnings of the person's files that loading gave.
    private typealias Loaded = (engine: IntentEngine, sequences: [String: IntentDefinition], warnings: [String])

    /// How to read the statistical fallback when a request first needs it (nil: none). It is
    /// optional, and a damaged model is only a warning. Its file is checked at start (its
    /// header, and its length against the header's); it is read and its weights parsed the
    /// first time a request needs them (most never do). A body damaged past that check leaves
    /// the assistant without its fallback.
    private static func classifierLoader(_ file: URL, warnings: inout [String]) -> (@Sendable () -> IntentClassifier?)? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        do {
            try IntentClassifier.checkFile(file.path)
            return { (try? String(contentsOf: file, encoding: .utf8)).flatMap { try? IntentClassifier(text: $0) } }
        } catch {
            warnings.append("\(file.path): \(error.description); the assistant works without its classifier")
            return nil
        }
    }

    /// How to read the value tagger when a request first needs it (nil: there is none). A
    /// damaged tagger leaves the assistant without it (values are then found by templates only).
    private static func taggerLoader(_ file: URL) -> (@Sendable () -> ValueTagger?)? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        return { (try? String(contentsOf: file, encoding: .utf8)).flatMap { try? ValueTagger(text: $0) } }
    }

    /// How to read the language's models, each when first needed.
    private struct Models {
        var classifier: (@Sendable () -> IntentClassifier?)?
        var tagger: (@Sendable () -> ValueTagger?)?
    }

    /// The catalog as last read from these very files, if the cache has it: no YAML to parse
    /// and nothing to check again.
    private static func cachedEngine(locale: String, key: UInt64?, models: Models, matcherCache: MatcherCache?) -> Loaded? {
        guard let matcherCache, let key, let cached = matcherCache.catalog(locale, key: key),
              let engine = try? cached.catalog.makeEngine(
                  loadClassifier: models.classifier, loadTagger: models.tagger, matcherCache: matcherCache, checked: true)
        else { return nil }
        return (engine, cached.catalog.sequences, cached.warnings)
    }

    /// The catalog read from the files: the app's own (a broken one is an error), then the
    /// person's (a broken one is skipped, with a warning); kept in the cache when there is one.
    private static func buildEngine(
        _ files: IntentFiles, locale: String, key: UInt64?, models: Models, matcherCache: MatcherCache?
    ) throws(LanguageError) -> Loaded {
        let language = try Language.load(yaml: files.language.text, file: files.language.path)
        let schemas = try IntentSchema.load(yaml: files.schema.text, file: files.schema.path)
        var catalog = IntentCatalog(language: language, schemas: schemas)
        for file in files.builtIn {
            do {
                try catalog.add(try IntentDefinition.load(yaml: file.text, file: file.path), builtIn: true)
            } catch {
                throw LanguageError(message: error.message)
            }
        }
        let builtIn = catalog
        var fileWarnings: [String] = []
        for file in files.user {
            guard let text = file.text else {
                fileWarnings.append("\(file.path): cannot be read as UTF-8 text; skipped")
                continue
            }
            do {
                try catalog.add(try IntentDefinition.load(yaml: text, file: file.path))
            } catch {
                fileWarnings.append(error.message)
            }
        }
        do {
            let engine = try catalog.makeEngine(loadClassifier: models.classifier, loadTagger: models.tagger, matcherCache: matcherCache)
            if let matcherCache, let key { matcherCache.store(catalog, warnings: fileWarnings, locale: locale, key: key) }
            return (engine, catalog.sequences, fileWarnings)
        } catch where catalog.definitions.count > builtIn.definitions.count {
            // Every check the engine makes was made file by file, so this should not happen;
            // if it does, the person's intents must still not take the assistant down.
            fileWarnings.append("your own intents were not loaded: \(error.message)")
            let engine = try builtIn.makeEngine(loadClassifier: models.classifier, loadTagger: models.tagger, matcherCache: matcherCache)
            return (engine, builtIn.sequences, fileWarnings)
        }
    }

    /// The classifier model of a language, beside its language.yaml.
    public static let classifierFileName = "classifier.tsv"
    /// The classifier's training data of a language, beside its language.yaml.
    public static let classifierDataFileName = "classifier.yaml"
    /// The value tagger of a language, beside its language.yaml (trained from classifier.yaml too).
    public static let taggerFileName = "tagger.tsv"

    /// The classifier's training examples for a language: the built-in intents' templates
    /// (language.yaml and `Resources/intents/`, not the person's own) and classifier.yaml.
    /// `resources` as for `init`.
    package static func classifierExamples(
        locale: String = "en", resources folder: URL? = nil, options: ClassifierTraining.Options = ClassifierTraining.Options()
    ) throws(LanguageError) -> [(text: [String], label: String)] {
        let (language, data) = try trainingSources(locale: locale, resources: folder)
        return try ClassifierTraining.examples(language: language, data: data, options: options)
    }

    /// The value tagger's training examples for a language, from the same files as the classifier's.
    package static func taggerExamples(locale: String = "en", resources folder: URL? = nil) throws(LanguageError) -> [ValueTagger.Example] {
        let (language, data) = try trainingSources(locale: locale, resources: folder)
        return try ClassifierTraining.taggerExamples(language: language, data: data)
    }

    /// What the classifier and the tagger learn from: the language's built-in intents and its
    /// classifier.yaml.
    private static func trainingSources(locale: String, resources folder: URL?) throws(LanguageError) -> (Language, ClassifierData) {
        let resources: URL
        if let given = folder { resources = given } else { resources = try resourcesDirectory() }
        let language = try Assistant(locale: locale, userIntentsDirectory: nil, resources: resources).engine.language
        let file = resources.appendingPathComponent(locale).appendingPathComponent(classifierDataFileName)
        guard let text = try? String(contentsOf: file, encoding: .utf8) else {
            throw LanguageError(message: "cannot read \(file.path)")
        }
        return (language, try ClassifierData.load(yaml: text, file: file.path))
    }

    /// `Sources/ListIntents/Resources` of the checkout this was built from, when it is still
    /// there (where `listomat train-classifier` writes its model).
    public static var checkoutResourcesDirectory: URL? {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources")
        return FileManager.default.fileExists(atPath: directory.appendingPathComponent("intents.yaml").path) ? directory : nil
    }

    /// Where a person keeps their own intents: `$XDG_CONFIG_HOME/listomat/intents` (an
    /// absolute `XDG_CONFIG_HOME` only, as the XDG spec says), else `~/.config/listomat/intents`;
    /// nil when neither is set (as for the TUI's config.toml and themes).
    public static func userIntentsDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appendingPathComponent("listomat/intents")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".config/listomat/intents")
    }

    /// The app's cache of compiled sentence matchers: in `MatcherCache.defaultDirectory`
    /// (`$XDG_CACHE_HOME/listomat`, else `~/.cache/listomat`), tied to this executable (its
    /// size and modification time: a new build compiles afresh). Nil when there is no such folder.
    public static func matcherCache(environment: [String: String] = ProcessInfo.processInfo.environment) -> MatcherCache? {
        guard let directory = MatcherCache.defaultDirectory(environment: environment) else { return nil }
        return MatcherCache(directory: directory, build: executableIdentity())
    }

    /// The running executable's size and modification time ("" when unknown).
    static func executableIdentity() -> String {
        #if os(Linux)
        let path = "/proc/self/exe"  // stat follows the link to the real file
        #else
        let path = Bundle.main.executablePath ?? ""
        #endif
        var info = stat()
        guard stat(path, &info) == 0 else { return "" }
        #if os(Linux)
        return "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        #else
        return "\(info.st_size) \(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
        #endif
    }

    /// The `*.yaml` files of a folder, by name (none when it does not exist); hidden files
    /// (editors' backups) are not intents. Listed with `readdir`, as `locales(in:)`:
    /// FileManager's listing of the two folders was 2.7% of a single `ask`.
    static func definitionFiles(in directory: URL) -> [URL] {
        entries(of: directory.path).filter { $0.hasSuffix(".yaml") && !$0.hasPrefix(".") }.sorted()
            .map { directory.appendingPathComponent($0) }
    }

    /// The names in a folder (with "." and ".."), by `readdir`; none when it cannot be read.
    private static func entries(of folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return names
    }

    /// The languages installed, e.g. ["en"].
    package static func availableLocales() throws(LanguageError) -> [String] {
        locales(in: try resourcesDirectory())
    }

    /// Whether `locale` is installed: one of `availableLocales()`, found without listing them
    /// (a plain name, with a language file in its folder).
    package static func hasLocale(_ locale: String) throws(LanguageError) -> Bool {
        guard !locale.isEmpty, !locale.hasPrefix("."), !locale.contains("/") else { return false }
        let file = try resourcesDirectory().appendingPathComponent(locale).appendingPathComponent("language.yaml")
        return FileManager.default.fileExists(atPath: file.path)
    }

    /// A snapshot of the store's names for one or more turns.
    public func domain(_ store: ListStore) throws -> ListsDomain {
        try ListsDomain(
            store: store, language: engine.language, schemas: engine.schemas, sequences: sequences, defaultList: defaultList,
            nameCache: nameCache)
    }

    /// The folders of `resources` that hold a `language.yaml`, sorted. Read with `readdir` and
    /// `stat`: every process that shows words picks its language from these, and
    /// FileManager's listing and URLs cost it a fifth of a millisecond.
    static func locales(in resources: URL) -> [String] {
        let folder = resources.path
        return entries(of: folder).filter { $0 != "." && $0 != ".." && exists(folder + "/" + $0 + "/language.yaml") }.sorted()
    }

    /// Whether something is at `path` (links followed), as `FileManager.fileExists` says.
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Where the language files are: `$LISTOMAT_RESOURCES`, the resource bundle beside the
    /// executable (SwiftPM's layout), `../share/listomat` beside it (an install), or the
    /// checkout this was built from.
    package static func resourcesDirectory() throws(LanguageError) -> URL {
        try located.get()
    }

    /// Looked for once per process (`ask` asks twice).
    private static let located = Result { () throws(LanguageError) -> URL in try locateResources() }

    /// Candidates are plain paths, and one URL is made of the one found: Foundation's URL
    /// operations cost a plain command a twentieth of its time.
    private static func locateResources() throws(LanguageError) -> URL {
        var candidates: [String] = []
        if let explicit = getenv("LISTOMAT_RESOURCES").map({ String(cString: $0) }), !explicit.isEmpty {
            candidates.append(explicit)
        }
        let executable = executableFolder()
        candidates.append(executable + "/ListOMat_ListIntents.resources/Resources")
        candidates.append(executable + "/ListOMat_ListIntents.resources")
        candidates.append(parent(of: executable) + "/share/listomat/Resources")
        candidates.append(parent(of: #filePath) + "/Resources")
        for candidate in candidates where exists(candidate + "/intents.yaml") {
            return URL(fileURLWithPath: candidate, isDirectory: true)
        }
        throw LanguageError(message: "the assistant's language files are missing (looked in \(candidates.joined(separator: ", ")))")
    }

    /// The folder holding `path` ("/usr/local" for "/usr/local/bin"; "/" for "/bin").
    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The executable's real folder, links followed (/proc/self/exe on Linux, read directly:
    /// making `Bundle.main` for it took half a millisecond), not argv[0], which is only
    /// "listomat" when started through PATH.
    private static func executableFolder() -> String {
        #if os(Linux)
        if let path = realpath("/proc/self/exe", nil) {
            defer { free(path) }
            return parent(of: String(cString: path))
        }
        #endif
        return (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? ""))
            .resolvingSymlinksInPath().deletingLastPathComponent().path
    }
}
