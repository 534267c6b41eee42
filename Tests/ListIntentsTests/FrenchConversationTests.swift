import Foundation
import IntentKit
import ListIntents
import ListStore
import Testing

/// Whole conversations in French over a real (in-memory) store: a menu, a confirmation, a
/// "did you mean", several items at once, a question that changes nothing, elision, accents.
@Suite("The Lists domain in French")
struct FrenchConversationTests {
    let store: ListStore
    let assistant: Assistant

    init() throws {
        store = try ListStore.inMemory()
        try store.createList(named: "Courses", items: ["lait", "pain"])
        try store.createList(named: "À faire", items: ["appeler le plombier"])
        try store.createList(named: "Cadeaux de Noël", items: ["livre pour Papa"])
        try store.createList(named: "Repas de Noël", items: ["huîtres"])
        try store.createList(named: "Bricolage", items: ["vis"])
        assistant = try Assistant.shared("fr")
    }

    func say(_ text: String, _ conversation: inout Conversation) throws -> Turn {
        conversation.receive(.utterance(text), engine: assistant.engine, domain: try assistant.domain(store))
    }

    func items(_ list: String) throws -> [String] { try store.items(in: .name(list)).map(\.name) }

    @Test func aNameInTwoListsIsAMenuAndAnOrdinalPicksOne() throws {
        var conversation = Conversation()
        let menu = try say("ajoute des clémentines à la liste de Noël", &conversation)
        #expect(menu.state == .disambiguation)
        #expect(menu.options == ["Cadeaux de Noël", "Repas de Noël"])
        #expect(menu.response == "À quelle liste dois-je ajouter clémentines : Cadeaux de Noël ou Repas de Noël ?")
        let done = try say("la deuxième", &conversation)
        #expect(done.state == .completed)
        #expect(done.response == "clémentines ajouté à Repas de Noël.")
        #expect(try items("Repas") == ["huîtres", "clémentines"])
    }

    @Test("une raison après la demande est laissée de côté", arguments: [
        ("ajoute du beurre aux courses parce qu'on n'en a plus", "beurre"),
        ("ajoute des œufs aux courses car il n'y en a plus", "œufs"),
        ("mets de la farine dans les courses puisque je fais un gâteau", "farine"),
    ])
    func aReasonAfterTheRequestIsSetAside(text: String, item: String) throws {
        var conversation = Conversation()
        let turn = try say(text, &conversation)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("Courses").last == item)
    }

    @Test("« mets … sur la liste » ajoute, même quand le nom de la liste contient « à »", arguments: [
        "mets des tongs, une serviette et un parasol sur la liste week-end à la plage",
        "mets des tongs, une serviette et un parasol dans la liste week-end à la plage",
    ])
    func putOnAListWhoseNameHoldsAPrepositionAdds(text: String) throws {
        try store.createList(named: "Week-end à la plage", items: [])
        var conversation = Conversation()
        let turn = try say(text, &conversation)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("Week-end à la plage") == ["tongs", "serviette", "parasol"])
    }

    @Test func aQuestionAboutAListNamedAfterPourOnlyAnswers() throws {
        try store.createList(named: "Week-end à la plage", items: ["tongs"])
        let before = try store.undoDepth()
        var conversation = Conversation()
        let turn = try say("est-ce qu'on a bien mis les tongs pour le week-end à la plage ?", &conversation)
        #expect(turn.state == .completed, "\(turn.response)")
        #expect(turn.response.contains("Week-end à la plage"), "\(turn.response)")
        #expect(try store.undoDepth() == before)
    }

    @Test("« dis à ListOMat de … » : la demande qui suit, faite", arguments: [
        "dis à ListOMat d'ajouter des œufs aux courses",
        "Dis à List-o-Mat d'ajouter des œufs à la liste Courses",
    ])
    func tellTheAppToDoSomething(text: String) throws {
        var conversation = Conversation()
        let turn = try say(text, &conversation)
        #expect(turn.state == .completed, "\(text): \(turn.response)")
        #expect(try items("Courses") == ["lait", "pain", "œufs"])
    }

    @Test func deletingAListAsksFirstYesDeletesNoChangesNothing() throws {
        var conversation = Conversation()
        let asked = try say("supprime la liste Bricolage", &conversation)
        #expect(asked.state == .confirmation)
        #expect(asked.response == "Supprimer Bricolage (1 élément) ?")
        let kept = try say("non", &conversation)
        #expect(kept.response == "D'accord, je ne le fais pas.")
        #expect(try store.lists().map(\.name).contains("Bricolage"))

        conversation = Conversation()
        #expect(try say("efface la liste bricolage s'il te plaît", &conversation).state == .confirmation)
        let deleted = try say("oui", &conversation)
        #expect(deleted.state == .completed)
        #expect(!(try store.lists().map(\.name).contains("Bricolage")))
    }

    @Test func aMisspeltListIsADidYouMeanThenOui() throws {
        var conversation = Conversation()
        let guess = try say("ajoute de la colle à la liste bricolaje", &conversation)
        #expect(guess.state == .confirmation)
        #expect(guess.response == "Vouliez-vous dire Bricolage ?")
        #expect(try items("Bricolage") == ["vis"])
        let done = try say("oui", &conversation)
        #expect(done.state == .completed)
        #expect(try items("Bricolage") == ["vis", "colle"])
    }

    @Test func severalItemsAtOnceWithPartitivesAndElision() throws {
        var conversation = Conversation()
        let done = try say("ajoute du beurre, de la farine, de l'huile d'olive et des œufs aux courses", &conversation)
        #expect(done.state == .completed)
        #expect(try items("Courses") == ["lait", "pain", "beurre", "farine", "huile d'olive", "œufs"])
        #expect(done.response == "4 éléments ajoutés à Courses : « beurre », « farine », « huile d'olive » et « œufs ».")
    }

    @Test func aQuestionChangesNothing() throws {
        var conversation = Conversation()
        let answer = try say("est-ce que le lait est sur la liste des courses ?", &conversation)
        #expect(answer.intent == "SearchForNotebookItems")
        #expect(answer.state == .completed)
        #expect(answer.response.hasPrefix("Oui : lait, sur Courses"))
        let asked = try say("j'ai déjà mis du beurre dans les courses ?", &conversation)
        #expect(asked.state != .completed || asked.intent == "SearchForNotebookItems")
        #expect(try items("Courses") == ["lait", "pain"])
    }

    @Test func accentsAreOptionalInNames() throws {
        var conversation = Conversation()
        let done = try say("ajoute réparer le vélo à la liste a faire", &conversation)
        #expect(done.state == .completed)
        #expect(try items("À faire") == ["appeler le plombier", "réparer le vélo"])
        conversation = Conversation()
        let shown = try say("montre-moi la liste repas de noel", &conversation)
        #expect(shown.state == .completed)
        #expect(shown.snippet?.items.map(\.name) == ["huîtres"])
    }

    @Test func ordinalsAndNumberWordsPlaceItemsAndNameLists() throws {
        var conversation = Conversation()
        let moved = try say("mets le pain en première position sur la liste des courses", &conversation)
        #expect(moved.state == .completed)
        #expect(try items("Courses") == ["pain", "lait"])
        conversation = Conversation()
        #expect(try say("mets le pain en position deux dans les courses", &conversation).state == .completed)
        #expect(try items("Courses") == ["lait", "pain"])
        conversation = Conversation()
        let shown = try say("montre-moi la deuxième liste", &conversation)
        #expect(shown.state == .completed)
        #expect(shown.snippet?.items.map(\.name) == ["appeler le plombier"])
    }

    @Test func theListFirstThenPartitiveItems() throws {
        var conversation = Conversation()
        let done = try say("note sur ma liste de bricolage des chevilles et de la colle", &conversation)
        #expect(done.state == .completed)
        #expect(try items("Bricolage") == ["vis", "chevilles", "colle"])
        // Another name for the same kind of list is a guess: asked first, then done.
        conversation = Conversation()
        let guess = try say("mets dans ma liste de shopping du jus d'orange", &conversation)
        #expect(guess.state == .confirmation)
        #expect(guess.response == "Vouliez-vous dire Courses ?")
        #expect(try items("Courses") == ["lait", "pain"])
        #expect(try say("oui", &conversation).state == .completed)
        #expect(try items("Courses") == ["lait", "pain", "jus d'orange"])
    }

    @Test func anOrdinalAfterEnIsAPlaceNotAList() throws {
        var conversation = Conversation()
        let moved = try say("met le pain en deuxième", &conversation)
        #expect(moved.intent == "MoveTaskToPosition")
        #expect(moved.state == .completed)
        #expect(try items("Courses") == ["lait", "pain"])
        #expect(try items("À faire") == ["appeler le plombier"])
        conversation = Conversation()
        #expect(try say("mets le pain en premier", &conversation).state == .completed)
        #expect(try items("Courses") == ["pain", "lait"])
    }

    @Test func boughtJustNowChecksOffAndHaveIBoughtOnlyAsks() throws {
        var conversation = Conversation()
        let asked = try say("est-ce que j'ai acheté le pain ?", &conversation)
        #expect(asked.intent == "SearchForNotebookItems")
        #expect(try store.items(in: .name("Courses")).filter(\.done).isEmpty)
        conversation = Conversation()
        let done = try say("je viens d'acheter le pain", &conversation)
        #expect(done.intent == "SetTaskAttribute")
        #expect(done.state == .completed)
        #expect(try store.items(in: .name("Courses")).filter(\.done).map(\.name) == ["pain"])
        conversation = Conversation()
        let which = try say("le pain est sur quelle liste ?", &conversation)
        #expect(which.intent == "SearchForNotebookItems")
        #expect(which.response.hasPrefix("Oui : pain, sur Courses"))
    }

    @Test func whatIHaveToDoShowsTheListAFaire() throws {
        var conversation = Conversation()
        let shown = try say("qu'est-ce que j'ai à faire ?", &conversation)
        #expect(shown.state == .completed)
        #expect(shown.snippet?.items.map(\.name) == ["appeler le plombier"])
        conversation = Conversation()
        let menu = try say("vide complètement la liste Bricolage", &conversation)
        #expect(menu.intent == "DeleteTasks")
        #expect(menu.state != .completed)
        #expect(try items("Bricolage") == ["vis"])
    }

    @Test func itemsThenTheListWithoutAVerbAndAskedOnlyLooks() throws {
        var conversation = Conversation()
        let done = try say("il faut du beurre et de la farine pour les courses", &conversation)
        #expect(done.state == .completed)
        #expect(try items("Courses") == ["lait", "pain", "beurre", "farine"])
        conversation = Conversation()
        let looked = try say("des vis dans le bricolage ?", &conversation)
        #expect(looked.intent == "SearchForNotebookItems")
        #expect(try items("Bricolage") == ["vis"])
    }

    @Test func takingBackACheckAndMovingRatherThan() throws {
        var conversation = Conversation()
        #expect(try say("j'ai acheté le lait", &conversation).state == .completed)
        conversation = Conversation()
        let unchecked = try say("enlève la coche du lait", &conversation)
        #expect(unchecked.intent == "SetTaskAttribute")
        #expect(unchecked.state == .completed)
        #expect(try store.items(in: .name("Courses")).filter(\.done).isEmpty)
        conversation = Conversation()
        let moved = try say("mets le pain dans bricolage plutôt que dans courses", &conversation)
        #expect(moved.intent == "MoveTasks")
        #expect(moved.state == .completed)
        #expect(try items("Bricolage") == ["vis", "pain"])
    }

    @Test func aRefusalIsNeverDone() throws {
        var conversation = Conversation()
        let turn = try say("n'ajoute pas de lait aux courses", &conversation)
        #expect(turn.state == .notUnderstood)
        #expect(try items("Courses") == ["lait", "pain"])
    }

    @Test func badInputGetsAClearAnswerAndChangesNothing() throws {
        let before = try store.lists().map(\.name)
        for text in ["ajoute \u{200F}\u{200F} aux courses", "\u{0301}\u{0301}", "ajoute lait\u{0000} аux cоurses", "???", "\u{FEFF}"] {
            var conversation = Conversation()
            let turn = try say(text, &conversation)
            #expect(!turn.response.isEmpty, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(try store.lists().map(\.name) == before)
        #expect(try items("Courses") == ["lait", "pain"])
        // Marks of another script alone, or a zero-width space, where the item goes: the list is
        // read and what to add is asked (never "aux courses" as the item).
        for text in ["ajoute \u{0E31}\u{0E34} aux courses", "ajoute \u{200B} aux courses", "ajoute aux courses"] {
            var conversation = Conversation()
            let asked = try say(text, &conversation)
            #expect(asked.state == .needsValue, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(asked.response == "Que dois-je ajouter à Courses ?")
        }
        #expect(try items("Courses") == ["lait", "pain"])
    }

    @Test func theListFirstSaidBrieflyThenTheItems() throws {
        var conversation = Conversation()
        #expect(try say("ajoute liste bricolage des clous", &conversation).state == .completed)
        conversation = Conversation()
        #expect(try say("mets dans ma liste bricolage de la colle", &conversation).state == .completed)
        #expect(try items("Bricolage") == ["vis", "clous", "colle"])
    }

    @Test func aListWhoseNameStartsWithListeStaysWhole() throws {
        try store.createList(named: "Liste des vacances", items: [])
        var conversation = Conversation()
        let done = try say("mets dans la liste des vacances des tongs", &conversation)
        #expect(done.state == .completed)
        #expect(try items("Liste des vacances") == ["tongs"])
    }

    @Test func passeWithoutTheListItComesFromAddsWithItMoves() throws {
        var conversation = Conversation()
        let added = try say("passe du fromage sur la liste courses", &conversation)
        #expect(added.intent == "AddTasks")
        #expect(added.state == .completed)
        conversation = Conversation()
        let moved = try say("passe le pain de courses à bricolage", &conversation)
        #expect(moved.intent == "MoveTasks")
        #expect(try items("Bricolage") == ["vis", "pain"])
        #expect(try items("Courses") == ["lait", "fromage"])
    }

    @Test func aNounThatStartsLikeAnAddVerbIsNotTheVerb() throws {
        for text in ["colle forte pour le bricolage", "passe-partout sur bricolage", "marque page sur bricolage"] {
            var conversation = Conversation()
            let turn = try say(text, &conversation)
            #expect(turn.state != .completed, "\(text)")
        }
        #expect(try items("Bricolage") == ["vis"])
        var conversation = Conversation()
        #expect(try say("colle des étiquettes sur bricolage", &conversation).state == .completed)
        #expect(try items("Bricolage") == ["vis", "étiquettes"])
    }

    @Test func dictatedHomophonesOfMetsAddWhereAListIsNamed() throws {
        var conversation = Conversation()
        #expect(try say("mais des chevilles dans bricolage", &conversation).state == .completed)
        #expect(try items("Bricolage") == ["vis", "chevilles"])
        conversation = Conversation()
        #expect(try say("mais non", &conversation).state == .notUnderstood)
    }

    @Test func metsWithoutAListAddsOnlyBeforeAPartitive() throws {
        var conversation = Conversation()
        #expect(try say("mets la radio", &conversation).state == .notUnderstood)
        conversation = Conversation()
        let asked = try say("mets de la farine", &conversation)
        #expect(asked.intent == "AddTasks")
        #expect(try say("courses", &conversation).state == .completed)
        #expect(try items("Courses") == ["lait", "pain", "farine"])
    }

    @Test func crossingOutChecksOffAndNotYetBoughtUnchecks() throws {
        var conversation = Conversation()
        let crossed = try say("barre le lait des courses", &conversation)
        #expect(crossed.intent == "SetTaskAttribute")
        #expect(try store.items(in: .name("Courses")).filter(\.done).map(\.name) == ["lait"])
        conversation = Conversation()
        let back = try say("en fait j'ai toujours pas acheté le lait", &conversation)
        #expect(back.state == .completed)
        #expect(try store.items(in: .name("Courses")).filter(\.done).isEmpty)
        #expect(try items("Courses") == ["lait", "pain"])
    }

    @Test func theListFirstThenWhatIsNeededAdds() throws {
        var conversation = Conversation()
        #expect(try say("pour le bricolage il faut des clous et du mastic", &conversation).state == .completed)
        #expect(try items("Bricolage") == ["vis", "clous", "mastic"])
    }

    @Test func whereAndWhatDoINeedQuestionsChangeNothing() throws {
        for text in ["où est-ce que j'ai noté les vis", "c'est où le pain ?", "il me faut quoi pour le bricolage", "qu'est-ce que je dois prendre pour les courses"] {
            var conversation = Conversation()
            let turn = try say(text, &conversation)
            #expect(turn.intent == "SearchForNotebookItems", "\(text)")
        }
        #expect(try items("Courses") == ["lait", "pain"])
        #expect(try items("Bricolage") == ["vis"])
    }

    @Test func movingInsteadOfAndANewNameWithItsPartitive() throws {
        var conversation = Conversation()
        let moved = try say("mets les vis dans courses au lieu de bricolage", &conversation)
        #expect(moved.intent == "MoveTasks")
        #expect(try items("Courses") == ["lait", "pain", "vis"])
        #expect(try items("Bricolage").isEmpty)
        conversation = Conversation()
        #expect(try say("remplace le pain par du pain complet", &conversation).state == .completed)
        #expect(try items("Courses") == ["lait", "pain complet", "vis"])
    }

    @Test func deAndDesInsideANameOrAnItemStay() throws {
        var conversation = Conversation()
        let made = try say("crée une liste note de frais", &conversation)
        #expect(made.intent == "CreateTaskList")
        #expect(made.state == .completed)
        let name = try #require(try store.lists().map(\.name).first { $0.lowercased() == "note de frais" })
        for text in ["ajoute taxi à la note de frais", "mets le déjeuner dans mes notes de frais", "note de frais, rajoute le péage"] {
            conversation = Conversation()
            #expect(try say(text, &conversation).state == .completed, "\(text)")
        }
        #expect(try items(name) == ["taxi", "déjeuner", "péage"])
        conversation = Conversation()
        #expect(try say("ajoute des pommes de terre aux courses", &conversation).state == .completed)
        #expect(try items("Courses") == ["lait", "pain", "pommes de terre"])
        conversation = Conversation()
        #expect(try say("ajoute une carte de vœux aux cadeaux de Noël", &conversation).state == .completed)
        #expect(try items("Cadeaux de Noël") == ["livre pour Papa", "carte de vœux"])
    }

    @Test func colloquialRequestsForEachKindOfChange() throws {
        var conversation = Conversation()
        #expect(try say("Courses : ajoute 3 baguettes", &conversation).state == .completed)
        conversation = Conversation()
        let needed = try say("faut que j'achète du beurre", &conversation)
        #expect(needed.intent == "AddTasks")
        #expect(needed.state == .needsValue)
        #expect(try say("les courses", &conversation).state == .completed)
        #expect(try items("Courses") == ["lait", "pain", "3 baguettes", "beurre"])
        conversation = Conversation()
        #expect(try say("plus besoin de pain", &conversation).state == .completed)
        #expect(try items("Courses") == ["lait", "3 baguettes", "beurre"])
        conversation = Conversation()
        let created = try say("je voudrais une nouvelle liste Jardin", &conversation)
        #expect(created.intent == "CreateTaskList")
        #expect(try store.lists().map(\.name).contains("Jardin"))
        // Questions, never a change.
        for text in ["t'as mis le lait dans les courses ?", "j'ai noté les vis quelque part ?", "il me manque quoi pour le bricolage ?"] {
            conversation = Conversation()
            #expect(try say(text, &conversation).intent == "SearchForNotebookItems", "\(text)")
        }
        #expect(try items("Courses") == ["lait", "3 baguettes", "beurre"])
    }

    func everything() throws -> [[String]] { try store.lists().map { list in try store.items(in: .id(list.id)).map { "\($0.name)\($0.done ? " ✓" : "")" } } }

    @Test("asked whether something is done: oui when checked off, pas encore when not, none when on no list", arguments: [
        ("t'as acheté le pain ?", "Oui : pain, sur Courses, c'est coché."),
        ("est-ce que le pain est déjà acheté ?", "Oui : pain, sur Courses, c'est coché."),
        ("est-ce qu'on a pris le lait ?", "Pas encore : lait, sur Courses, ce n'est pas encore coché."),
        ("les vis ont été achetées ?", "Pas encore : vis, sur Bricolage, ce n'est pas encore coché."),
        ("j'ai acheté la crème solaire ?", "Non, je ne trouve crème solaire sur aucune de vos listes."),
    ])
    func doneQuestions(text: String, answer: String) throws {
        try store.setDone(true, [.name("pain")], in: .name("Courses"))
        let before = try everything()
        var conversation = Conversation()
        let turn = try say(text, &conversation)
        #expect(turn.intent == "SearchForNotebookItems", "\(text)")
        #expect(turn.response == answer, "\(text)")
        #expect(try everything() == before)
    }

    @Test("the item at a place: answered with it, or changed by its place", arguments: [
        ("c'est quoi le dernier truc sur la liste des courses ?", "Élément 2 sur 2 de Courses : pain."),
        ("quel est le premier élément de la liste bricolage", "Élément 1 sur 1 de Bricolage : vis."),
        ("qu'est-ce que j'ai ajouté en dernier aux courses ?", "Élément 2 sur 2 de Courses : pain."),
    ])
    func itemAtAPlace(text: String, answer: String) throws {
        var conversation = Conversation()
        #expect(try say(text, &conversation).response == answer, "\(text)")
    }

    @Test func anItemByItsPlaceIsRemovedOrCheckedOff() throws {
        var conversation = Conversation()
        #expect(try say("supprime le deuxième article des courses", &conversation).state == .completed)
        #expect(try items("Courses") == ["lait"])
        #expect(try say("coche le premier élément de la liste courses", &conversation).state == .completed)
        #expect(try store.items(in: .name("Courses")).filter(\.done).map(\.name) == ["lait"])
    }

    @Test("deleting every list: one at a time, the lists counted and offered, nothing deleted", arguments: [
        "supprime toutes mes listes", "efface toutes les listes d'un coup", "vire toutes nos listes",
    ])
    func deletingEveryList(text: String) throws {
        var conversation = Conversation()
        let turn = try say(text, &conversation)
        #expect(turn.intent == "DeleteTaskList", "\(text)")
        #expect(turn.response.hasPrefix("Je supprime une liste à la fois, et je demande d'abord. Vous avez 5 listes : "), "\(text)")
        #expect(turn.options.count == 5)
        #expect(try store.lists().count == 5)
    }

    @Test("undo said in other words takes back the newest change", arguments: [
        "annule la dernière modif", "annule ce que je viens de faire", "reviens à l'état d'avant",
    ])
    func undoInOtherWords(text: String) throws {
        var conversation = Conversation()
        #expect(try say("ajoute des clous au bricolage", &conversation).state == .completed)
        let undone = try say(text, &conversation)
        #expect(undone.intent == "UndoChange", "\(text)")
        #expect(try items("Bricolage") == ["vis"], "\(text)")
    }

    @Test func aMissingListOnAnAddIsOfferedThenCreated() throws {
        var conversation = Conversation()
        let offer = try say("ajoute des crayons à la liste école", &conversation)
        #expect(offer.state == .confirmation)
        #expect(offer.response == "Il n'y a pas de liste École. La créer et y ajouter crayons ?")
        #expect(try store.lists().count == 5)
        let done = try say("oui", &conversation)
        #expect(done.state == .completed)
        #expect(try items("École") == ["crayons"])
    }

    @Test func removingWhatIsNotThereIsSaidSoAndChangesNothing() throws {
        var conversation = Conversation()
        let none = try say("retire le poivre des courses", &conversation)
        #expect(none.state == .completed)
        #expect(none.response == "Rien à retirer de Courses (pas de « poivre » sur la liste).")
        #expect(try items("Courses") == ["lait", "pain"])
        let one = try say("retire le lait et le poivre des courses", &conversation)
        #expect(one.response == "lait retiré de Courses. Pas sur la liste : poivre.")
        #expect(try items("Courses") == ["pain"])
    }

    @Test("a guess with no item asks without a gap: the list, then the item, then done")
    func aGuessWithNoItemAsksWithoutAGap() throws {
        var conversation = Conversation()
        let asked = try say("coche", &conversation)
        #expect(asked.state == .needsValue)
        #expect(asked.response == "Quelle liste ?")
        let item = try say("courses", &conversation)
        #expect(item.state == .needsValue, "\(item.response)")
        #expect(item.response == "Quel élément de Courses ?")
        // A guess of the model's: asked once more before anything changes.
        let guess = try say("le lait", &conversation)
        #expect(guess.state == .confirmation)
        #expect(try store.items(in: .name("Courses")).filter(\.done).isEmpty)
        let done = try say("oui", &conversation)
        #expect(done.state == .completed)
        #expect(try store.items(in: .name("Courses")).filter(\.done).map(\.name) == ["lait"])
    }
}
