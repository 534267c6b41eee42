import Foundation
import IntentKit
import ListIntents
import ListStore
import TerminalKit

/// The panes a person can be in.
package enum Pane: Sendable, Equatable {
    case lists, items, assistant
}

/// What the command bar is editing, when it has the keyboard.
package enum BarPurpose: Sendable, Equatable {
    /// Words for the assistant.
    case command
    /// The answer to the assistant's question for a missing value.
    case answer
    case newList
    case newItem(list: UUID)
    case renameList(UUID)
    case renameItem(list: UUID, item: UUID)
    /// A phrase of the person's own for `AssistantPanel.lastRequest`.
    case newPhrase
    /// Words to find in every list (see `Search`).
    case find
}

/// A request the assistant can run as it is (every value chosen), with its title: a
/// suggestion, or the request completed last.
public struct SuggestedAction: Sendable, Equatable {
    package var title: String
    package var request: IntentRequest

    package init(title: String, request: IntentRequest) {
        self.title = title
        self.request = request
    }
}

/// A question of the assistant's, shown in place in the panel.
package enum AssistantQuestion: Sendable {
    /// "Which list?": a menu.
    case menu(Menu)
    /// "Did you mean …?" (Enter means yes) or "Delete Pet Shop and its 2 items?" and any
    /// other request to confirm before it changes something (only y means yes; Enter means no).
    case yesNo(enterMeansYes: Bool)
    /// A missing value: the command bar takes the answer.
    case value
}

/// One line of what was said.
package struct TranscriptEntry: Sendable, Equatable {
    package enum Speaker: Sendable { case person, assistant }
    package var speaker: Speaker
    package var text: String
}

/// A message in the footer after a change ("Removed milk — u to undo") or a failure.
package struct StatusMessage: Sendable, Equatable {
    package var text: String
    package var isError: Bool
}

/// Everything the screen shows, a part for each of its parts. Changed only by `update`.
public struct AppModel: Sendable {
    package var screen: ScreenState
    package var listsPane = ListsPane()
    package var itemsPane = ItemsPane()
    package var commandBar = CommandBar()
    package var assistant = AssistantPanel()
    /// The search in force, if any: the panes show what it found (see `Search`).
    package var search = Search()
    /// The message in the footer.
    package var status: StatusMessage?
    /// The background sync as last read (nil: sync is not set up, and the footer says nothing of it).
    package var sync: SyncShown?

    /// `words`: the interface's words in the language chosen (English unless told).
    package init(size: Size, keymap: Keymap = Keymap(), words: MessageCatalog = .interface("en")) {
        screen = ScreenState(size: size, keymap: keymap, words: words)
    }

    /// Whether the items pane shows rows read whole (a search's or a view order's) instead
    /// of a window on the stored order (see `ItemsSource`).
    package var itemsReadWhole: Bool { search.query != nil || itemsPane.order != nil || itemsPane.hideChecked }

    public var selectedList: ListSummary? { listsPane.selected }

    package var selectedItem: ListItem? {
        itemsPane.view.selected.flatMap { itemsPane.item(at: $0) }
    }

    /// The most snippet rows read: more than any panel shows.
    var snippetRows: Int { max(1, screen.size.height) }
}

/// The terminal, the keys, and what covers or ends the screen.
package struct ScreenState: Sendable {
    package var size: Size
    package var keymap: Keymap
    /// Every word the screen shows, in the language chosen (`Resources/<locale>/interface.yaml`).
    package var words: MessageCatalog
    package var readOnly = false
    package var focus: Pane = .lists
    package var showingHelp = false
    /// The first line of the help overlay shown (it scrolls when it does not fit).
    package var helpScroll = 0
    package var quitting = false
}

/// The lists pane: the lists it shows, where its cursor is, and a list's deletion asked about.
package struct ListsPane: Sendable {
    package var lists: [ListSummary] = []
    package var view = ListView()
    /// Every list, as last read whole (the pane may show only a search's): where "move to"
    /// may send an item.
    package var all: [TaskList] = []
    /// `d` on a list asks first, in the bar: "Delete Pet Shop and its 2 items?" Only y
    /// (or Y: Shift or Caps Lock does not turn a yes into a no) deletes; any other key (Enter,
    /// n, Esc, another d) keeps it.
    package var confirmingDelete: ListSummary?

    package var selected: ListSummary? {
        view.selected.flatMap { lists.indices.contains($0) ? lists[$0] : nil }
    }
}

/// The items pane: a window on the items of the list shown, how it shows them, and what
/// is open over it.
package struct ItemsPane: Sendable {
    /// A window on the items of the list shown (`list`): its rows `start ..< start +
    /// items.count`, those on screen and a margin around them (all of a short list).
    /// `view.count` is how many items the list has.
    package var items: [ListItem] = []
    package var start = 0
    package var view = ListView()
    /// The list `items` come from; the pane is titled with its name.
    package var list: TaskList?
    /// The order shown when not the stored one (`s` cycles it).
    package var order: ItemOrder?
    /// Leaves out checked items (`H`); kept from list to list, like `order`.
    package var hideChecked = false
    /// The row when the last key was pressed (a change is followed from it).
    package var rowAtKey: Int?
    /// The item whose whole name the overlay shows (`v`); any key closes it.
    package var shownItem: ListItem?
    /// The "move to" menu, while open.
    package var moveMenu: MoveMenu?

    /// The list whose items `items` holds.
    package var listID: UUID? { list?.id }

    /// The item at 0-based `index` of the list shown, when the window holds it.
    package func item(at index: Int) -> ListItem? {
        let offset = index - start
        return items.indices.contains(offset) ? items[offset] : nil
    }
}

/// The command bar: what is typed, what for, and its history and completion.
package struct CommandBar: Sendable {
    package var input = TextInput()
    package var purpose: BarPurpose?
    /// A name just submitted (a rename or a new list) and what it was for: if the store
    /// refuses it ("already exists"), the bar opens again with it, so nothing typed is lost.
    package var submittedName: (purpose: BarPurpose, text: String)?
    /// What was typed to the assistant, and where ↑/↓ are in it.
    package var history = CommandHistory()
    /// Tab's candidates, while cycling through them.
    package var completion: Completion?
}

/// The assistant panel: the conversation, its question, what was said, the list it showed
/// last, and what to suggest.
package struct AssistantPanel: Sendable {
    /// On medium and narrow screens the panel is shown on demand.
    package var shown = false
    package var conversation = Conversation()
    package var question: AssistantQuestion?
    /// The question waiting was raised by a single key (a suggestion's digit), so a single
    /// key answers it. One the command bar asked is answered in the bar: what is typed after
    /// it goes there, never to the panes' keys.
    package var questionAskedByKey = false
    /// What the assistant asks or said last, shown above its menu or prompt.
    package var questionText = ""
    package var transcript: [TranscriptEntry] = []
    /// How many lines of the transcript the panel is scrolled back from its newest (0: the
    /// newest show). Anything said brings it back to 0.
    package var scroll = 0
    /// The list the assistant showed last, as it is now: read again (its first rows only)
    /// after every change, so checking items off or undoing shows in the panel too.
    package var snippet: Snippet?
    /// How many items the snippet's list has (`snippet.items` holds only the first rows).
    package var snippetItemCount = 0
    /// The snippet's list no longer exists (removed by undo, `d`, or another process).
    package var snippetGone = false
    /// What the person may want to do next, best first (from the donation log); shown in the
    /// panel when the assistant is not asking anything, each run with its digit.
    package var suggestions: [SuggestedAction] = []
    /// The request the assistant completed last, which a phrase can be added for.
    package var lastRequest: SuggestedAction?

    /// The list whose rows the snippet shows, when it shows one.
    package var snippetListID: UUID? { snippet?.id.flatMap { UUID(key: $0) } }

    /// The most transcript lines kept.
    static let transcriptLimit = 200
}
