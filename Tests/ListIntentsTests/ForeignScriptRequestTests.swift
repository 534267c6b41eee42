import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// A request typed only in Latin letters to an assistant whose language is written in another
/// script: its loanwords ("add", "OK") may match, but the rest is no clean value, so a change
/// is asked about first; requests in the language's own script, and English, are unchanged.
@Suite("Requests in another script")
struct ForeignScriptRequestTests {
    func session(_ locale: String, _ lists: [String: [String]]) throws -> (AssistantSession, ListStore) {
        let store = try ListStore.inMemory()
        for (name, items) in lists.sorted(by: { $0.key < $1.key }) { try store.createList(named: name, items: items) }
        let assistant = try Assistant.shared(locale)
        return (AssistantSession(assistant: assistant, store: store, source: "assistant", donations: DonationLog(store: store, timing: .now)), store)
    }

    @Test("English words in a Thai session: asked first, and no changes nothing")
    func latinInThai() throws {
        let (session, store) = try session("th", ["ตลาด": ["นม"]])
        var conversation = Conversation()
        let turn = try session.receive(.utterance("add apples to groceries"), in: &conversation)
        #expect(turn.state == .confirmation, "\(turn.response)")
        #expect(try store.items(in: .name("ตลาด")).map(\.name) == ["นม"])
        _ = try session.receive(.no, in: &conversation)
        #expect(try store.items(in: .name("ตลาด")).map(\.name) == ["นม"])
        // In Thai script, the same kind of request is made at once.
        var thai = Conversation()
        #expect(try session.receive(.utterance("เพิ่ม ไข่ ใน ตลาด"), in: &thai).state == .completed)
        #expect(try store.items(in: .name("ตลาด")).map(\.name) == ["นม", "ไข่"])
    }

    @Test("an English request in an English session is made at once")
    func latinInEnglish() throws {
        let (session, store) = try session("en", ["Groceries": ["milk"]])
        var conversation = Conversation()
        #expect(try session.receive(.utterance("add apples to groceries"), in: &conversation).state == .completed)
        #expect(try store.items(in: .name("Groceries")).map(\.name) == ["milk", "apples"])
    }
}
