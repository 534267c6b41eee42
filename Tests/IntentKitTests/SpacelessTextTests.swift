import Testing

@testable import IntentKit

/// A small Chinese language over the Orders schemas: templates written without spaces, list
/// words of several characters around names, separators of one and two characters.
let spacelessLanguageYAML = """
    language: zz
    app:
      names: [ListOMat]
      invocations: ["<app>{command}"]
    skip:
      prefixes: [请, 帮我, 麻烦]
      suffixes: [吧, 谢谢]
    splitting:
      separators: [和, 跟, 还有, 以及]
      dropped_articles: [个, 一些]
      edge_words: [一下]
    names:
      all: [全部]
      leading_noise: [我的]
      trailing_noise: [店, 那家店, 的菜单]
    answers:
      yes: [好, 是的]
      no: [不, 不要]
      cancel: [算了]
      ordinals: {第一家: 1, 第二家: 2, 最后一家: -1}
    list_format: {conjunction: 和, comma: "、", spaced: false}
    values:
      store: {entity: store}
      items: {text: true}
    intents:
      PlaceOrder:
        title: 点餐
        sentences:
          - "(在|从){store:store}(点|订)[一下]{items:dishes}"
          - "把{items:dishes}加到{store:store}[里]"
        responses:
          success: "已从${store}点了${dishes}。"
          failure: "没点成：${reason}"
      ShowStore:
        title: 看店
        sentences:
          - "(打开|显示){store:store}"
        responses:
          success: "这是${store}。"
      DeleteOrder:
        title: 删订单
        sentences:
          - "删掉{store:store}的订单"
        responses:
          confirm: "删掉${store}的订单？"
          success: "删掉了。"
          failure: "没删成：${reason}"
      BreakStore:
        title: 砸店
        sentences:
          - "砸了{store:store}"
        responses:
          success: "砸了${store}。"
    messages:
      notUnderstood: "没听懂。"
      cancelled: "好的，取消了。"
      declined: "好的，不做了。"
      notUsable: "这个回答用不了。"
      gaveUp: "先到这里吧。"
      ready: "好的：${action}。"
      error: "出错了：${error}"
      prompt.needsValue: "用什么？"
      prompt.disambiguation: "哪一个：${options|还是}？"
      prompt.confirmation: "你是说${value}吗？"
    """

@Suite("Text without spaces: each character a word")
struct SpacelessTokenTests {
    @Test("a Han character is a word of its own, whatever stands around it")
    func hanCharacters() {
        #expect(TextNormalizer.fold("把牛奶加到购物清单") == "把 牛 奶 加 到 购 物 清 单")
        #expect(TextNormalizer.fold("把 牛奶 加到 购物清单") == TextNormalizer.fold("把牛奶加到购物清单"))
        // Latin letters and digits beside them stay words of their own.
        #expect(TextNormalizer.fold("买iPhone充电器") == "买 iphone 充 电 器")
        #expect(TextNormalizer.fold("第2个") == "第 2 个")
        // Full-width punctuation separates, as any punctuation does.
        #expect(TextNormalizer.fold("牛奶、鸡蛋，面包？") == "牛 奶 鸡 蛋 面 包")
    }

    @Test("a word's range is its character in the text, so values are cut from what was typed")
    func ranges() {
        let text = "把牛奶加到购物清单"
        let tokens = TextNormalizer.tokenize(text)
        #expect(tokens.count == 9)
        #expect(String(text[tokens[1].range.lowerBound..<tokens[2].range.upperBound]) == "牛奶")
    }

    @Test("Thai, kana and the rest: a grapheme is one word, its vowel and tone marks kept")
    func otherScripts() {
        #expect(TextNormalizer.tokenize("ไก่").map(\.folded) == ["ไ", "ก่"])
        #expect(TextNormalizer.fold("ไก่") != TextNormalizer.fold("ไก"))
        #expect(TextNormalizer.fold("カレー") == "カ レ ー")
        // Half-width katakana folds to the full-width letters.
        #expect(TextNormalizer.fold("ｶﾚｰ") == "カ レ ー")
        // A mark with nothing to sit on is no word (`ThaiScript`), and nothing breaks.
        #expect(TextNormalizer.tokenize("\u{0E48}").isEmpty)
    }

    @Test("ASCII and other scripts written with spaces are read as before")
    func unchanged() {
        #expect(TextNormalizer.fold("Add Milk to Shopping") == "add milk to shopping")
        #expect(TextNormalizer.fold("Crème Brûlée") == "creme brulee")
        #expect(TextNormalizer.fold("우유를 장보기에") == "우유를 장보기에")
    }

    @Test("phrases of several characters are found at an edge, longest first, keeping what must stay")
    func phrases() {
        let set: Set<String> = ["清 单", "的 清 单", "list"]
        let words = TextNormalizer.tokenize("搬家的清单").map(\.folded)
        #expect(SpacelessText.phraseLength(in: set, count: words.count, fromEnd: true) { words[$0] } == 3)
        #expect(SpacelessText.phraseLength(in: set, count: words.count) { words[$0] } == 0)
        let only = TextNormalizer.tokenize("清单").map(\.folded)
        #expect(SpacelessText.phraseLength(in: set, count: only.count, fromEnd: true, keep: 1) { only[$0] } == 0)
        // A word of another script is one word, as a set of words always read it.
        #expect(SpacelessText.phraseLength(in: set, count: 2, fromEnd: true) { ["my", "list"][$0] } == 1)
    }
}

@Suite("Text without spaces: names")
struct SpacelessNameTests {
    static let rules = NameMatchingRules(
        allWords: ["全 部"], leadingNoise: ["我 的"], trailingNoise: ["清 单", "的 清 单", "那 个 单 子", "列 表"],
        pluralSuffixes: [])
    static let names = ["购物清单", "待办事项", "搬家", "生日派对", "生日礼物", "Camping"]
    let matcher = NameMatcher(names: names, rules: rules)

    @Test("a name with or without the list words of several characters around it")
    func listWords() {
        #expect(matcher.match("搬家") == .exact(2))
        #expect(matcher.match("搬家清单") == .exact(2))
        #expect(matcher.match("我的搬家的清单") == .exact(2))
        #expect(matcher.match("搬家 清单") == .exact(2))
        #expect(matcher.match("购物清单") == .exact(0))
        #expect(matcher.match("购物") == .exact(0))
        #expect(matcher.match("购物列表") == .exact(0))
        #expect(matcher.isKnown(folded: TextNormalizer.fold("搬家的清单")))
    }

    @Test("characters in two names are a menu")
    func menu() {
        #expect(matcher.match("生日清单") == .contained([3, 4]))
        #expect(matcher.match("生日那个单子") == .contained([3, 4]))
    }

    @Test("a wrong or missing character is a guess, compared by characters")
    func typos() {
        #expect(matcher.match("购物清丹") == .similar([0]))
        #expect(matcher.match("购物单") == .similar([0]))
        #expect(matcher.match("代办") == .similar([1]))
        #expect(matcher.match("代办事项") == .similar([1]))
        // Nothing in common is no guess.
        #expect(matcher.match("旅行") == .none)
        // One character has no allowance.
        #expect(matcher.match("搬") == .contained([2]))
        #expect(matcher.match("家具") == .none)
    }

    @Test("only list words name nothing")
    func unnamed() {
        #expect(Self.rules.isUnnamed("清单"))
        #expect(Self.rules.isUnnamed("我的清单"))
        #expect(!Self.rules.isUnnamed("搬家清单"))
    }
}

@Suite("Text without spaces: templates and values")
struct SpacelessParseTests {
    let engine: IntentEngine
    let vocabulary: Vocabulary
    init() throws {
        engine = try makeEngine(language: spacelessLanguageYAML)
        var vocabulary = Vocabulary()
        vocabulary.register("store", [.init(id: "1", name: "披萨店"), .init(id: "2", name: "面馆")], rules: engine.language.nameRules)
        self.vocabulary = vocabulary
    }

    private func dishes(_ text: String) -> [String]? {
        guard let parse = engine.parse(text, vocabulary: vocabulary), parse.request.intent == "PlaceOrder" else { return nil }
        return parse.request.parameters["dishes"]?.compactMap { value -> String? in
            if case .unresolved(.spoken(let text)) = value { return text }
            return nil
        }
    }

    @Test("a template without spaces matches with or without them, values whole")
    func withAndWithoutSpaces() throws {
        #expect(dishes("把牛奶和鸡蛋加到面馆") == ["牛奶", "鸡蛋"])
        #expect(dishes("把 牛奶 和 鸡蛋 加到 面馆") == ["牛奶", "鸡蛋"])
        #expect(dishes("在面馆点一下牛肉面") == ["牛肉面"])
        #expect(dishes("请在面馆点牛肉面吧") == ["牛肉面"])
        #expect(dishes("ListOMat在披萨店点iPhone 充电器") == ["iPhone 充电器"])
        let parse = try #require(engine.parse("把牛奶加到披萨店里", vocabulary: vocabulary))
        #expect(parse.request.parameters["store"] == [.unresolved(.spoken("披萨店"))])
    }

    @Test("separators of one or two characters, list commas, and spaces between values")
    func separators() {
        #expect(engine.split("牛奶、鸡蛋和面包") == ["牛奶", "鸡蛋", "面包"])
        #expect(engine.split("牛奶，鸡蛋跟面包") == ["牛奶", "鸡蛋", "面包"])
        #expect(engine.split("牛奶还有鸡蛋以及面包") == ["牛奶", "鸡蛋", "面包"])
        #expect(engine.split("气球 彩带 蛋糕") == ["气球", "彩带", "蛋糕"])
        // A space beside Latin letters is part of the name.
        #expect(engine.split("iPhone 充电器") == ["iPhone 充电器"])
        // "个" and "一些" alone before a thing are dropped, "一下" at an edge too.
        #expect(engine.split("个西红柿") == ["西红柿"])
        #expect(engine.split("一些葱") == ["葱"])
        #expect(engine.split("和") == [])
    }

    @Test("a list by its place, in ordinals of several characters")
    func ordinals() {
        #expect(engine.language.place(of: TextNormalizer.fold("第二家"), among: 3) == 1)
        #expect(engine.language.place(of: TextNormalizer.fold("最后一家"), among: 3) == 2)
    }

    @Test("a full-width question mark makes a question")
    func question() {
        #expect(engine.isQuestion("面馆有牛肉面吗？"))
    }
}
