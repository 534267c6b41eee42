import Foundation
import Testing

@testable import IntentKit

@Suite("New values said in another case, returned to their dictionary form")
struct DictionaryFormsTests {
    static let russian = DictionaryForms(
        endings: ["у": "а", "ю": "я", "ами": "ы", "ками": "ки"], agreeing: ["ую": "ая", "юю": "яя", "ыми": "ые"],
        words: ["чаю": "чай"], agreeingWords: ["одну": "одна"], unchanged: ["рагу", "меню"], verbEndings: ["ть", "ти", "чь"])

    @Test("the first noun and the words agreeing with it take their dictionary endings")
    func firstNounAndItsAdjectives() {
        let forms = Self.russian
        #expect(forms.dictionaryForm(of: "колбасу") == "колбаса")
        #expect(forms.dictionaryForm(of: "линию") == "линия")
        #expect(forms.dictionaryForm(of: "зубную пасту") == "зубная паста")
        #expect(forms.dictionaryForm(of: "синюю краску") == "синяя краска")
        #expect(forms.dictionaryForm(of: "одну булку") == "одна булка")
        #expect(forms.dictionaryForm(of: "пасту для зубов и щётку") == "паста для зубов и щётку")
        #expect(forms.dictionaryForm(of: "холодными напитками") == "холодные напитки")
        #expect(forms.dictionaryForm(of: "бутербродами") == "бутерброды")
    }

    @Test("words of their own, capitals and ё")
    func wordsCapitalsAndЁ() {
        let forms = Self.russian
        #expect(forms.dictionaryForm(of: "чаю") == "чай")
        #expect(forms.dictionaryForm(of: "Колбасу") == "Колбаса")
        #expect(forms.dictionaryForm(of: "КОЛБАСУ") == "КОЛБАСА")
        #expect(forms.dictionaryForm(of: "Зубную пасту") == "Зубная паста")
        #expect(forms.dictionaryForm(of: "тёплую куртку") == "тёплая куртка")
    }

    @Test("anything else is kept as said")
    func keptAsSaid() {
        let forms = Self.russian
        for said in ["рагу", "Меню", "молоко", "семена огурцов", "купить колбасу", "новую", "су", "ду",
                     "маму поздравить", "поглажу рубашку", "полью рассаду", "вымою посуду", "маму с днём рождения поздравить",
                     "2 пачки", "«колбасу»", "", "  ", "колбасу!", "12у"] {
            #expect(forms.dictionaryForm(of: said) == said, "\(said)")
        }
        #expect(DictionaryForms.none.dictionaryForm(of: "колбасу") == "колбасу")
    }

    @Test("read from the language file, and a key it does not know is an error")
    func fromTheLanguageFile() throws {
        let language = try Language.load(yaml: """
            language: xx
            dictionary_forms:
              endings: {у: а}
              agreeing: {ую: ая}
              unchanged: [рагу]
            """, file: "a.yaml")
        #expect(language.dictionaryForms.dictionaryForm(of: "красную рыбу") == "красная рыба")
        #expect(language.dictionaryForms.dictionaryForm(of: "рагу") == "рагу")
        #expect(throws: LanguageError.self) {
            _ = try Language.load(yaml: "language: xx\ndictionary_forms: {endigns: {у: а}}\n", file: "b.yaml")
        }
        #expect(throws: LanguageError.self) {
            _ = try Language.load(yaml: "language: xx\ndictionary_forms: {endings: [у]}\n", file: "c.yaml")
        }
    }

    @Test("a word's key is it lower-cased with ё read as е, and only ё replaced")
    func keys() {
        #expect(DictionaryForms.key("Ёлку") == "елку")
        #expect(DictionaryForms.key("ещё") == "еще")
        #expect(DictionaryForms.key("Milk") == "milk")
        #expect(DictionaryForms.key("Crème") == "crème")
        #expect(DictionaryForms.key("") == "")
    }
}
