import Benchmark
import BenchmarkSupport
import ListOMatApp
import ListStore
import TerminalKit

/// One key press in the TUI — `App.send` (update, and the effects it asks for, against the
/// store on disk) plus `App.render` (the whole 200×50 screen into a cell buffer) — with
/// 100,000 items in the store. The terminal itself (ncurses) is not part of it.
///
/// The store is the 100k fixture (see `Fixture`): the TUI starts on it at 200×50 with the
/// items pane on "Backlog 1", a list of 11,000 items, so every benchmark that moves through
/// or changes items works on the biggest list there is.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput],
        timeUnits: .microseconds,
        warmupIterations: 10,
        maxDuration: .seconds(5),
        maxIterations: 5_000
    )
    let size = 100_000
    let items = "(\(Fixture.label(size)) items, 200x50)"

    /// Moving down through the 11,000 items, and back up from the end.
    let forMove = Session(totalItems: size)
    Benchmark("Key j/k in items \(items)") { benchmark in
        forMove.press(forMove.step(every: 2_000) ? .character("j") : .character("k"), benchmark)
    } setup: {
        try forMove.start(inItems: true)
    } teardown: {
        try forMove.stop()
    }

    let forPage = Session(totalItems: size)
    Benchmark("Key PgDn/PgUp in items \(items)") { benchmark in
        forPage.press(forPage.step(every: 200) ? .pageDown : .pageUp, benchmark)
    } setup: {
        try forPage.start(inItems: true)
    } teardown: {
        try forPage.stop()
    }

    /// Space on the selected item: the store changes on disk, the panes show it.
    let forToggle = Session(totalItems: size)
    Benchmark("Key space (check off) \(items)") { benchmark in
        forToggle.press(.character(" "), benchmark)
    } setup: {
        try forToggle.start(inItems: true)
    } teardown: {
        try forToggle.stop()
    }

    /// Enter in "add item", after typing the item's name (no drawing between those keys):
    /// the item is added to the 11,000-item list and selected. The list grows by one item per
    /// sample.
    let forAdd = Session(totalItems: size)
    Benchmark("Type a name, key enter (add an item) \(items)") { benchmark in
        forAdd.type("new item \(forAdd.count)")
        forAdd.press(.enter, benchmark)
    } setup: {
        try forAdd.start(inItems: true)
        forAdd.press(.character("a"))
    } teardown: {
        try forAdd.stop()
    }

    /// Typing in the command bar.
    let forTyping = Session(totalItems: size)
    Benchmark("Typing in the command bar \(items)") { benchmark in
        forTyping.press(forTyping.step(every: 100) ? .character("x") : .control("u"), benchmark)
    } setup: {
        try forTyping.start(inItems: true)
        forTyping.press(.character("/"))
    } teardown: {
        try forTyping.stop()
    }

    /// Space and u in turn: a check-off, then its undo (the store's undo log, then the panes
    /// read the store again).
    let forUndo = Session(totalItems: size)
    Benchmark("Keys space and u in turn (check off, undo) \(items)") { benchmark in
        forUndo.press(forUndo.step(every: 1) ? .character(" ") : .character("u"), benchmark)
    } setup: {
        try forUndo.start(inItems: true)
    } teardown: {
        try forUndo.stop()
    }

    /// j/k in the lists pane between two lists of 11,000 items: the items pane loads the
    /// newly selected list.
    let forLists = Session(totalItems: size)
    Benchmark("Key j/k in lists (shows 11,000 items) \(items)") { benchmark in
        forLists.press(forLists.step(every: 1) ? .character("j") : .character("k"), benchmark)
    } setup: {
        try forLists.start(inItems: false)
    } teardown: {
        try forLists.stop()
    }

    bigListBenchmarks()
}

/// The same keys on one list of 100,000 items (`Fixture.bigListDocument`: "Everything", and
/// "Small", a list of ten, to switch to and back from). Their cost must not grow with the
/// list's length. Peak resident memory is reported for each.
private func bigListBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .peakMemoryResident],
        timeUnits: .microseconds,
        warmupIterations: 10,
        maxDuration: .seconds(5),
        maxIterations: 5_000
    )
    let one = "(one list of \(Fixture.label(Fixture.bigListItemCount)) items, 200x50)"

    /// A new TUI over the open store (`App.init`: it reads what it shows), and its first frame.
    let forStart = Session(bigList: ())
    Benchmark("First frame \(one)", configuration: configuration) { _ in
        blackHole(forStart.newApp().render())
    } setup: {
        try forStart.start(inItems: false)
    } teardown: {
        try forStart.stop()
    }

    let forMove = Session(bigList: ())
    Benchmark("Key j/k in items \(one)", configuration: configuration) { benchmark in
        forMove.press(forMove.step(every: 2_000) ? .character("j") : .character("k"), benchmark)
    } setup: {
        try forMove.start(inItems: true)
    } teardown: {
        try forMove.stop()
    }

    let forPage = Session(bigList: ())
    Benchmark("Key PgDn/PgUp in items \(one)", configuration: configuration) { benchmark in
        forPage.press(forPage.step(every: 200) ? .pageDown : .pageUp, benchmark)
    } setup: {
        try forPage.start(inItems: true)
    } teardown: {
        try forPage.stop()
    }

    /// End, then Home, in turn: from one end of the list to the other.
    let forEnd = Session(bigList: ())
    Benchmark("Keys End/Home in turn \(one)", configuration: configuration) { benchmark in
        forEnd.press(forEnd.step(every: 1) ? .end : .home, benchmark)
    } setup: {
        try forEnd.start(inItems: true)
    } teardown: {
        try forEnd.stop()
    }

    /// Space on the selected item: checked off, then on again.
    let forToggle = Session(bigList: ())
    Benchmark("Key space (check off) \(one)", configuration: configuration) { benchmark in
        forToggle.press(.character(" "), benchmark)
    } setup: {
        try forToggle.start(inItems: true)
    } teardown: {
        try forToggle.stop()
    }

    /// u after a space (the space is not measured): the undo, and the panes shown again.
    let forUndo = Session(bigList: ())
    Benchmark("Key u (undo a check-off) \(one)", configuration: configuration) { benchmark in
        forUndo.press(.character(" "))
        benchmark.startMeasurement()
        forUndo.press(.character("u"), benchmark)
    } setup: {
        try forUndo.start(inItems: true)
    } teardown: {
        try forUndo.stop()
    }

    /// The same two at the end of the list (End pressed in the setup): no cheaper or dearer
    /// than at its start.
    let forToggleAtEnd = Session(bigList: ())
    Benchmark("Key space (check off) at the end \(one)", configuration: configuration) { benchmark in
        forToggleAtEnd.press(.character(" "), benchmark)
    } setup: {
        try forToggleAtEnd.start(inItems: true)
        forToggleAtEnd.press(.end)
    } teardown: {
        try forToggleAtEnd.stop()
    }

    let forUndoAtEnd = Session(bigList: ())
    Benchmark("Key u (undo a check-off) at the end \(one)", configuration: configuration) { benchmark in
        forUndoAtEnd.press(.character(" "))
        benchmark.startMeasurement()
        forUndoAtEnd.press(.character("u"), benchmark)
    } setup: {
        try forUndoAtEnd.start(inItems: true)
        forUndoAtEnd.press(.end)
    } teardown: {
        try forUndoAtEnd.stop()
    }

    /// In the lists pane, k back to the big list after j to "Small" (the j is not measured):
    /// leaving the list and coming back to it.
    let forSwitch = Session(bigList: ())
    Benchmark("Key k in lists (back to the big list) \(one)", configuration: configuration) { benchmark in
        forSwitch.press(.character("j"))
        benchmark.startMeasurement()
        forSwitch.press(.character("k"), benchmark)
    } setup: {
        try forSwitch.start(inItems: false)
    } teardown: {
        try forSwitch.stop()
    }
}

/// A TUI on its own copy of the fixture, driven key by key.
final class Session: @unchecked Sendable {
    private let workspace: Workspace
    private var app: App?
    /// Samples so far, for benchmarks that alternate between two keys.
    private(set) var count = 0

    init(totalItems: Int) {
        workspace = Workspace(totalItems: totalItems)
    }

    /// On the store of one big list (`Fixture.bigListDocument`).
    init(bigList: Void) {
        workspace = Workspace(bigList: ())
    }

    /// A new TUI at 200×50 over the workspace's store.
    func newApp() -> App {
        App(store: workspace.store!, assistant: { nil }, size: Size(width: 200, height: 50), theme: .defaultTheme)
    }

    /// Starts the TUI at 200×50 with "Backlog 1" selected (on the big-list store, the big
    /// list), its items focused or not.
    func start(inItems: Bool) throws {
        try workspace.prepare(openStore: true)
        let app = newApp()
        self.app = app
        if workspace.bigList {
            precondition(app.model.selectedList?.list.name == Fixture.bigListName, "the TUI should show the big list")
            precondition(app.model.selectedList?.itemCount == Fixture.bigListItemCount)
        } else {
            app.send(.input(.key(.character("j"))))
            precondition(app.model.selectedList?.list.name == "Backlog 1", "the TUI should show Backlog 1")
            precondition(
                app.model.selectedList?.itemCount == (workspace.totalItems - Fixture.listItemCount) / (Fixture.listCount - 1))
        }
        if inItems { app.send(.input(.key(.enter))) }
    }

    /// True for `every` samples, then false for as many, and so on.
    func step(every: Int) -> Bool {
        defer { count += 1 }
        return (count / every) % 2 == 0
    }

    private var lastTick = ContinuousClock.now

    /// One key press: handled, then the screen drawn. Then, outside the measurement, what the
    /// TUI's run loop does between keys every quarter of a second: look for other processes'
    /// changes and copy the write-ahead log into the database (`ListStore.checkpoint`).
    func press(_ key: Key, _ benchmark: Benchmark) {
        press(key)
        benchmark.stopMeasurement()
        if ContinuousClock.now - lastTick >= .milliseconds(250) {
            app!.send(.tick)
            lastTick = ContinuousClock.now
        }
    }

    func press(_ key: Key) {
        app!.send(.input(.key(key)))
        blackHole(app!.render())
    }

    func type(_ text: String) {
        count += 1
        for character in text { app!.send(.input(.key(.character(character)))) }
    }

    func stop() throws {
        app = nil
        try workspace.remove()
    }
}
