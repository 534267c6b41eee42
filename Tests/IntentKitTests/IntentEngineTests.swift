import Testing

@testable import IntentKit

@Suite("Splitting several values")
struct SplittingTests {
    let engine: IntentEngine
    init() throws { engine = try makeOrdersEngine() }

    @Test("commas and the separator word", arguments: [
        ("rice, onions and olives", ["rice", "onions", "olives"]),
        ("rice, onions, and olives", ["rice", "onions", "olives"]),
        ("rice,onions;olives", ["rice", "onions", "olives"]),
        ("rice and onions and olives", ["rice", "onions", "olives"]),
        ("rice plus beans", ["rice", "beans"]),
        // A comma inside a number is no separator ("3,2%" milk, "1,000" screws).
        ("milk 3,2 and rice", ["milk 3,2", "rice"]),
        ("1,000 screws, nails", ["1,000 screws", "nails"]),
        ("2, 3", ["2", "3"]),
    ])
    func separators(text: String, expected: [String]) {
        #expect(engine.split(text) == expected)
    }

    @Test("leading articles are dropped when more words follow")
    func articles() {
        #expect(engine.split("a collar and a leash") == ["collar", "leash"])
        #expect(engine.split("an apple, some pears and a banana") == ["apple", "pears", "banana"])
        // A value that is only the article is kept as said.
        #expect(engine.split("a and b") == ["a", "b"])
        // Articles are compared folded, like every other word of the language file.
        #expect(engine.split("A collar and A leash") == ["collar", "leash"])
        #expect(engine.split("An apple") == ["apple"])
    }

    @Test("“&” separates values but not inside a word")
    func ampersand() {
        #expect(engine.split("salt & pepper") == ["salt", "pepper"])
        #expect(engine.split("M&M's and chips") == ["M&M's", "chips"])
    }

    @Test("a single value is unchanged, spelling and inner punctuation kept")
    func single() {
        #expect(engine.split("rice") == ["rice"])
        #expect(engine.split("peanut butter") == ["peanut butter"])
        #expect(engine.split("Crème Fraîche") == ["Crème Fraîche"])
        #expect(engine.split("  Crème Fraîche!  ") == ["Crème Fraîche"])
        #expect(engine.split("mother-in-law's cake") == ["mother-in-law's cake"])
    }

    @Test("CJK and full-width commas separate values")
    func cjkCommas() {
        #expect(engine.split("米、玉ねぎ、オリーブ") == ["米", "玉ねぎ", "オリーブ"])
        #expect(engine.split("米，玉ねぎ；オリーブ") == ["米", "玉ねぎ", "オリーブ"])
    }

    @Test("separators alone give no values")
    func onlySeparators() {
        #expect(engine.split("and") == [])
        #expect(engine.split(", and ,") == [])
        #expect(engine.split("and rice and") == ["rice"])
        #expect(engine.split("") == [])
    }
}

@Suite("Parsing: invocation by app name and padding")
struct InvocationTests {
    let engine: IntentEngine
    let vocabulary: Vocabulary
    init() throws {
        engine = try makeOrdersEngine()
        vocabulary = OrdersDomain(language: engine.language).vocabulary
    }

    private func parse(_ text: String) -> IntentEngine.Parse? { engine.parse(text, vocabulary: vocabulary) }

    @Test("the app's name as a prefix or a suffix is taken off", arguments: [
        "In ListOMat, show Burger Barn",
        "ListOMat, show Burger Barn",
        "Hey ListOMat show Burger Barn",
        "using list-o-mat: show Burger Barn",
        "show Burger Barn using List-o-Mat",
        "show Burger Barn with list o mat",
        "show Burger Barn in LISTOMAT!",
        "show Burger Barn on list oh mat",
        "ask ListOMat to show Burger Barn",
        "tell ListOMat to show Burger Barn",
        "ask list o mat show Burger Barn",
    ])
    func appName(text: String) throws {
        let result = try #require(parse(text))
        #expect(result.request.intent == "ShowStore")
        #expect(result.command == "show Burger Barn")
        #expect(result.request.parameters["store"] == [.unresolved(.spoken("Burger Barn"))])
    }

    @Test("a near miss of the app's name is not taken for it: the words are set aside, and the request is only a guess")
    func nearMiss() throws {
        for (text, aside) in [
            ("last mate, show Burger Barn", "last mate"), ("in list mate, show Burger Barn", "in list mate"),
            ("ask list a mat to show Burger Barn", "ask list a mat to"),
        ] {
            let result = try #require(parse(text))
            #expect(result.path == .span)
            #expect(result.request.isGuess)
            #expect(result.guessReason == "words set aside: “\(aside)”")
            #expect(result.command == "show Burger Barn")
        }
        // As a suffix, the words are left over around the store's name: a guess too.
        let result = try #require(parse("show Burger Barn using last mate"))
        #expect(result.path == .template)
        #expect(result.request.parameters["store"] == [.unresolved(.spoken("Burger Barn"))])
        #expect(result.request.isGuess)
        #expect(result.guessReason == "words left over around “Burger Barn”: “using last mate”")
    }

    @Test("the app's name alone, or with words that are not a command, is not understood")
    func appNameAlone() {
        #expect(parse("ListOMat") == nil)
        #expect(parse("In ListOMat,") == nil)
        #expect(parse("ListOMat, make me a sandwich") == nil)
    }

    @Test("padding at either end is taken off", arguments: [
        "please show Burger Barn",
        "show Burger Barn please",
        "can you show Burger Barn thanks",
        "Could you please show Burger Barn, thank you!",
        "kindly show Burger Barn for me please",
        "In ListOMat, can you show Burger Barn please",
        "Hey ListOMat, please show Burger Barn",
        "Please, in ListOMat, show Burger Barn",
        "can you show Burger Barn using ListOMat thanks",
    ])
    func padding(text: String) throws {
        let result = try #require(parse(text))
        #expect(result.request.intent == "ShowStore")
        #expect(result.command == "show Burger Barn")
        #expect(result.request.parameters["store"] == [.unresolved(.spoken("Burger Barn"))])
    }

    @Test("padding alone is not a command")
    func paddingAlone() {
        #expect(parse("please") == nil)
        #expect(parse("can you") == nil)
        #expect(parse("please thanks") == nil)
    }

    @Test("a parse fills every parameter: said, fixed by the group, or missing; several values split")
    func request() throws {
        let result = try #require(parse("order a large Crème Brûlée, rice and a salad from the Pizza Place"))
        #expect(result.request.intent == "PlaceOrder")
        #expect(result.request.parameters == [
            "store": [.unresolved(.spoken("Pizza Place"))],
            "dishes": [.unresolved(.spoken("Crème Brûlée")), .unresolved(.spoken("rice")), .unresolved(.spoken("salad"))],
            "size": [.unresolved(.spoken("large"))],
        ])
        let plain = try #require(self.parse("get rice"))
        #expect(plain.request.parameters == [
            "store": [.unresolved(.missing)], "dishes": [.unresolved(.spoken("rice"))], "size": [.unresolved(.missing)],
        ])
        #expect(engine.explain(result).contains("PlaceOrder"))
        #expect(engine.explain(result).contains("size=large"))
    }

    @Test("a multi-valued slot of separators only is missing, not an empty list")
    func emptySplitIsMissing() throws {
        let result = try #require(parse("order and from Burger Barn"))
        #expect(result.request.intent == "PlaceOrder")
        #expect(result.request.parameters["dishes"] == [.unresolved(.missing)])
    }

    @Test("bad input is not understood, and does not crash")
    func badInput() {
        #expect(parse("") == nil)
        #expect(parse("   \n\t") == nil)
        #expect(parse("\u{0}\u{1B}[2J\u{7}") == nil)
        #expect(parse("🍕🍕🍕") == nil)
        #expect(parse(String(repeating: "show ", count: 20_000)) == nil)  // 100 KB
        #expect(parse("show " + String(repeating: "x", count: 100_000)) != nil)  // one huge word is still one word
    }

    @Test("a control character is found on the bytes exactly where its scalar is one (C0, DEL, C1; not tab or line breaks)")
    func controlCharacters() {
        for value in Array(0...0x3FF) + [0x2028, 0x200B, 0xFEFF, 0x1F355] {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let isControl = (value < 0x20 && ![0x09, 0x0A, 0x0D].contains(value)) || (0x7F...0x9F).contains(value)
            for text in [String(scalar), "add \(scalar)milk", "é\(scalar)", "\(scalar)\u{C2}"] {
                #expect(IntentEngine.holdsControl(text) == isControl, "U+\(String(value, radix: 16))")
            }
        }
        #expect(parse("show grocery\u{85}") == nil)
    }
}
