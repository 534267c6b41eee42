import Foundation
import ListStore
import Testing

/// `listomat ask --locale zh-Hans` as a person would run it: the answer in Chinese, the
/// database changed only by what was asked, and only after a yes where it must ask.
@Suite("listomat ask in Simplified Chinese")
struct ZhHansAskCLITests {
    let cli = CLI()

    init() throws {
        try cli.run("new", "购物清单", "牛奶")
        try cli.run("new", "搬家", "纸箱")
    }

    func json(_ output: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(output.split(separator: "\n")[0].utf8)) as! [String: Any]
    }

    @Test func addingSeveralItemsTypedWithoutSpacesStoresEachWhole() throws {
        defer { cli.cleanUp() }
        let result = try cli.run("ask", "--locale", "zh-Hans", "帮我把鸡蛋和面包加到购物清单")
        #expect(result.status == 0)
        #expect(result.stdout == "已往购物清单加了2项：“鸡蛋”和“面包”。\n")
        let items = try cli.store().items(in: .name("购物清单")).map(\.name)
        #expect(items == ["牛奶", "鸡蛋", "面包"])
    }

    @Test func deletingAListAsksAndANoKeepsIt() throws {
        defer { cli.cleanUp() }
        let asked = try json(try cli.run("ask", "--locale", "zh-Hans", "--json", "--no", "删除搬家清单").stdout)
        #expect(asked["locale"] as? String == "zh-Hans")
        #expect(asked["state"] as? String == "failed")
        #expect(try cli.store().lists().map(\.name) == ["购物清单", "搬家"])
        let deleted = try json(try cli.run("ask", "--locale", "zh-Hans", "--json", "--yes", "删除搬家清单").stdout)
        #expect(deleted["state"] as? String == "completed")
        #expect(try cli.store().lists().map(\.name) == ["购物清单"])
    }

    @Test func traditionalCharactersWithTheTaiwanLocaleAreAnsweredByTheChineseAssistant() throws {
        defer { cli.cleanUp() }
        for locale in ["zh-TW", "zh-Hant", "zh_HK.UTF-8"] {
            let shown = try json(try cli.run("ask", "--locale", locale, "--json", "打開購物清單").stdout)
            #expect(shown["locale"] as? String == "zh-Hans")
            #expect(shown["state"] as? String == "completed")
        }
        let added = try cli.run("ask", "--locale", "zh-TW", "把麵包加到購物清單")
        #expect(added.status == 0)
        #expect(added.stdout == "已把麵包加到购物清单。\n")
        #expect(try cli.store().items(in: .name("购物清单")).map(\.name) == ["牛奶", "麵包"])
    }

    @Test func aQuestionAndARefusalChangeNothing() throws {
        defer { cli.cleanUp() }
        let before = try cli.export()
        let answer = try cli.run("ask", "--locale", "zh-Hans", "购物清单里有牛奶吗？")
        #expect(answer.stdout.hasPrefix("有：牛奶在购物清单上"))
        let refused = try json(try cli.run("ask", "--locale", "zh-Hans", "--json", "别把牛奶删掉").stdout)
        #expect(refused["state"] as? String == "notUnderstood")
        #expect(try cli.export() == before)
    }
}
