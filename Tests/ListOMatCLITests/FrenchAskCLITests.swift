import Foundation
import GRDB
import Testing

/// `listomat ask --locale fr` as a person would run it, with the database read afterwards.
@Suite("listomat ask in French")
struct FrenchAskCLITests {
    let cli = CLI()

    init() throws {
        try cli.run("new", "Courses", "lait")
        try cli.run("new", "À faire", "appeler le plombier")
    }

    func items(_ list: String) throws -> [String] {
        try GRDBHelper.queue(cli.databasePath).read { db in
            try String.fetchAll(db, sql: """
                SELECT items.name FROM items JOIN lists ON lists.id = items.list_id
                WHERE lists.name = ? ORDER BY items.position
                """, arguments: [list])
        }
    }

    @Test func addingWithElisionAndPartitivesWritesTheItems() throws {
        defer { cli.cleanUp() }
        let result = try cli.run("ask", "--locale", "fr", "ajoute du beurre et de l'huile d'olive aux courses s'il te plaît")
        #expect(result.status == 0)
        #expect(result.stdout == "2 éléments ajoutés à Courses : « beurre » et « huile d'olive ».\n")
        #expect(try items("Courses") == ["lait", "beurre", "huile d'olive"])
    }

    @Test func aQuestionAndARefusalChangeNothing() throws {
        defer { cli.cleanUp() }
        let question = try cli.run("ask", "--locale", "fr", "--json", "est-ce que le lait est sur la liste de courses ?")
        #expect(question.status == 0)
        let answer = try JSONSerialization.jsonObject(with: Data(question.stdout.utf8)) as! [String: Any]
        #expect(answer["intent"] as? String == "SearchForNotebookItems")
        #expect(answer["locale"] as? String == "fr")
        let refusal = try cli.run("ask", "--locale", "fr", "ne supprime surtout pas la liste à faire")
        #expect(refusal.stdout.contains("Désolé, je n'ai pas compris."))
        #expect(try items("Courses") == ["lait"])
        #expect(try items("À faire") == ["appeler le plombier"])
    }

    @Test func deletingAListWithYesAfterTheQuestion() throws {
        defer { cli.cleanUp() }
        let asked = try cli.run("ask", "--locale", "fr", "supprime la liste a faire")
        #expect(asked.stdout.contains("Supprimer À faire"))
        #expect(try items("À faire") == ["appeler le plombier"])
        let done = try cli.run("ask", "--locale", "fr", "--yes", "supprime la liste a faire")
        #expect(done.status == 0)
        let lists = try GRDBHelper.queue(cli.databasePath).read { db in try String.fetchAll(db, sql: "SELECT name FROM lists") }
        #expect(lists == ["Courses"])
    }
}
