import Testing

@testable import IntentKit

@Suite("Response templates")
struct ResponseTemplateTests {
    let plain = ListFormat(conjunction: "and", serialComma: false)
    let oxford = ListFormat(conjunction: "and", serialComma: true)

    private func render(_ template: String, _ data: [String: TemplateValue], _ format: ListFormat? = nil) -> String {
        ResponseTemplate.render(template, data, format: format ?? plain)
    }

    @Test("${x} shows a value")
    func value() {
        #expect(render("Added ${item} to ${list}.", ["item": .text("rice"), "list": .text("Grocery Store")])
            == "Added rice to Grocery Store.")
        #expect(render("${n} left", ["n": .number(3)]) == "3 left")
        #expect(render("${a}${b}", ["a": .text("x"), "b": .text("y")]) == "xy")
        // Values are not templates themselves.
        #expect(render("${x}", ["x": .text("${y}"), "y": .text("no")]) == "${y}")
    }

    @Test("the names a template shows: each ${…} up to a | or a ., a lone $ or an unclosed ${ no name")
    func names() {
        #expect(ResponseTemplate.names(in: "Which list is ${tasks} on: ${options|or}?") == ["tasks", "options"])
        #expect(ResponseTemplate.names(in: "$5 for $${price} and ${items.count} «${lïste}»") == ["price", "items", "lïste"])
        #expect(ResponseTemplate.names(in: "no names, just $ and } and {") == [])
        #expect(ResponseTemplate.names(in: "${a}${b") == ["a"])
        #expect(ResponseTemplate.names(in: "ends in $") == [])
    }

    @Test("a list is joined: a, b and c")
    func lists() {
        #expect(render("${x}", ["x": .list(["apples", "rice", "olives"])]) == "apples, rice and olives")
        #expect(render("${x}", ["x": .list(["a", "b", "c", "d"])]) == "a, b, c and d")
        #expect(render("${x}", ["x": .list(["apples", "rice"])]) == "apples and rice")
        #expect(render("${x}", ["x": .list(["apples"])]) == "apples")
        #expect(render("[${x}]", ["x": .list([])]) == "[]")
    }

    @Test("the serial comma is a language option")
    func serialComma() {
        #expect(render("${x}", ["x": .list(["a", "b", "c"])], oxford) == "a, b, and c")
        #expect(render("${x}", ["x": .list(["a", "b"])], oxford) == "a and b")
        let french = ListFormat(conjunction: "et", serialComma: false)
        #expect(render("${x}", ["x": .list(["a", "b", "c"])], french) == "a, b et c")
    }

    @Test("${x.count} counts values")
    func count() {
        #expect(render("${x.count}", ["x": .list(["a", "b", "c"])]) == "3")
        #expect(render("${x.count}", ["x": .list([])]) == "0")
        #expect(render("${x.count}", ["x": .text("a")]) == "1")
        #expect(render("${x.count}", ["x": .number(7)]) == "7")
        #expect(render("${x.count}", [:]) == "0")
    }

    @Test("${x|one|other} picks the word for the count")
    func pluralForms() {
        let template = "${n} ${n|item|items}"
        #expect(render(template, ["n": .number(1)]) == "1 item")
        #expect(render(template, ["n": .number(3)]) == "3 items")
        #expect(render(template, ["n": .number(0)]) == "0 items")
        #expect(render("${x} ${x|is|are} there", ["x": .list(["rice"])]) == "rice is there")
        #expect(render("${x} ${x|is|are} there", ["x": .list(["rice", "beans", "olives"])]) == "rice, beans and olives are there")
        #expect(render("${x|is|are}", ["x": .text("rice")]) == "is")
    }

    @Test("a # in a plural form is the count: “its only item is”, “all 4 are”")
    func countInAForm() {
        let template = "${n|its only item is|all # are} done"
        #expect(render(template, ["n": .number(1)]) == "its only item is done")
        #expect(render(template, ["n": .number(4)]) == "all 4 are done")
        #expect(render("${x|#: one|#: many}", ["x": .list(["a", "b"])]) == "2: many")
        #expect(render("${n|#|# #}", ["n": .number(12)]) == "12 12")
    }

    @Test("a form written =N is for exactly that count, before the language's rule")
    func exactForms() {
        let russian = ListFormat(conjunction: "и", serialComma: false, plural: .oneFewMany)
        let template = "${n|=1 единственный пункт|все # пункт|все # пункта|все # пунктов}"
        #expect(render(template, ["n": .number(1)], russian) == "единственный пункт")
        #expect(render(template, ["n": .number(21)], russian) == "все 21 пункт")
        #expect(render(template, ["n": .number(3)], russian) == "все 3 пункта")
        #expect(render(template, ["n": .number(11)], russian) == "все 11 пунктов")
        let none = ListFormat(conjunction: "和", serialComma: false, plural: .none)
        #expect(render("${n|=1 唯一的一项|全部#项}", ["n": .number(1)], none) == "唯一的一项")
        #expect(render("${n|=1 唯一的一项|全部#项}", ["n": .number(2)], none) == "全部2项")
        // Several exact forms, anywhere among the others; a list counts its values.
        #expect(render("${n|one|=0 none|other|=2 both}", ["n": .number(0)]) == "none")
        #expect(render("${n|one|=0 none|other|=2 both}", ["n": .number(2)]) == "both")
        #expect(render("${n|one|=0 none|other|=2 both}", ["n": .number(5)]) == "other")
        #expect(render("${x|=1 only #|# of them}", ["x": .list(["a"])]) == "only 1")
        // "=" not followed by a number is an ordinary form.
        #expect(render("${n|=x|=y}", ["n": .number(1)]) == "=x")
    }

    @Test("${x|or} joins a list with another word")
    func or() {
        #expect(render("${x|or}?", ["x": .list(["Pet Shop", "Flower Shop"])]) == "Pet Shop or Flower Shop?")
        #expect(render("${x|or}", ["x": .list(["a", "b", "c"])]) == "a, b or c")
        #expect(render("${x|or}", ["x": .list(["a", "b", "c"])], oxford) == "a, b, or c")
        #expect(render("${x|or}", ["x": .list(["a"])]) == "a")
    }

    @Test("missing values render as nothing; broken placeholders stay as written")
    func missing() {
        #expect(render("Hello ${name}!", [:]) == "Hello !")
        #expect(render("${x|item|items}", [:]) == "items")
        #expect(render("${x|or}", [:]) == "")
        #expect(render("Hello ${name", ["name": .text("Ann")]) == "Hello ${name")
        #expect(render("cost: $5 {x}", ["x": .text("no")]) == "cost: $5 {x}")
        #expect(render("", [:]) == "")
        #expect(render("no placeholders", ["x": .text("y")]) == "no placeholders")
    }
}

@Suite("Plural forms by language")
struct PluralFormTests {
    @Test func russianTakesOneFewOrManyByTheLastDigits() {
        var format = ListFormat(conjunction: "и", serialComma: false, plural: PluralRule(locale: "ru_RU.UTF-8"))
        let template = "${n} ${n|список|списка|списков}"
        let said = [1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111].map { ResponseTemplate.render(template, ["n": .number($0)], format: format) }
        #expect(said == ["1 список", "2 списка", "4 списка", "5 списков", "11 списков", "12 списков", "14 списков",
                         "21 список", "22 списка", "25 списков", "101 список", "111 списков"])
        format.plural = .oneOther
        #expect(ResponseTemplate.render("${n|a|b|c}", ["n": .number(5)], format: format) == "b")
    }

    @Test func frenchTakesTheSingularForZeroAndOne() {
        let format = ListFormat(conjunction: "et", serialComma: false, plural: PluralRule(locale: "fr-CA"))
        let said = [0, 1, 2].map { ResponseTemplate.render("${n} ${n|article|articles}", ["n": .number($0)], format: format) }
        #expect(said == ["0 article", "1 article", "2 articles"])
    }

    @Test func chineseKoreanAndThaiHaveOneFormAndTwoFormsFallToTheFirst() {
        for locale in ["zh-Hans", "ko", "th"] {
            let format = ListFormat(conjunction: "和", serialComma: false, plural: PluralRule(locale: locale))
            #expect(ResponseTemplate.render("${n|项|项目}", ["n": .number(3)], format: format) == "项")
        }
        // One extra word is still a join, not a form: "${options|or}".
        let format = ListFormat(conjunction: "和", serialComma: false, plural: .none, comma: "、", spaced: false)
        #expect(ResponseTemplate.render("${o|或}", ["o": .list(["甲", "乙"])], format: format) == "甲或乙")
        #expect(ResponseTemplate.render("${o}", ["o": .list(["牛奶", "鸡蛋", "面包"])], format: format) == "牛奶、鸡蛋和面包")
    }
}
