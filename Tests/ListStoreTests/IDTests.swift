import Foundation
import Testing
@testable import ListStore

@Suite struct IDTests {
    @Test func keyIsLowercaseUUIDStringAndParsesBack() {
        for _ in 0..<1_000 {
            let id = UUID()
            #expect(id.key == id.uuidString.lowercased())
            #expect(UUID(key: id.key) == id)
            #expect(UUID(key: id.uuidString) == id)
        }
        let fixed = UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0xFE, 0xFF))
        #expect(fixed.key == "00010203-0405-0607-0809-0a0b0c0dfeff")
    }

    /// `UUID.random()`: version 7 ids in the standard form, the time they were made first,
    /// each sorting after the one before (also within one millisecond), never the same twice.
    @Test func newIdsAreVersion7InOrderAndDistinct() {
        var seen = Set<UUID>()
        let before = UInt64(Date().timeIntervalSince1970 * 1000)
        var previous = ""
        for _ in 0..<10_000 {
            let id = UUID.random()
            #expect(seen.insert(id).inserted)
            let key = id.key
            let characters = Array(key)
            #expect(characters[14] == "7")
            #expect("89ab".contains(characters[19]))
            #expect(UUID(uuidString: id.uuidString) == id)
            #expect(key > previous)
            previous = key
        }
        let after = UInt64(Date().timeIntervalSince1970 * 1000)
        // 10,000 ids may run the counter past a millisecond or two, never far.
        let first = seen.min { $0.key < $1.key }!.key.replacingOccurrences(of: "-", with: "")
        let milliseconds = UInt64(first.prefix(12), radix: 16)!
        #expect(milliseconds >= before - 1 && milliseconds <= after + 1)
    }

    /// Ids made on several threads at once (they share one buffer of random bytes) are distinct.
    @Test func idsMadeAtOnceOnSeveralThreadsAreDistinct() async {
        let batches = await withTaskGroup(of: [UUID].self) { group in
            for _ in 0..<4 { group.addTask { (0..<5_000).map { _ in UUID.random() } } }
            var all: [[UUID]] = []
            for await batch in group { all.append(batch) }
            return all
        }
        let ids = batches.flatMap { $0 }
        #expect(ids.count == 20_000)
        #expect(Set(ids).count == 20_000)
    }

    @Test(arguments: [
        "", "00010203-0405-0607-0809-0a0b0c0dfef", "00010203-0405-0607-0809-0a0b0c0dfeff0",
        "00010203x0405-0607-0809-0a0b0c0dfeff", "0001020g-0405-0607-0809-0a0b0c0dfeff",
        "000102030-405-0607-0809-0a0b0c0dfeff", "00010203-0405-0607-0809-0a0b0c0dfeé",
    ])
    func malformedKeysAreRefused(_ text: String) {
        #expect(UUID(key: text) == nil)
        #expect(UUID(uuidString: text) == nil)
    }
}
