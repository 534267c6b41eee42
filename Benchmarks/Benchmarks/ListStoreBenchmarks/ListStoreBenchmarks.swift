import Benchmark
import BenchmarkSupport
import ListStore

/// ListStore's everyday operations on a store of 10,000 and of 100,000 items (see `Fixture`).
/// Each sample is one operation; only the operation itself is measured.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput],
        timeUnits: .microseconds,
        warmupIterations: 10,
        // At most 5 s per benchmark (setup not counted): about a minute for the 8 of them.
        maxDuration: .seconds(5),
        maxIterations: 2_000
    )

    for size in Fixture.sizes {
        let items = "(\(Fixture.label(size)) items)"

        // Opening an existing database read-write: directory and lock file, the WAL
        // connection pool, the schema check and the migration check. No other connection is
        // open, as for a new listomat process; the store closes after the measurement.
        let forOpen = Workspace(totalItems: size)
        Benchmark("Open store \(items)") { benchmark in
            let store = try ListStore.open(forOpen.location, access: .readWrite)
            benchmark.stopMeasurement()
            withExtendedLifetime(store) {}
        } setup: {
            try forOpen.prepare(openStore: false)
        } teardown: {
            try forOpen.remove()
        }

        // `listomat add LIST ITEM`: one item at the end of the 1,000-item list, named by its
        // name. The item is deleted again outside the measurement, so the store keeps its size.
        let forAdd = Workspace(totalItems: size)
        Benchmark("Add item \(items)") { benchmark in
            let store = forAdd.store!
            let added = try store.addItems(["benchmark item"], to: .name(Fixture.listName))
            benchmark.stopMeasurement()
            try store.deleteItems(added.value.map { .id($0.id) }, from: .id(forAdd.list!.id))
        } setup: {
            try forAdd.prepare(openStore: true)
        } teardown: {
            try forAdd.remove()
        }

        // Checking an item off and on again in turn, list and item named by id (as the TUI does).
        let forToggle = Workspace(totalItems: size)
        Benchmark("Toggle item \(items)") { _ in
            forToggle.itemDone.toggle()
            let changed = try forToggle.store!.setDone(
                forToggle.itemDone, [.id(forToggle.item!.id)], in: .id(forToggle.list!.id))
            precondition(changed.recorded)
        } setup: {
            try forToggle.prepare(openStore: true)
        } teardown: {
            try forToggle.remove()
        }

        // Reading the 1,000-item list and its items, named by its name (as `listomat show`).
        let forLoad = Workspace(totalItems: size)
        Benchmark("Load 1000-item list \(items)") { _ in
            blackHole(try forLoad.store!.listWithItems(.name(Fixture.listName)))
        } setup: {
            try forLoad.prepare(openStore: true)
        } teardown: {
            try forLoad.remove()
        }
    }

    // On one list of 100,000 items, named by their names as the command line names them:
    // adding by the one rule (`listomat add`, the TUI and the assistant: a name already on the
    // list is not added again) and checking an item off and on (`listomat done`). Each finds
    // the name in the name index; neither may read the list.
    let one = "(one list of \(Fixture.label(Fixture.bigListItemCount)) items)"
    let big = ListRef.name(Fixture.bigListName)
    let forBigAdd = Workspace(bigList: ())
    Benchmark("Add item unless there \(one)") { benchmark in
        let store = forBigAdd.store!
        let added = try store.addItemsUnlessPresent(["benchmark item"], to: big)
        benchmark.stopMeasurement()
        try store.deleteItems(added.value.added.map { .id($0.id) }, from: big)
    } setup: {
        try forBigAdd.prepare(openStore: true)
    } teardown: {
        try forBigAdd.remove()
    }

    let forBigToggle = Workspace(bigList: ())
    Benchmark("Toggle item by name \(one)") { _ in
        forBigToggle.itemDone.toggle()
        // Item 50,000 is not checked off in the fixture (every third one is).
        let changed = try forBigToggle.store!.setDone(forBigToggle.itemDone, [.name("everything item 50000")], in: big)
        precondition(changed.recorded)
    } setup: {
        try forBigToggle.prepare(openStore: true)
    } teardown: {
        try forBigToggle.remove()
    }
}
