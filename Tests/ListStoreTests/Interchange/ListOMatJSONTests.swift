import Foundation
import Testing
@testable import ListStore

@Suite("List-o-Mat JSON")
struct ListOMatJSONTests {
    let prefix = #"invalid List-o-Mat JSON: expected an array of {"name", "items"} objects"#

    @Test func goldenEncoding() {
        let doc = ListDocument(lists: Fixtures.small.lists + [.init(name: "Empty", items: [])])
        let expected = """
            [
              {
                "name": "Grocery Store",
                "items": [
                  {
                    "name": "milk",
                    "done": false
                  },
                  {
                    "name": "eggs",
                    "done": true
                  }
                ]
              },
              {
                "name": "Hardware_Store 100%",
                "items": [
                  {
                    "name": "nails +big",
                    "done": false
                  }
                ]
              },
              {
                "name": "Empty",
                "items": []
              }
            ]

            """
        #expect(Interchange.encode(doc, format: .json) == expected)
    }

    @Test func emptyDocumentEncodesAsEmptyArray() throws {
        #expect(Interchange.encode(ListDocument(lists: []), format: .json) == "[]\n")
        #expect(try Fixtures.decode("[]", .json) == ListDocument(lists: []))
    }

    @Test func stringEscaping() {
        #expect(JSONText.quoted("plain") == #""plain""#)
        #expect(JSONText.quoted("a\"b\\c/d") == #""a\"b\\c/d""#)
        #expect(JSONText.quoted("\n\r\t\u{8}\u{C}\u{1}\u{1F}") == #""\n\r\t\b\f\u0001\u001f""#)
        // Non-ASCII stays as UTF-8, DEL and U+2028 are legal unescaped in JSON.
        #expect(JSONText.quoted("crème 👩‍💻 \u{7F}\u{2028}") == "\"crème 👩‍💻 \u{7F}\u{2028}\"")
    }

    @Test func controlCharactersRoundTripThroughJSON() throws {
        // Not expected from the store, but the encoder must still emit valid JSON.
        let doc = ListDocument(lists: [.init(name: "a\u{1}b\tc\nd", items: [.init(name: "x\"\\y", done: true)])])
        let text = Interchange.encode(doc, format: .json)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [Any])
        #expect(try Fixtures.decode(text, .json) == doc)
    }

    @Test func trickyRoundTrip() throws {
        let doc = Fixtures.tricky
        #expect(try Fixtures.decode(Interchange.encode(doc, format: .json), .json) == doc)
    }

    @Test func encodedOutputMatchesFoundationDecoding() throws {
        // Cross-check the hand-written encoder against Foundation's parser.
        let text = Interchange.encode(Fixtures.tricky, format: .json)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(parsed.map { $0["name"] as? String } == Fixtures.trickyNames.map { $0 })
    }

    @Test func decodesOriginalAppOutput() throws {
        // Compact output of the iOS app's JSONEncoder; `done` may be absent; names get trimmed.
        let text = #"[{"name":"Grocery Store","items":[{"name":"milk","done":false},{"name":" eggs ","done":true},{"name":"bread"}]},{"items":[],"name":"  Empty  "}]"#
        let expected = ListDocument(lists: [
            .init(name: "Grocery Store", items: [
                .init(name: "milk", done: false),
                .init(name: "eggs", done: true),
                .init(name: "bread", done: false),
            ]),
            .init(name: "Empty", items: []),
        ])
        #expect(try Fixtures.decode(text, .json) == expected)
    }

    @Test func decodesEscapes() throws {
        let text = #"[{"name": "caf\u00e9 \ud83d\ude00 a\/b", "items": []}]"#
        #expect(try Fixtures.decode(text, .json).lists.first?.name == "café 😀 a/b")
    }

    @Test func notAnArray() {
        let error = Fixtures.error(#"{"name": "a", "items": []}"#, .json)
        #expect(error == InterchangeError(message: prefix + " (wrong type at top level)", line: nil))
        #expect(error?.description == prefix + " (wrong type at top level)")
    }

    @Test func missingName() {
        let error = Fixtures.error(#"[{"items": []}]"#, .json)
        #expect(error?.message.english == prefix + #" (missing "name" in [0])"#)
        #expect(error?.line == nil)
    }

    @Test func missingItems() {
        let error = Fixtures.error(#"[{"name": "a", "items": []}, {"name": "b"}]"#, .json)
        #expect(error?.message.english == prefix + #" (missing "items" in [1])"#)
    }

    @Test func missingItemName() {
        let error = Fixtures.error(#"[{"name": "a", "items": [{"done": true}]}]"#, .json)
        #expect(error?.message.english == prefix + #" (missing "name" in [0].items[0])"#)
    }

    @Test func wrongTypeDeepInside() {
        let error = Fixtures.error(#"[{"name": "a", "items": [{"name": "b"}, {"name": 3}]}]"#, .json)
        #expect(error?.message.english == prefix + " (wrong type at [0].items[1].name)")
    }

    @Test func nullValue() {
        let error = Fixtures.error(#"[{"name": null, "items": []}]"#, .json)
        #expect(error?.message.english == prefix + " (null at [0].name)")
    }

    @Test(arguments: ["", "   ", "[", #"[{"name": "a", "items": [}]"#, "not json", "[1] trailing"])
    func malformedJSON(text: String) {
        let error = Fixtures.error(text, .json)
        #expect(error?.message.english == prefix + " (not well-formed JSON)")
        #expect(error?.line == nil)
    }
}
