import Foundation
import ListStore
import Testing

@testable import CalDAVSync

/// Whom sync trusts: a private certificate authority, plain http only to this machine, and no
/// password in the url.
@Suite(.serialized)
struct SyncTrustTests {
    @Test(arguments: [
        ("localhost", true), ("LOCALHOST", true), ("127.0.0.1", true), ("127.8.9.10", true), ("[::1]", true),
        ("::1", true), ("0:0:0:0:0:0:0:1", true),
        ("127.evil.example", false), ("127.0.0.1.evil.example", false), ("localhost.evil.example", false),
        ("128.0.0.1", false), ("::2", false), ("example.com", false), ("10.0.0.1", false),
    ])
    func plainHttpIsOnlyForAnAddressOfThisMachine(host: String, loopback: Bool) {
        #expect(DAVClient.isLoopback(host) == loopback)
    }

    @Test(arguments: ["http://127.evil.example/", "http://localhost.evil.example:5232/"])
    func aNameThatOnlyLooksLocalNeedsHttps(url: String) {
        #expect(throws: SyncError(.configuration, "the sync url must start with https:// (plain http:// is allowed only for this machine: localhost, 127.0.0.1, ::1)")) {
            try DAVClient(account: SyncAccount(url: url, username: nil, password: nil))
        }
    }

    @Test func aPasswordInTheUrlIsRefusedAndNotRepeated() {
        let error = #expect(throws: SyncError.self) {
            try DAVClient(account: SyncAccount(url: "https://ada:SECRET@example.com/", username: nil, password: nil))
        }
        #expect(error?.kind == .configuration)
        #expect(error?.description.contains("SECRET") == false)
    }

    @Test(.enabled(if: Peers.python != nil, "needs Python with radicale (.ci/run installs it in .venv)"))
    func aServerWithAPrivateCertificateAuthorityIsTrustedThroughTheCAFile() async throws {
        let ca = try TestCA()
        defer { ca.remove() }
        let server = try TestServer(tls: ca)
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listomat-device-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try ListStore.open(StoreLocation(directory: folder.path))
        try store.createList(named: "Groceries", items: ["milk"])

        // Without the CA: the certificate is refused, and nothing is sent.
        let untrusted = SyncAccount(url: server.url, username: server.user, password: server.password)
        let error = await #expect(throws: SyncError.self) { try await SyncEngine(store: store, account: untrusted).run() }
        #expect(error?.kind == .network)
        #expect(error?.description.contains("the secure connection failed") == true, "\(String(describing: error))")
        #expect(try server.phoneSummaries().isEmpty)

        var trusted = untrusted
        trusted.caFile = ca.authority
        let report = try await SyncEngine(store: store, account: trusted).run()
        #expect(report.server.itemsAdded == 1)
        #expect(try server.phoneSummaries() == ["Groceries": ["milk"]])
    }

    @Test func aCAFileThatIsNotOneIsAConfigurationError() {
        let error = #expect(throws: SyncError.self) {
            try DAVClient(account: SyncAccount(url: "https://example.com/", username: nil, password: nil, caFile: "/nonexistent/ca.pem"))
        }
        #expect(error?.kind == .configuration)
        #expect(error?.description.contains("cannot be read as PEM certificates") == true)
    }
}
