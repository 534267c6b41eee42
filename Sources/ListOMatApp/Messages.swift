import Foundation
import IntentKit
import ListStore
import TerminalKit

/// What the store holds now: the lists and a window on the items of one of them.
public struct StoreSnapshot: Sendable {
    package var lists: [ListSummary]
    package var items: ItemWindow?
}

/// Which rows of a list to read (see `ListStore.itemWindow`): around row `index`, or around
/// `item` while it is on the list.
public struct WindowRequest: Sendable, Equatable {
    package var list: UUID
    package var index: Int
    package var item: UUID?
    package var before: Int
    package var after: Int
    /// A row of the window held now, to walk from.
    package var known: KnownRow?
}

/// Where the panes should go after a change: a list, and maybe an item of it.
public struct Target: Sendable, Equatable {
    package var list: UUID?
    package var item: UUID?
    /// Whether the items pane should take the focus.
    package var openItems = false
}

/// Something that happened: input, time passing, or the result of an effect.
public enum Msg: Sendable {
    case input(InputEvent)
    /// Time to look for changes made by other processes.
    case tick
    case loaded(StoreSnapshot, Target?)
    case itemsLoaded(ItemWindow)
    /// A change was made; `summary` says what, for the footer. The panes read the store again.
    case changed(summary: String, undoable: Bool, Target?)
    /// Items of `list` changed in a way the panes can follow without reading the store again
    /// (which takes milliseconds at 100,000 items: every list's counts, every item of the list).
    case itemsChanged(list: UUID, ItemChange, summary: String, undoable: Bool)
    /// Something could not be done; `reload` when the store may have changed meanwhile.
    case failed(String, reload: Bool)
    /// The assistant's turn; `completed` is the request it completed, with its title.
    /// `added`: an item the request added, for the items pane to select (scrolled into view).
    case turn(Turn, Conversation, completed: SuggestedAction?, added: UUID? = nil)
    case suggested([SuggestedAction])
    /// The snippet's list read again: its first rows, or nil when it is gone.
    case snippetLoaded(list: UUID, ItemWindow?)
    /// A phrase was added for the request done last; `summary` says so in the footer.
    case phraseAdded(String)
    /// The items pane's rows read whole, for a search and/or a view order (see `ItemsSource`).
    case viewRead(ViewRows)
    /// A view order that cannot be had (the list is too long): the message says why.
    case viewRefused(String)
    case completion(Completion.Msg)
    case history(CommandHistory.Msg)
    /// The background sync's state, read on a tick (or after the sync key), and the time then.
    case syncRead(SyncIndicator, at: Date)
}

/// What a change did to the items of one list.
public enum ItemChange: Sendable {
    /// Added (the first is selected).
    case added([ListItem])
    /// Changed in place: renamed, checked off or on.
    case updated([ListItem])
    case removed([ListItem])
    /// Put back by undo or redo: each row as it was and as it is now (nil: absent).
    case restored([RowChange<ListItem>])
}

/// Work for the runtime: the store, the assistant, the process.
public enum Effect: Sendable, Equatable {
    case load(Target?)
    /// Reads a window on a list's items (the list newly selected, or rows scrolled to).
    case loadItems(WindowRequest)
    case createList(String)
    case renameList(UUID, String)
    case deleteList(UUID)
    /// Adds items at the end of `list` (one typed, or the lines of a paste), in one change.
    case addItems(list: UUID, [String])
    case renameItem(list: UUID, item: UUID, String)
    case deleteItem(list: UUID, item: UUID)
    case setDone(list: UUID, item: UUID, Bool)
    case copyList(UUID)
    case resetList(UUID)
    case undo, redo
    case converse(ConversationInput)
    /// Runs a request as it is (a suggestion).
    case run(SuggestedAction)
    case addPhrase(String, for: IntentRequest)
    /// Logs that the person opened a list (see `Shortcuts`).
    case donateShow(list: UUID)
    /// Reads the first `rows` rows of the snippet's list again.
    case loadSnippet(list: UUID, rows: Int)
    /// Ranks suggestions again.
    case suggest
    case checkForChanges
    /// Puts text on the terminal's clipboard (the assistant's last answer).
    case copyToClipboard(String)
    case quit
    /// Reads the panes whole for a search and/or a view order (see `ItemsSource`).
    case readView(ViewRequest)
    /// Sorts a list itself: by name, done last.
    case sortList(UUID)
    case moveItem(ListItem, to: UUID)
    /// Moves an item to row `to` (0-based) of its own list.
    case moveWithin(list: UUID, item: UUID, to: Int)
    /// Suspends the program (Ctrl-Z): the terminal is given back until the shell resumes it.
    case suspend
    /// Names starting with one of `fragments` (longest first), for Tab.
    case complete(fragments: [String], list: UUID?)
    case loadHistory
    case saveHistory([String])
    /// Reads the background sync's state (on every tick, when sync is set up).
    case readSync
    /// Asks the background sync to sync now (the sync key).
    case syncNow
}
