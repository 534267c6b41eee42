import Foundation
import GRDB
import Testing

/// `listomat ask` with everyday questions and requests, as a person would run it, with the
/// database read afterwards: whether something is checked off yet, every list to delete,
/// something to remove that is not there.
@Suite("listomat ask: everyday questions")
struct EverydayAskCLITests {
    let cli = CLI()

    init() throws {
        try cli.run("new", "Camping Trip", "tent", "matches")
        try cli.run("new", "Corner Shop", "bread")
        try cli.run("done", "Camping Trip", "tent")
    }

    func everything() throws -> [String] {
        try GRDBHelper.queue(cli.databasePath).read { db in
            try String.fetchAll(db, sql: """
                SELECT lists.name || ': ' || items.name || CASE items.done WHEN 1 THEN ' ✓' ELSE '' END
                FROM items JOIN lists ON lists.id = items.list_id ORDER BY lists.position, items.position
                """)
        }
    }

    @Test func whetherSomethingIsCheckedOffIsAnsweredAndChangesNothing() throws {
        defer { cli.cleanUp() }
        let before = try everything()
        let packed = try cli.run("ask", "did we pack the tent")
        #expect(packed.status == 0)
        #expect(packed.stdout.hasPrefix("Yes: tent is on Camping Trip, checked off."))
        let notYet = try cli.run("ask", "have we packed the matches yet?")
        #expect(notYet.stdout.hasPrefix("Not yet: matches is on Camping Trip, not checked off yet."))
        let nowhere = try cli.run("ask", "did i buy the firewood")
        #expect(nowhere.stdout.hasPrefix("No, I can't find firewood on any of your lists."))
        #expect(try everything() == before)
    }

    @Test func deletingEveryListDeletesNoneEvenWithYes() throws {
        defer { cli.cleanUp() }
        let result = try cli.run("ask", "--yes", "delete all of my lists")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("I delete one list at a time, and ask first. You have 2 lists: Camping Trip and Corner Shop."))
        let lists = try cli.run("lists")
        #expect(lists.stdout.contains("Camping Trip") && lists.stdout.contains("Corner Shop"))
    }

    @Test func removingSomethingNotThereSaysSoAndChangesNothing() throws {
        defer { cli.cleanUp() }
        let before = try everything()
        let result = try cli.run("ask", "take the marshmallows off the camping trip list")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Camping Trip has no marshmallows to remove."))
        #expect(try everything() == before)
    }

    @Test func makingAListThatIsThereAddsToItAndMakesNoSecondList() throws {
        defer { cli.cleanUp() }
        let asked = try cli.run("ask", "start a corner shop list")
        #expect(asked.stdout.hasPrefix("You already have a Corner Shop list. What should I add to it?"), "\(asked.stdout)")
        let before = try everything()
        let dryRun = try cli.run("ask", "--dry-run", "make a camping trip list with a torch")
        #expect(dryRun.stdout.hasPrefix("Ready: Add torch to Camping Trip."), "\(dryRun.stdout)")
        #expect(try everything() == before)
        let added = try cli.run("ask", "make a camping trip list with a torch")
        #expect(added.status == 0)
        #expect(added.stdout.hasPrefix("You already had a Camping Trip list. Added torch to Camping Trip."), "\(added.stdout)")
        #expect(try everything() == ["Camping Trip: tent ✓", "Camping Trip: matches", "Camping Trip: torch", "Corner Shop: bread"])
    }

    @Test func aListToShowThatIsNotThereIsSaidSoAndChangesNothing() throws {
        defer { cli.cleanUp() }
        let before = try everything()
        let asked = try cli.run("ask", "what's on my beach list")
        #expect(asked.status == 0)
        #expect(asked.stdout.hasPrefix("I can't find a list called “beach”. Which list should I show?"), "\(asked.stdout)")
        #expect(try everything() == before)
    }

    @Test func finishingAListAsksFirstAndChecksEverythingOffOnlyOnYes() throws {
        defer { cli.cleanUp() }
        let before = try everything()
        let asked = try cli.run("ask", "finish the camping trip list")
        #expect(asked.stdout.hasPrefix("Check off both items on Camping Trip?"), "\(asked.stdout)")
        let refused = try cli.run("ask", "--no", "i'm done with the camping trip list")
        #expect(refused.status == 0)
        #expect(try everything() == before)
        let done = try cli.run("ask", "--yes", "complete the camping trip list")
        #expect(done.status == 0, "\(done.stderr)")
        #expect(try everything() == ["Camping Trip: tent ✓", "Camping Trip: matches ✓", "Corner Shop: bread"])
    }

    @Test func twoRequestsWithTheListSaidOnceAreBothDone() throws {
        defer { cli.cleanUp() }
        let result = try cli.run("ask", "take the matches off and add a lantern to the camping trip list")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Removed matches from Camping Trip. Added lantern to Camping Trip."), "\(result.stdout)")
        #expect(try everything() == ["Camping Trip: tent ✓", "Camping Trip: lantern", "Corner Shop: bread"])
    }

    @Test func theLastItemOnAListIsAnswered() throws {
        defer { cli.cleanUp() }
        let result = try cli.run("ask", "what's the last thing on my camping trip list")
        #expect(result.stdout.hasPrefix("Item 2 of 2 on Camping Trip: matches."))
    }
}
