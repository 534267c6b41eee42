import Foundation
import IntentKit
import ListStore
import TerminalKit

/// The panes a person can be in.
public enum Pane: Sendable, Equatable {
    case lists, items, assistant
}

/// What the command bar is editing, when it has the keyboard.
public enum BarPurpose: Sendable, Equatable {
    /// Words for the assistant.
    case command
    /// The answer to the assistant's question for a missing value.
    case answer
    case newList
    case newItem(list: UUID)
    case renameList(UUID)
    case renameItem(list: UUID, item: UUID)
    /// A phrase of the person's own for `AppModel.lastRequest`.
    case newPhrase
    /// Words to find in every list (see `Search`).
    case find
}

/// A request the assistant can run as it is (every value chosen), with its title: a
/// suggestion, or the request completed last.
public struct SuggestedAction: Sendable, Equatable {
    public var title: String
    public var request: IntentRequest

    public init(title: String, request: IntentRequest) {
        self.title = title
        self.request = request
    }
}

/// A question of the assistant's, shown in place in the panel.
public enum AssistantQuestion: Sendable {
    /// "Which list?": a menu.
    case menu(Menu)
    /// "Did you mean …?" (Enter means yes) or "Delete Pet Shop and its 2 items?" and any
    /// other request to confirm before it changes something (only y means yes; Enter means no).
    case yesNo(enterMeansYes: Bool)
    /// A missing value: the command bar takes the answer.
    case value
}

/// One line of what was said.
public struct TranscriptEntry: Sendable, Equatable {
    public enum Speaker: Sendable { case person, assistant }
    public var speaker: Speaker
    public var text: String
}

/// A message in the footer after a change ("Removed milk — u to undo") or a failure.
public struct StatusMessage: Sendable, Equatable {
    public var text: String
    public var isError: Bool
}

/// Everything the screen shows. Changed only by `update`.
public struct AppModel: Sendable {
    public var size: Size
    public var keymap: Keymap
    public var readOnly = false

    public var lists: [ListSummary] = []
    public var listsView = ListView()
    /// A window on the items of the list shown (`itemsList`): its rows `itemsStart ..<
    /// itemsStart + items.count`, those on screen and a margin around them (all of a short
    /// list). `itemsView.count` is how many items the list has.
    public var items: [ListItem] = []
    public var itemsStart = 0
    public var itemsView = ListView()
    /// The list `items` come from; the items pane is titled with its name.
    public var itemsList: TaskList?
    /// The list whose items `items` holds.
    public var itemsListID: UUID? { itemsList?.id }
    /// Whether the items pane shows rows read whole (a search's or a view order's) instead
    /// of a window on the stored order (see `ItemsSource`).
    public var itemsReadWhole: Bool { search.query != nil || order != nil }

    public var focus: Pane = .lists
    /// On medium and narrow screens the panel is shown on demand.
    public var panelShown = false
    public var showingHelp = false

    public var bar = TextInput()
    public var barPurpose: BarPurpose?
    /// A name just submitted (a rename or a new list) and what it was for: if the store
    /// refuses it ("already exists"), the bar opens again with it, so nothing typed is lost.
    public var submittedName: (purpose: BarPurpose, text: String)?
    /// The first line of the help overlay shown (it scrolls when it does not fit).
    public var helpScroll = 0

    public var conversation = Conversation()
    public var question: AssistantQuestion?
    /// What the assistant asks or said last, shown above its menu or prompt.
    public var questionText = ""
    public var transcript: [TranscriptEntry] = []
    /// How many lines of the transcript the panel is scrolled back from its newest (0: the
    /// newest show). Anything said brings it back to 0.
    public var panelScroll = 0
    /// The list the assistant showed last, as it is now: read again (its first rows only)
    /// after every change, so checking items off or undoing shows in the panel too.
    public var snippet: Snippet?
    /// How many items the snippet's list has (`snippet.items` holds only the first rows).
    public var snippetItemCount = 0
    /// The snippet's list no longer exists (removed by undo, `d`, or another process).
    public var snippetGone = false
    /// What the person may want to do next, best first (from the donation log); shown in the
    /// panel when the assistant is not asking anything, each run with its digit.
    public var suggestions: [SuggestedAction] = []
    /// The request the assistant completed last, which a phrase can be added for.
    public var lastRequest: SuggestedAction?

    public var status: StatusMessage?
    /// `d` on a list asks first, in the bar: "Delete Pet Shop and its 2 items?" Only y
    /// deletes; any other key (Enter, n, Esc, another d) keeps it.
    public var confirmingDelete: ListSummary?
    public var quitting = false
    /// The search in force, if any: the panes show what it found (see `Search`).
    public var search = Search()
    /// The items pane's order when not the stored one (`s` cycles it).
    public var order: ItemOrder?
    /// Every list, as last read whole (the lists pane may show only a search's): where
    /// "move to" may send an item.
    public var allLists: [TaskList] = []
    /// The "move to" menu, while open.
    public var moveMenu: MoveMenu?
    /// What was typed to the assistant, and where ↑/↓ are in it.
    public var history = CommandHistory()
    /// Tab's candidates, while cycling through them.
    public var completion: Completion?
    /// The items pane's row when the last key was pressed (a change is followed from it).
    public var rowAtKey: Int?
    /// The background sync as last read (nil: sync is not set up, and the footer says nothing of it).
    public var sync: SyncShown?

    public init(size: Size, keymap: Keymap = Keymap()) {
        self.size = size
        self.keymap = keymap
    }

    public var selectedList: ListSummary? {
        listsView.selected.flatMap { lists.indices.contains($0) ? lists[$0] : nil }
    }

    public var selectedItem: ListItem? {
        itemsView.selected.flatMap { item(at: $0) }
    }

    /// The item at 0-based `index` of the list shown, when the window holds it.
    public func item(at index: Int) -> ListItem? {
        let offset = index - itemsStart
        return items.indices.contains(offset) ? items[offset] : nil
    }

    /// The list whose rows the snippet shows, when it shows one.
    public var snippetListID: UUID? { snippet?.id.flatMap { UUID(key: $0) } }

    /// The most snippet rows read: more than any panel shows.
    var snippetRows: Int { max(1, size.height) }

    /// The most transcript lines kept.
    static let transcriptLimit = 200
}
