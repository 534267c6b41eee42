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

    /// `UUID.random()`: version 4 ids in the standard form, never the same twice.
    @Test func randomIdsAreVersion4AndDistinct() {
        var seen = Set<UUID>()
        for _ in 0..<10_000 {
            let id = UUID.random()
            #expect(seen.insert(id).inserted)
            let key = Array(id.key)
            #expect(key[14] == "4")
            #expect("89ab".contains(key[19]))
            #expect(UUID(uuidString: id.uuidString) == id)
        }
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
