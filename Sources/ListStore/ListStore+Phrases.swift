import Foundation
import GRDB

/// A phrase a person taught the assistant ("groceries again" → AddTasks with these items).
///
/// Phrases are the person's own words, not list data: they are not in the undo log and are
/// not deleted with the lists they name (the assistant resolves their parameters again each
/// time one is used).
package struct PhraseRecord: Sendable, Equatable {
    package var id: UUID
    /// As the person wrote it (trimmed).
    package var phrase: String
    /// The normalised form, computed by the caller; no two phrases share one.
    package var key: String
    package var intent: String
    /// JSON text, opaque to the store.
    package var parameters: String
    /// When it was added. The store keeps whole milliseconds.
    package var created: Date

    package init(id: UUID = .random(), phrase: String, key: String, intent: String, parameters: String, created: Date) {
        self.id = id
        self.phrase = phrase
        self.key = key
        self.intent = intent
        self.parameters = parameters
        self.created = created
    }
}

extension PhraseRecord: FetchableRecord {
    static let columns = "id, phrase, key, intent, parameters, created"

    package init(row: Row) throws {
        self.init(
            id: try decodeID(row, 0), phrase: try row.decode(atIndex: 1), key: try row.decode(atIndex: 2),
            intent: try row.decode(atIndex: 3), parameters: try row.decode(atIndex: 4),
            created: Date(millis: try row.decode(atIndex: 5)))
    }
}

extension ListStore {
    /// Adds a phrase. The phrase obeys the rules names do (it is shown on the terminal) and is
    /// stored trimmed; another phrase may not have the same key.
    package func addPhrase(_ record: PhraseRecord) throws(StoreError) {
        let phrase = try NameRules.validate(record.phrase, kind: "phrase")
        guard !record.key.isEmpty else { throw StoreError.invalidName("phrase key is empty") }
        try writeOutsideUndo { db in
            if let existing = try Self.phrase(key: record.key, db) {
                throw StoreError.conflict(.phraseExists(existing.phrase))
            }
            if try Bool.fetchOne(
                db, cached: "SELECT EXISTS (SELECT 1 FROM phrases WHERE id = ?)", arguments: [record.id.key]) ?? false {
                throw StoreError.conflict("There is already a phrase with the id \(record.id.key).")
            }
            try db.cachedStatement(sql: "INSERT INTO phrases (\(PhraseRecord.columns)) VALUES (?, ?, ?, ?, ?, ?)")
                .execute(arguments: [
                    record.id.key, phrase, record.key, record.intent, record.parameters, record.created.millis,
                ])
        }
    }

    /// Every phrase, ordered by the phrase ignoring case (as names compare), for showing.
    package func phrases() throws(StoreError) -> [PhraseRecord] {
        let all = try read { db in
            try PhraseRecord.fetchAll(db, cached: "SELECT \(PhraseRecord.columns) FROM phrases")
        }
        // Sorted here, not by SQLite: its NOCASE folds ASCII only.
        return all.map { (NameRules.key($0.phrase), $0) }
            .sorted { a, b in (a.0, a.1.phrase, a.1.key) < (b.0, b.1.phrase, b.1.key) }
            .map(\.1)
    }

    /// The phrase with this key, if any.
    package func phrase(key: String) throws(StoreError) -> PhraseRecord? {
        try read { db in try Self.phrase(key: key, db) }
    }

    /// Changes what a phrase says, keeping its id, intent, parameters and date. `newKey` may
    /// equal `key` (a change of case or spacing); another phrase may not have it.
    @discardableResult
    package func renamePhrase(key: String, to rawPhrase: String, key newKey: String) throws(StoreError) -> PhraseRecord {
        let phrase = try NameRules.validate(rawPhrase, kind: "phrase")
        guard !newKey.isEmpty else { throw StoreError.invalidName("phrase key is empty") }
        return try writeOutsideUndo { db in
            guard var record = try Self.phrase(key: key, db) else { throw Self.noPhrase(key) }
            if newKey != key, let existing = try Self.phrase(key: newKey, db) {
                throw StoreError.conflict(.phraseExists(existing.phrase))
            }
            try db.cachedStatement(sql: "UPDATE phrases SET phrase = ?, key = ? WHERE id = ?")
                .execute(arguments: [phrase, newKey, record.id.key])
            record.phrase = phrase
            record.key = newKey
            return record
        }
    }

    /// Removes a phrase. Returns it as it was.
    @discardableResult
    package func removePhrase(key: String) throws(StoreError) -> PhraseRecord {
        try writeOutsideUndo { db in
            guard let record = try Self.phrase(key: key, db) else { throw Self.noPhrase(key) }
            try db.cachedStatement(sql: "DELETE FROM phrases WHERE id = ?").execute(arguments: [record.id.key])
            return record
        }
    }

    private static func phrase(key: String, _ db: Database) throws -> PhraseRecord? {
        try PhraseRecord.fetchOne(
            db, cached: "SELECT \(PhraseRecord.columns) FROM phrases WHERE key = ?", arguments: [key])
    }

    private static func noPhrase(_ key: String) -> StoreError {
        .notFound(.noPhrase(key))
    }
}
