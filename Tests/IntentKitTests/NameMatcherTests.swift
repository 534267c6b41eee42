import Testing

@testable import IntentKit

@Suite("Name matching bands")
struct NameMatcherTests {
    static let rules = NameMatchingRules(
        allWords: ["all", "every"], leadingNoise: ["the", "my"], trailingNoise: ["list", "lists"],
        pluralSuffixes: ["s", "es"], listWords: ["list", "lists"])

    static let names = [
        "Flower Shop",  // 0
        "Pet Shop",  // 1
        "Office Supplies",  // 2
        "Movies to Watch",  // 3
        "Hardware Store",  // 4
        "Camping Trip",  // 5
        "Grocery Store",  // 6
        "Crème Brûlée Recipes",  // 7
    ]

    let matcher = NameMatcher(names: names, rules: rules)

    @Test("the words around a name follow the rules' sets when a caller changes them, and phrases of Thai characters are found whole")
    func noiseFollowsItsSets() {
        var rules = Self.rules
        let words = ["my", "own", "camping", "trip", "list"]
        #expect(rules.coreRange(words.count) { words[$0] } == 1..<4)
        rules.leadingNoise.insert("own")
        #expect(rules.coreRange(words.count) { words[$0] } == 2..<4)
        rules.trailingNoise = []
        #expect(rules.coreRange(words.count) { words[$0] } == 2..<5)
        // A phrase of characters ("รายการ", list, as its six characters) at the end, the longest first.
        let thai = NameMatchingRules(
            allWords: [], leadingNoise: ["ของ"], trailingNoise: ["ร า ย ก า ร", "ก า ร"], pluralSuffixes: [])
        let characters = ["ซ", "ื", "้", "อ", "ร", "า", "ย", "ก", "า", "ร"]
        #expect(thai.coreRange(characters.count) { characters[$0] } == 0..<4)
        #expect(thai.coreRange(characters.count) { characters[$0] }
            == 0..<(characters.count - SpacelessText.phraseLength(in: thai.trailingNoise, count: characters.count, fromEnd: true, keep: 1) { characters[$0] }))
    }

    @Test("exact, ignoring case, diacritics, punctuation and the words around a name")
    func exact() {
        #expect(matcher.match("Pet Shop") == .exact(1))
        #expect(matcher.match("pet shop") == .exact(1))
        #expect(matcher.match("PET-SHOP!") == .exact(1))
        #expect(matcher.match("the Pet Shop list") == .exact(1))
        #expect(matcher.match("my pet shop lists") == .exact(1))
        #expect(matcher.match("creme brulee recipes") == .exact(7))
        #expect(matcher.count == Self.names.count)
    }

    @Test("a name that starts with a noise word still matches exactly")
    func exactBeforeNoise() {
        let matcher = NameMatcher(names: ["The Office", "Office Supplies"], rules: Self.rules)
        #expect(matcher.match("the office") == .exact(0))
        #expect(matcher.match("office") == .contained([0, 1]))
    }

    @Test("a name said another way: with or without its own “list”, run together, or with words around it")
    func loose() {
        let matcher = NameMatcher(names: ["Shopping List", "To Do", "Trader Joes", "Online Shopping"], rules: Self.rules)
        #expect(matcher.match("my shopping list") == .exact(0))
        #expect(matcher.match("the Shopping List list") == .exact(0))
        #expect(matcher.match("todo") == .exact(1))
        #expect(matcher.match("my todo list") == .exact(1))
        #expect(matcher.match("traderjoes") == .exact(2))
        // "shopping" is loosely Shopping List, but also inside Online Shopping: a menu.
        #expect(matcher.match("shopping") == .contained([0, 3]))
        #expect(matcher.isKnown(folded: "my shopping list"))
        #expect(matcher.isKnown(folded: "todo"))
        #expect(!matcher.isKnown(folded: "to"))
    }

    @Test("a name is known with words around it whatever its first word's length and letters")
    func knownWithWordsAround() {
        let names = ["À Faire", "Épicerie Fine", "X", "Ab Cd", "日本 食品", "Ünïcödé Stuff"]
        let matcher = NameMatcher(names: names, rules: Self.rules)
        for name in names {
            let folded = TextNormalizer.fold(name)
            #expect(matcher.isKnown(folded: "my " + folded + " list"), "\(name)")
            #expect(matcher.isKnown(folded: "the " + folded.split(separator: " ").joined()), "\(name) run together")
        }
        for other in ["my a list", "my ab list", "my epi list", "the 日 list", "my unicode list", "my xy list"] {
            #expect(!matcher.isKnown(folded: other), "\(other)")
        }
    }

    @Test("a plural ending can be replaced: “groceries” is the whole of “Grocery”, so it is Grocery")
    func pluralReplacement() {
        let rules = NameMatchingRules(allWords: [], leadingNoise: ["my"], trailingNoise: ["list"], pluralSuffixes: ["ies>y", "s"])
        let matcher = NameMatcher(names: ["Grocery", "Office Supply"], rules: rules)
        #expect(matcher.match("my groceries list") == .exact(0))
        #expect(matcher.match("office supplies") == .exact(1))
        // The other way round: the name in the plural, said in the singular.
        let plural = NameMatcher(names: ["Groceries", "Errands"], rules: rules)
        #expect(plural.match("my grocery list") == .exact(0))
        #expect(plural.match("errand") == .exact(1))
        // Also inside another name: a menu, the whole name first.
        let both = NameMatcher(names: ["Groceries for the Party", "Grocery"], rules: rules)
        #expect(both.match("groceries") == .contained([1, 0]))
        #expect(NameMatchingRules(allWords: [], leadingNoise: ["the"], trailingNoise: ["list"], pluralSuffixes: [])
            .isUnnamed("the list"))
    }

    @Test("whole words of exactly one name said as a list (“the hardware list”) are that name; alone, or the start of a word, a candidate to confirm")
    func containedInOne() {
        #expect(matcher.match("the hardware list") == .words(4))
        #expect(matcher.match("my pet lists") == .words(1))
        #expect(matcher.match("brulee recipes list") == .words(7))
        // Without a word for "list": a guess.
        #expect(matcher.match("pet") == .contained([1]))
        #expect(matcher.match("brulee recipes") == .contained([7]))
        // The start of a word, three letters or more: a guess, even said as a list.
        #expect(matcher.match("groc") == .contained([6]))
        #expect(matcher.match("the groc list") == .contained([6]))
        // Whole words of one name, the start of a word of another: a menu.
        let two = NameMatcher(names: ["Gift Shop", "Giftwrap Ideas"], rules: Self.rules)
        #expect(two.match("the gift list") == .contained([0, 1]))
        // A language without words for "list" keeps every short name a guess.
        let bare = NameMatcher(names: Self.names, rules: NameMatchingRules(
            allWords: [], leadingNoise: ["the"], trailingNoise: ["list"], pluralSuffixes: ["s"]))
        #expect(bare.match("the hardware list") == .contained([4]))
    }

    @Test("contained in several names: every one, best first")
    func containedInSeveral() {
        #expect(matcher.match("shop") == .contained([0, 1]))
        #expect(matcher.match("store") == .contained([4, 6]))
        let ranked = NameMatcher(names: ["Big Flower Shop Deals", "Pet Shop", "Shop Local Now"], rules: Self.rules)
        #expect(ranked.match("shop") == .contained([1, 2, 0]))
    }

    @Test("“all” means every name")
    func all() {
        #expect(matcher.match("all") == .all)
        #expect(matcher.match("ALL") == .all)
        #expect(matcher.match("every") == .all)
        #expect(matcher.match("all lists") == .all)
        #expect(matcher.match("all shop") == .none)
    }

    @Test("typos and sound-alikes are similar", arguments: [
        ("pett shop", 1),
        ("ofice supplys", 2),
        ("moovies", 3),
        ("hardwear store", 4),
        ("kamping", 5),
        ("grocey store", 6),
        ("flowr shop", 0),
        ("flowrs", 0),
    ])
    func similar(spoken: String, index: Int) {
        #expect(matcher.match(spoken) == .similar([index]))
    }

    @Test("a slip in a word said in the other number is close to the name's stem", arguments: [
        ("grocrey", "Weekly Groceries"), ("weekly grocrey", "Weekly Groceries"), ("grocreis", "Weekly Groceries"),
    ])
    func slipInTheOtherNumber(spoken: String, name: String) {
        let rules = NameMatchingRules(allWords: [], leadingNoise: ["the"], trailingNoise: ["list"], pluralSuffixes: ["ies>y", "s"])
        let names = ["Weekly Groceries", "Movie Nights", "Office Supplies", "Hardware Store"]
        let matcher = NameMatcher(names: names, rules: rules)
        #expect(matcher.match(spoken) == .similar([names.firstIndex(of: name)!]), "\(spoken)")
    }

    @Test("a plural is stemmed: the whole of a name in another number is that name; part of one, a guess")
    func plurals() {
        #expect(matcher.match("flowers") == .contained([0]))
        #expect(matcher.match("the flowers list") == .words(0))
        #expect(matcher.match("pets shop") == .exact(1))
        #expect(matcher.match("camping trips") == .exact(5))
        #expect(matcher.match("the camping trips list") == .exact(5))
    }

    @Test("a singular in -y finds its plural in -ies through the stems, as a guess (“supply” is two edits from “supplie”)")
    func singularOfIes() {
        #expect(matcher.match("office supply") == .similar([2]))
    }

    @Test("a name of the same kind is a guess: “task” for To Do, “things to buy” for Groceries; never an exact match")
    func sameKind() {
        let rules = NameMatchingRules(
            allWords: [], leadingNoise: ["my", "of"], trailingNoise: ["list"], pluralSuffixes: ["ies>y", "s"],
            sameNames: [["to do", "todo", "tasks", "chores"], ["shopping", "groceries", "things to buy"]])
        let matcher = NameMatcher(names: ["To Do", "Groceries", "Garden"], rules: rules)
        #expect(matcher.match("my task list") == .similar([0]))
        #expect(matcher.match("chores") == .similar([0]))
        #expect(matcher.match("things to buy") == .similar([1]))
        #expect(matcher.match("shopping") == .similar([1]))
        // The names themselves still match as they are; other words still match nothing.
        #expect(matcher.match("groceries") == .exact(1))
        #expect(matcher.match("todo") == .exact(0))
        #expect(matcher.match("cinema") == .none)
        #expect(NameMatcher(names: ["Garden"], rules: rules).match("tasks") == .none)
    }

    @Test("a word for “list” inside a name is set aside: “my packing list for lisbon” is Packing for Lisbon")
    func listWordInside() {
        let matcher = NameMatcher(names: ["Packing for Lisbon", "Packing"], rules: Self.rules)
        #expect(matcher.match("my packing list for lisbon") == .exact(0))
        #expect(matcher.match("the packing list") == .exact(1))
        #expect(matcher.match("packing list for porto") != .exact(0))
    }

    @Test("several similar names: the closest first")
    func similarRanked() {
        let matcher = NameMatcher(names: ["Camping Trip", "Kamping Gear"], rules: Self.rules)
        #expect(matcher.match("kampng") == .similar([1, 0]))
    }

    @Test("unrelated words match nothing", arguments: ["cinema", "garage", "bicycle repairs", "zzz", "", "?!"])
    func none(spoken: String) {
        #expect(matcher.match(spoken) == .none)
    }

    @Test("sounding alike helps only when the spelling is already close; never on sound alone")
    func neverOnSoundAlone() {
        func soundAlike(_ a: String, _ b: String) -> Bool {
            !Set(NameMatcher.sounds(a)).isDisjoint(with: NameMatcher.sounds(b))
        }
        // Close in spelling (2 edits in 5 letters, one more than allowed) and alike in sound: a candidate.
        #expect(soundAlike("fone", "phone"))
        let phones = NameMatcher(names: ["Phone Bills"], rules: Self.rules)
        #expect(phones.match("fone bills") == .similar([0]))
        // The same distance without the sound: nothing.
        #expect(!soundAlike("bone", "phone"))
        #expect(phones.match("bone bills") == .none)

        // Alike in sound, far in spelling: nothing.
        #expect(soundAlike("schmidt", "smith"))
        #expect(NameMatcher(names: ["Smith Family"], rules: Self.rules).match("schmidt family") == .none)
        #expect(soundAlike("nite", "knight"))
        #expect(NameMatcher(names: ["Knight Market"], rules: Self.rules).match("nite market") == .none)
    }

    @Test("the words of one name in another order are a guess at it; a word of no name, or a word said twice, is not")
    func wordsInAnotherOrder() {
        #expect(matcher.match("watch movies") == .contained([3]))
        #expect(matcher.match("the store hardware list") == .contained([4]))
        #expect(matcher.match("shop pet") == .contained([1]))
        #expect(matcher.match("store grocery hardware") == .none)
        #expect(matcher.match("shop shop") != .contained([0, 1]))
        // In order, the name as it is found already (whole words side by side).
        #expect(matcher.match("camping trip") == .exact(5))
    }

    @Test("short words must match exactly")
    func shortWords() {
        let matcher = NameMatcher(names: ["Ox Cart", "TV Shows"], rules: Self.rules)
        #expect(matcher.match("ox cart") == .exact(0))
        #expect(matcher.match("ax cart") == .none)
        #expect(matcher.match("tb shows") == .none)
        #expect(matcher.match("tv") == .contained([1]))
        #expect(NameMatcher.allowance(2) == 0)
        #expect(NameMatcher.allowance(3) == 1)
        #expect(NameMatcher.allowance(6) == 2)
        #expect(NameMatcher.allowance(12) == 3)
    }

    @Test("no names, many names, odd input: no crash")
    func edgeCases() {
        #expect(NameMatcher(names: [], rules: Self.rules).match("pet shop") == .none)
        #expect(NameMatcher(names: [], rules: Self.rules).match("all") == .all)
        let many = NameMatcher(names: (0..<1_000).map { "List \($0)" }, rules: Self.rules)
        #expect(many.match("list 999") == .exact(999))
        #expect(matcher.match("\u{0}\u{1B}[31m🍕") == .none)
        #expect(matcher.match(String(repeating: "shop ", count: 1_000)) == .none)
    }

    @Test("edit distance with a limit")
    func editDistance() {
        #expect(EditDistance.distance("kitten", "sitting", limit: 3) == 3)
        #expect(EditDistance.distance("kitten", "sitting", limit: 2) == nil)
        #expect(EditDistance.distance("", "abc", limit: 3) == 3)
        #expect(EditDistance.distance("", "abc", limit: 2) == nil)
        #expect(EditDistance.distance("same", "same", limit: 0) == 0)
        // Two letters side by side swapped are one edit, as typing slips are.
        #expect(EditDistance.distance("grocrey", "grocery", limit: 1) == 1)
        #expect(EditDistance.distance("teh", "the", limit: 1) == 1)
        #expect(EditDistance.distance("ab", "ba", limit: 0) == nil)
        #expect(EditDistance.distance("remvoe", "remove", limit: 2) == 1)
        // A letter is swapped once: "ca" → "abc" is three edits (optimal string alignment).
        #expect(EditDistance.distance("ca", "abc", limit: 3) == 3)
    }
}
