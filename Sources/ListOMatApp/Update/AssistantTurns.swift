import Foundation
import IntentKit
import ListStore
import TerminalKit

// The assistant panel: its questions answered, its turns shown, its transcript scrolled, suggestions run.

/// Keys for a question shown in the panel; nil when the key is not for it.
func answer(_ model: inout AppModel, _ question: AssistantQuestion, _ key: Key) -> [Effect]? {
    if model.commandBar.purpose == .answer { return answerInBar(&model, question, key) }
    switch question {
    case .menu(var menu):
        switch model.screen.keymap.menuOutcome(key, &menu) {
        case .chose(let index):
            model.assistant.question = nil
            return [.converse(.pick(index))]
        case .cancelled:
            model.assistant.question = nil
            return [.converse(.cancel)]
        case .moved:
            model.assistant.question = .menu(menu)
            return []
        case .ignored:
            return key == .character("/") || key == .character(":") ? nil : startRequest(&model, key)
        }
    case .yesNo(let enterMeansYes):
        switch key {
        case .character("y"), .character("Y"):
            model.assistant.question = nil
            return [.converse(.yes)]
        case .enter where enterMeansYes:
            model.assistant.question = nil
            return [.converse(.yes)]
        case .character("n"), .character("N"), .enter:
            model.assistant.question = nil
            return [.converse(.no)]
        case .escape:
            model.assistant.question = nil
            return [.converse(.cancel)]
        case .character("/"), .character(":"):
            return nil
        default:
            return startRequest(&model, key)
        }
    case .value:
        // The bar takes the answer; Esc there cancels.
        return nil
    }
}

/// Keys for a question the command bar asked, answered in the bar: what is typed goes to
/// the bar, and Enter sends it ("yes do it", "no thanks", "2", a name, or a new request).
/// Only keys that type nothing act on the question: ↑↓ move a menu's choice, and Enter on an
/// empty bar takes it, or a yes/no question's safe default. Nil: the bar takes the key.
func answerInBar(_ model: inout AppModel, _ question: AssistantQuestion, _ key: Key) -> [Effect]? {
    guard model.commandBar.input.text.isEmpty || key != .enter else { return nil }
    // The bar is open already: / or : (the keys that open it) starts nothing in it.
    if model.commandBar.input.text.isEmpty, key == .character("/") || key == .character(":") { return [] }
    switch question {
    case .menu(var menu):
        if case .character = key { return nil }
        switch key == .escape ? .ignored : model.screen.keymap.menuOutcome(key, &menu) {
        case .chose(let index):
            model.assistant.question = nil
            model.commandBar.purpose = nil
            return [.converse(.pick(index))]
        case .moved:
            model.assistant.question = .menu(menu)
            return []
        case .cancelled, .ignored:
            return nil
        }
    case .yesNo(let enterMeansYes):
        guard key == .enter else { return nil }
        model.assistant.question = nil
        model.commandBar.purpose = nil
        return [.converse(enterMeansYes ? .yes : .no)]
    case .value:
        return nil
    }
}

/// A letter typed while a question waits that is not an answer to it: the start of a new
/// request, typed into the command bar (where Enter sends it and the assistant starts over,
/// or takes it as the answer when it is one: "yes"). Nothing typed is dropped unseen, and a
/// "y" inside "show my" answers nothing. Other keys (arrows, Tab) do nothing.
func startRequest(_ model: inout AppModel, _ key: Key) -> [Effect] {
    guard case .character(let character) = key, !character.isWhitespace else { return [] }
    startEditing(&model, .command)
    _ = model.commandBar.input.handle(key)
    return []
}

/// A digit runs that suggestion (when the digit is no key of the keymap's), only while the
/// panel shows it: a suggestion nobody can see never runs.
func suggestion(_ model: inout AppModel, _ key: Key) -> [Effect] {
    guard case .character(let c) = key, let n = c.wholeNumberValue, n >= 1, model.assistant.suggestions.indices.contains(n - 1),
          !model.screen.readOnly else { return [] }
    guard View.shownSuggestions(model) >= n else {
        model.status = StatusMessage(
            text: model.screen.words("suggestion.offScreen", ["n": .number(n)]), isError: true)
        return []
    }
    let chosen = model.assistant.suggestions[n - 1]
    say(&model, .person, chosen.title)
    model.assistant.questionAskedByKey = true
    return [.run(chosen)]
}

/// The assistant's turn: its question in place, or its answer and the panes moved to
/// what it touched (read again), else the window topped up.
func receive(_ model: inout AppModel, _ turn: Turn, _ conversation: Conversation, added: UUID? = nil) -> [Effect] {
    model.assistant.conversation = conversation
    say(&model, .assistant, turn.response)
    model.assistant.questionText = turn.response
    let layout = LayoutKind.of(model.screen.size)
    // "Grocery Store has no item “x”. Which item?" waits for a better value just as a
    // missing value does: the bar asks for it (and a new command there starts over).
    let state = turn.state == .unsupported && conversation.isWaiting ? .needsValue : turn.state
    switch state {
    case .disambiguation:
        model.assistant.question = .menu(Menu(options: turn.options))
        askInBar(&model)
        return ItemsSource.topUp(model)
    case .confirmation:
        // A yes that lets a change happen (a destructive request, a guess at what was meant,
        // "did you mean Grocery Store?" for a reset) is only y; Enter is yes only where the
        // request merely shows something.
        if case .confirmIntent? = conversation.question {
            model.assistant.question = .yesNo(enterMeansYes: false)
        } else {
            model.assistant.question = .yesNo(enterMeansYes: !turn.changesData)
        }
        askInBar(&model)
        return ItemsSource.topUp(model)
    case .needsValue:
        model.assistant.question = .value
        model.commandBar.purpose = .answer
        model.commandBar.input.clear()
        if layout != .wide { model.assistant.shown = true }
        return ItemsSource.topUp(model)
    case .completed, .failed, .unsupported, .notUnderstood, .ready:
        model.assistant.question = nil
        if model.commandBar.purpose == .answer { model.commandBar.purpose = nil }
        model.status = StatusMessage(text: turn.response, isError: turn.state != .completed)
        if var snippet = turn.snippet {
            model.assistant.snippetItemCount = snippet.items.count
            model.assistant.snippetGone = false
            snippet.items = Array(snippet.items.prefix(model.snippetRows))
            model.assistant.snippet = snippet
        }
        if turn.state == .completed {
            let list = turn.snippet?.id.flatMap { UUID(key: $0) }
            if layout != .wide { model.assistant.shown = false }
            // What was just done changes what to suggest (not in a key press: this is a request).
            return [ItemsSource.read(model, Target(list: list, item: added, openItems: list != nil)), .suggest]
        }
        if model.screen.focus == .assistant, layout != .wide { model.screen.focus = .lists }
        return ItemsSource.topUp(model)
    }
}

/// A menu or a yes/no question in the panel: answered in the bar, unless a single key raised it.
func askInBar(_ model: inout AppModel) {
    model.screen.focus = .assistant
    model.assistant.shown = true
    guard !model.assistant.questionAskedByKey else { return }
    model.commandBar.purpose = .answer
    model.commandBar.input.clear()
}

func say(_ model: inout AppModel, _ speaker: TranscriptEntry.Speaker, _ text: String) {
    model.assistant.scroll = 0
    model.assistant.transcript.append(TranscriptEntry(speaker: speaker, text: text))
    if model.assistant.transcript.count > AssistantPanel.transcriptLimit {
        model.assistant.transcript.removeFirst(model.assistant.transcript.count - AssistantPanel.transcriptLimit)
    }
}

/// Scrolls the panel's transcript: ↑↓ a line, PgUp PgDn a page, g/Home the oldest, G/End the
/// newest. `View` clamps it to what there is.
func scrollPanel(_ model: inout AppModel, _ action: Action) {
    let page = max(1, (Layout.of(model).panel?.height ?? model.screen.size.height) - 3)
    let limit = View.panelScrollLimit(model)
    switch action {
    case .up: model.assistant.scroll += 1
    case .down: model.assistant.scroll -= 1
    case .pageUp: model.assistant.scroll += page
    case .pageDown: model.assistant.scroll -= page
    case .top: model.assistant.scroll = limit
    default: model.assistant.scroll = 0
    }
    model.assistant.scroll = min(max(0, model.assistant.scroll), limit)
}
