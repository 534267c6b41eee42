import Foundation
import ListStore
import Testing

@testable import CalDAVSync

/// A server that never finishes its answer: the sync ends within its deadline, lets the next
/// one run, and that one converges.
@Suite(.serialized, .enabled(if: Peers.python != nil, "needs Python with radicale, xandikos and caldav (.ci/run installs them in .venv)"))
struct SyncHangTests {
    @Test(arguments: ["PROPFIND", "REPORT", "PUT"])
    func aServerDrippingItsAnswerEndsWithinTheDeadlineAndTheNextSyncConverges(method: String) async throws {
        // Two seconds for a whole request; the answer's bytes come every half second, so no
        // single read ever waits long enough to time out.
        let setup = try SyncFaultTests.Setup(timeout: 2)
        defer { setup.stop() }
        if method != "PUT" {
            try await setup.device.sync()
            // A change on the server (the same name, a new version), for the sync to read.
            try setup.server.phone("set", "Groceries", "item 3", "SUMMARY", "item 3")
        }
        try setup.proxy.set([["method": method, "drip": 0.5]])
        let error = await #expect(throws: SyncError.self) { try await setup.device.sync() }
        #expect(error?.kind == .network)
        #expect(error?.description.contains("did not finish answering within 2 s") == true, "\(String(describing: error))")

        try setup.proxy.set([])
        try await setup.device.sync()
        try await setup.expectWhole()
    }
}
