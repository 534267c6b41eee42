import Foundation
import Testing

/// What the store refuses, as a command says it: in the language chosen, with the same exit
/// code in every language, and nothing changed.
@Suite struct StoreErrorCLITests {
    static func cli() throws -> CLI {
        let cli = CLI()
        try cli.run("new", "Grocery Store", "milk", "eggs")
        return cli
    }

    @Test func englishIsAsItWas() throws {
        let cli = try Self.cli()
        defer { cli.cleanUp() }
        let missing = try cli.run("rm", "Grocery Store", "bread")
        #expect(missing.status == 3)
        #expect(missing.stderr == "listomat: Nothing on Grocery Store matches “bread”.\n")
        let taken = try cli.run("new", "grocery store")
        #expect(taken.status == 1)
        #expect(taken.stderr == "listomat: A list named “Grocery Store” already exists.\n")
    }

    @Test func aStoreErrorInKorean() throws {
        let cli = try Self.cli()
        defer { cli.cleanUp() }
        let before = try cli.export()
        let korean = ["LANG": "ko_KR.UTF-8"]
        let missing = try cli.run(["rm", "Grocery Store", "bread"], environment: korean)
        #expect(missing.status == 3)
        #expect(missing.stderr == "listomat: Grocery Store에 “bread”에 맞는 것이 없습니다.\n")
        let taken = try cli.run(["new", "grocery store"], environment: korean)
        #expect(taken.status == 1)
        #expect(taken.stderr == "listomat: “Grocery Store” 목록이 이미 있습니다.\n")
        let noList = try cli.run(["show", "Hardware"], environment: korean)
        #expect(noList.status == 3)
        #expect(noList.stderr == "listomat: “Hardware”에 맞는 목록이 없습니다.\n")
        #expect(try cli.export() == before)
    }

    @Test func nothingToUndoInThai() throws {
        let cli = CLI()
        defer { cli.cleanUp() }
        let result = try cli.run(["undo"], environment: ["LANG": "th_TH.UTF-8"])
        #expect(result.status == 1)
        #expect(result.stderr == "listomat: ไม่มีอะไรให้เลิกทำ\n")
    }
}
