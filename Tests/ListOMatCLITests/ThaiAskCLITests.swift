import Foundation
import Testing

/// `listomat ask --locale th` as a person runs it: Thai typed without spaces, the answer in
/// Thai, and the database checked afterwards.
@Suite("listomat ask in Thai")
struct ThaiAskCLITests {
    let cli = CLI()

    init() throws {
        try cli.run("new", "ซื้อของ", "นม", "ไข่ไก่")
        try cli.run("new", "ร้านขายยา", "ยาดม")
    }

    func answer(_ result: CLI.Result) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
    }

    @Test func addingWithoutSpacesChangesTheListAndAnswersInThai() throws {
        defer { cli.cleanUp() }
        let result = try cli.run("ask", "--locale", "th", "--json", "เพิ่มน้ำปลากับขนมปังในลิสต์ซื้อของหน่อยครับ")
        #expect(result.status == 0)
        let json = try answer(result)
        #expect(json["state"] as? String == "completed")
        #expect(json["locale"] as? String == "th")
        #expect(json["response"] as? String == "เพิ่ม 2 รายการลงใน ซื้อของ แล้ว: “น้ำปลา” และ“ขนมปัง”")
        let shown = try cli.run("show", "ซื้อของ").stdout
        #expect(shown.contains("น้ำปลา") && shown.contains("ขนมปัง"))
    }

    @Test func aQuestionAndBadInputChangeNothing() throws {
        defer { cli.cleanUp() }
        let before = try cli.export()
        let question = try answer(try cli.run("ask", "--locale", "th", "--json", "ในลิสต์ซื้อของมีนมไหม"))
        #expect(question["intent"] as? String == "SearchForNotebookItems")
        let marks = try cli.run("ask", "--locale", "th", "--json", "\u{0E31}\u{0E34}")
        #expect(try answer(marks)["state"] as? String == "notUnderstood")
        let refused = try answer(try cli.run("ask", "--locale", "th", "--json", "--no", "ลบลิสต์ร้านขายยา"))
        #expect(refused["state"] as? String == "failed")
        #expect(try cli.export() == before)
    }
}
