import Testing

@testable import IntentKit

/// French elided words ("l'", "d'", "qu'") are words of their own; English contractions and
/// names with an apostrophe stay one word, as before.
@Suite("French elision in the tokenizer")
struct FrenchElisionTests {
    @Test("an elided word is a word of its own, before a vowel or h, whatever the apostrophe")
    func elidedWordsSplit() {
        #expect(TextNormalizer.fold("l'huile d'olive") == "l huile d olive")
        #expect(TextNormalizer.fold("L’Huile") == "l huile")
        #expect(TextNormalizer.fold("qu'est-ce qu'il y a") == "qu est ce qu il y a")
        #expect(TextNormalizer.fold("j'ai acheté jusqu'à lorsqu'on puisqu'elle") == "j ai achete jusqu a lorsqu on puisqu elle")
        #expect(TextNormalizer.fold("n'ajoute pas s'il te plaît c'est m'a t'as") == "n ajoute pas s il te plait c est m a t as")
        #expect(TextNormalizer.fold("à l'été, l'œuf, l'hôpital") == "a l ete l œuf l hopital")
        // "l'" and "d'" split before any letter (Home Assistant writes "l'tâches").
        #expect(TextNormalizer.fold("sur l'tâches") == "sur l taches")
    }

    @Test("the elided word keeps its apostrophe in the text, so values read as typed")
    func rangesKeepTheApostrophe() {
        let text = "de l'huile d'olive"
        let tokens = TextNormalizer.tokenize(text)
        #expect(tokens.map { String(text[$0.range]) } == ["de", "l'", "huile", "d'", "olive"])
        let curly = "l’été"
        #expect(TextNormalizer.tokenize(curly).map { String(curly[$0.range]) } == ["l’", "été"])
    }

    @Test("English contractions and names never split")
    func englishStaysWhole() {
        for (text, folded) in [
            ("what's", "whats"), ("don't", "dont"), ("i'd", "id"), ("let's", "lets"), ("o'brien", "obrien"),
            ("c'mon", "cmon"), ("s'mores", "smores"), ("it's", "its"), ("we'll", "well"), ("y'all", "yall"),
            ("rock 'n' roll", "rock n roll"), ("kids' toys", "kids toys"), ("aujourd'hui", "aujourdhui"),
            ("What’s on Mom's list", "whats on moms list"),
        ] {
            #expect(TextNormalizer.fold(text) == folded, "\(text)")
        }
        // An apostrophe at the end is no elision: "l'" in a template is the word "l".
        #expect(TextNormalizer.fold("[l'|la]") == "l la")
        #expect(TextNormalizer.fold("d' course") == "d course")
    }
}
