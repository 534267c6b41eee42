import AsyncHTTPClient
import Foundation
import ListStore
import NIOCore
import NIOHTTP1
import NIOSSL

/// Where and as whom to sync.
package struct SyncAccount: Sendable, Equatable {
    /// The server: its CalDAV address, or just `https://host` (found through
    /// `/.well-known/caldav`).
    package var url: String
    package var username: String?
    package var password: String?
    /// Seconds one request may take, whole: connecting, sending, and reading the answer to its end.
    package var timeout: Double
    /// A PEM file of certificate authorities trusted besides the system's (a private CA).
    package var caFile: String?

    package static let defaultTimeout: Double = 120

    package init(
        url: String, username: String?, password: String?, timeout: Double = SyncAccount.defaultTimeout, caFile: String? = nil
    ) {
        self.url = url
        self.username = username
        self.password = password
        self.timeout = timeout
        self.caFile = caFile
    }

    /// The account as the sync state remembers it (never the password).
    var identity: String { "\(username ?? "")@\(url)" }
}

/// A resource in a multistatus answer: its path, the status when it has one of its own
/// (404 for a member gone, in sync-collection), and the properties found (200).
struct DAVResource {
    var href: String
    var status: Int?
    var properties: [String: XMLElement]

    func property(_ namespace: String, _ name: String) -> XMLElement? { properties[namespace + name] }
}

enum DAV {
    static let dav = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"
    static let calendarServer = "http://calendarserver.org/ns/"
    static let apple = "http://apple.com/ns/ical/"
}

/// The WebDAV/CalDAV requests sync makes (RFC 4918, 4791, 6578), over AsyncHTTPClient.
///
/// AsyncHTTPClient rather than FoundationNetworking: it is Swift on SwiftNIO with its own TLS
/// (BoringSSL), so the static executable of `scripts/install.sh` links it; FoundationNetworking
/// needs libcurl and its dozen libraries, which Debian does not ship for static linking.
final class DAVClient: Sendable {
    let http: HTTPClient
    /// "https://host:port", without a path.
    let origin: String
    /// The path of the configured address.
    let startPath: String
    let authorization: String?
    /// How long one request may take, whole (a server dripping its answer a byte at a time
    /// would otherwise keep every read within the read timeout, and the sync going forever).
    let deadline: TimeAmount
    static let maximumBody = 256 * 1024 * 1024

    init(account: SyncAccount) throws(SyncError) {
        guard let components = URLComponents(string: account.url), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty
        else {
            throw SyncError(.configuration, StoreMessage("sync.error.notAnAddress", english: "the sync url is not an address such as https://example.com/dav/"))
        }
        guard components.user == nil && components.password == nil else {
            throw SyncError(.configuration, StoreMessage("sync.error.urlHoldsPassword", english:
                "the sync url must not hold a user name or password; set username, and password_command or password_env, in [sync]"))
        }
        guard scheme == "https" || (scheme == "http" && Self.isLoopback(host)) else {
            throw SyncError(.configuration, StoreMessage("sync.error.notHTTPS", english:
                "the sync url must start with https:// (plain http:// is allowed only for this machine: localhost, 127.0.0.1, ::1)"))
        }
        let hostPart = host.contains(":") ? "[\(host)]" : host
        origin = "\(scheme)://\(hostPart)" + (components.port.map { ":\($0)" } ?? "")
        let path = components.percentEncodedPath
        startPath = path.isEmpty ? "/" : path
        if let username = account.username {
            let credentials = Data("\(username):\(account.password ?? "")".utf8).base64EncodedString()
            authorization = "Basic \(credentials)"
        } else {
            authorization = nil
        }
        deadline = .milliseconds(Int64(max(0.1, account.timeout) * 1000))
        // The read timeout is a second past the deadline (as the client's own deadline is, in
        // `exchange`): a server silent from the start would otherwise race the two, and a busy
        // machine could end the request with "stopped answering" instead of the deadline's words.
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(connect: .seconds(10), read: min(.seconds(60), deadline + .seconds(1))))
        configuration.httpVersion = .http1Only
        configuration.connectionPool = HTTPClient.Configuration.ConnectionPool(
            idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 4)
        if let caFile = account.caFile { configuration.tlsConfiguration = try Self.trusting(caFile) }
        // A server that is down says so at once (the client would otherwise retry a refused
        // connection until the connect timeout, 10 s). A sync is resumable: the next one retries.
        configuration.connectionPool.retryConnectionEstablishment = false
        http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// TLS that trusts the authorities in `caFile` as well as the system's.
    static func trusting(_ caFile: String) throws(SyncError) -> TLSConfiguration {
        let certificates = (try? NIOSSLCertificate.fromPEMFile(caFile)) ?? []
        guard !certificates.isEmpty else {
            throw SyncError(.configuration, StoreMessage("sync.error.caFile", ["file": .text(caFile)], english:
                "the certificate authority file \(caFile) (ca_file in [sync], or SSL_CERT_FILE) cannot be read as PEM certificates"))
        }
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.additionalTrustRoots = [.certificates(certificates)]
        return tls
    }

    /// Whether `host` is this machine: `localhost`, or an address read as one (127.0.0.0/8,
    /// ::1), never a name that merely starts like one (`127.evil.example`).
    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare == "localhost." { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, bare, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { bytes in bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1 }
        }
        return false
    }

    func shutdown() async {
        try? await http.shutdown()
    }

    struct Response {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]
        var etag: String? { headers.first(name: "ETag") }
        var location: String? { headers.first(name: "Location") }
    }

    /// A path from an href, which servers give as a path or as a whole URL.
    func path(of href: String) -> String {
        if href.hasPrefix("/") { return href }
        if let components = URLComponents(string: href), components.host != nil {
            let path = components.percentEncodedPath
            return path.isEmpty ? "/" : path
        }
        return href
    }

    /// Sends one request, following redirects (which WebDAV servers use for `.well-known`)
    /// with the same method and body.
    func send(
        _ method: HTTPMethod, _ path: String, headers: [(String, String)] = [], body: [UInt8]? = nil,
        contentType: String? = nil
    ) async throws(SyncError) -> Response {
        var target = path
        for _ in 0..<5 {
            var request = HTTPClientRequest(url: origin + target)
            request.method = method
            if let authorization { request.headers.add(name: "Authorization", value: authorization) }
            request.headers.add(name: "User-Agent", value: "ListOMat")
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            if let body {
                request.headers.add(name: "Content-Type", value: contentType ?? "application/xml; charset=utf-8")
                request.body = .bytes(ByteBuffer(bytes: body))
            }
            let response = try await exchange(request)
            switch response.status {
            case 301, 302, 303, 307, 308:
                guard let location = response.location else { return response }
                let next = self.path(of: location)
                if location.hasPrefix("http"), !location.lowercased().hasPrefix(origin.lowercased()) {
                    throw SyncError(.protocolError, StoreMessage("sync.error.redirected", ["location": .text(location)],
                                                                 english: "the server sent us to another server (\(location)); set that address as the sync url"))
                }
                target = next
                continue
            case 401:
                throw SyncError(.unauthorized, authorization == nil
                    ? StoreMessage("sync.error.needsPassword", ["server": .text(origin)],
                                   english: "the server \(origin) wants a user name and password; set username and password_command in [sync]")
                    : StoreMessage("sync.error.refusedPassword", ["server": .text(origin)],
                                   english: "the server \(origin) refused the user name or password"))
            case 403 where method == .PROPFIND || method == .MKCALENDAR:
                throw SyncError(.forbidden, StoreMessage(
                    "sync.error.forbidden", ["server": .text(origin), "path": .text(target)],
                    english: "the server \(origin) refused access to \(target) (403 Forbidden)"))
            default:
                return response
            }
        }
        throw SyncError(.protocolError, StoreMessage("sync.error.redirects", ["address": .text(origin + path)], english: "too many redirects from \(origin)\(path)"))
    }

    private struct DeadlinePassed: Error {}

    struct AnswerTooLarge: Error, CustomStringConvertible {
        var description: String { "the answer is larger than \(DAVClient.maximumBody / 1_048_576) MB" }
    }

    /// An answer's body, read into one array as it comes (collecting it first and copying it
    /// after would hold it twice); up to `maximumBody`.
    private static func read(_ answer: HTTPClientResponse) async throws -> [UInt8] {
        var bytes: [UInt8] = []
        if let length = answer.headers.first(name: "Content-Length").flatMap(Int.init) {
            guard length <= maximumBody else { throw AnswerTooLarge() }
            bytes.reserveCapacity(length)
        }
        for try await chunk in answer.body {
            guard bytes.count + chunk.readableBytes <= maximumBody else { throw AnswerTooLarge() }
            bytes.append(contentsOf: chunk.readableBytesView)
        }
        return bytes
    }

    /// One request and its whole answer, within `deadline`: past it, the request is cancelled.
    private func exchange(_ request: HTTPClientRequest) async throws(SyncError) -> Response {
        let http = self.http, deadline = self.deadline
        do {
            return try await withThrowingTaskGroup(of: Response?.self) { group in
                group.addTask {
                    // The client's own deadline is a little later than ours, so that ours is
                    // the one that ends a slow answer and says so.
                    let answer = try await http.execute(request, deadline: .now() + deadline + .seconds(1))
                    return Response(status: Int(answer.status.code), headers: answer.headers, body: try await Self.read(answer))
                }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(deadline.nanoseconds))
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let response = first else { throw DeadlinePassed() }
                return response
            }
        } catch let error where error is DeadlinePassed || String(describing: error).contains("deadlineExceeded") {
            let seconds = Double(deadline.nanoseconds) / 1e9
            throw SyncError(.network, StoreMessage(
                "sync.error.timeout", ["server": .text(origin), "seconds": .text(seconds.formatted())],
                english: "\(origin) did not finish answering within \(seconds.formatted()) s (timeout in [sync])"))
        } catch let error as AnswerTooLarge {
            throw SyncError(.protocolError, "\(origin): \(error)")
        } catch {
            let reason = Self.describe(error)
            let values = reason.values.merging(["server": .text(origin), "reason": .text(reason.english)]) { $1 }
            throw SyncError(.network, StoreMessage(
                reason.key.isEmpty ? "sync.error.unreachable" : reason.key, values, english: "cannot reach \(origin): \(reason.english)"))
        }
    }

    /// Why a server cannot be reached: a key of `sync.error.unreachable.*` (the whole message
    /// "cannot reach ${server}: …" in the person's language) and its English, or the system's
    /// own words without a key.
    static func describe(_ error: any Error) -> StoreMessage {
        let text = String(describing: error)
        if text.contains("connectTimeout") { return StoreMessage("sync.error.unreachable.timedOut", english: "the connection timed out") }
        if text.contains("connectionRefused") || text.contains("Connection refused") {
            return StoreMessage("sync.error.unreachable.refused", english: "the connection was refused")
        }
        if text.contains("remoteConnectionClosed") { return StoreMessage("sync.error.unreachable.closed", english: "the server closed the connection") }
        if text.contains("readTimeout") || text.contains("deadlineExceeded") {
            return StoreMessage("sync.error.unreachable.stopped", english: "the server stopped answering")
        }
        if text.contains("NIOSSL") || text.contains("handshake") {
            let detail = String(text.prefix(120))
            return StoreMessage("sync.error.unreachable.secure", ["detail": .text(detail)], english: "the secure connection failed (\(detail))")
        }
        return StoreMessage(plainText: String(text.prefix(200)))
    }

    /// Fails with the status in words unless it is one of `expected`.
    func check(_ response: Response, _ expected: Set<Int>, _ what: Step) throws(SyncError) {
        guard !expected.contains(response.status) else { return }
        var values = what.values
        values["step"] = .text(what.step)
        values["status"] = .number(response.status)
        let english = what.english
        switch response.status {
        case 412:
            throw SyncError(.changedMeanwhile, StoreMessage("sync.error.status.changed", values, english: "\(english): changed on the server meanwhile (412)"))
        case 507:
            throw SyncError(.server, StoreMessage("sync.error.status.full", values,
                                                  english: "\(english): the server is out of space (507 Insufficient Storage)"))
        case 500...599:
            throw SyncError(.server, StoreMessage("sync.error.status.failed", values, english: "\(english): the server failed (\(response.status))"))
        default:
            throw SyncError(.protocolError, StoreMessage("sync.error.status.answered", values,
                                                         english: "\(english): the server answered \(response.status)"))
        }
    }

    // MARK: - Requests

    func propfind(_ path: String, depth: Int, properties: [(String, String)]) async throws(SyncError) -> [DAVResource] {
        var body = #"<?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/"><d:prop>"#
        for (namespace, name) in properties { body += "<\(Self.prefix(namespace)):\(name)/>" }
        body += "</d:prop></d:propfind>"
        let response = try await send(.PROPFIND, path, headers: [("Depth", "\(depth)")], body: Array(body.utf8))
        try check(response, [207], .reading(path))
        return try Self.multistatus(response.body).resources
    }

    static func prefix(_ namespace: String) -> String {
        switch namespace {
        case DAV.caldav: return "c"
        case DAV.calendarServer: return "cs"
        default: return "d"
        }
    }

    struct Member {
        var href: String
        var etag: String?
        var data: String?
        /// Its data was larger than `XMLReader.maximumText`, and left out.
        var tooLarge = false
    }

    /// RFC 6578: the members changed and removed since `token` (nil: all of them), and the new token.
    func syncCollection(_ path: String, token: String?) async throws(SyncError) -> (changed: [Member], removed: [String], token: String?) {
        let body = """
            <?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>\(XMLElement.escape(token ?? ""))</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>
            """
        let response = try await send(.REPORT, path, body: Array(body.utf8))
        if response.status == 403 || response.status == 409 || response.status == 400,
           String(decoding: response.body, as: UTF8.self).contains("valid-sync-token") || token != nil {
            throw SyncError(.invalidSyncToken, StoreMessage("sync.error.tokenGone", ["path": .text(path)],
                                                            english: "the server no longer knows the sync token of \(path)"))
        }
        if token == nil, [400, 403, 404, 405, 415, 501].contains(response.status) {
            throw SyncError(.protocolError, StoreMessage("sync.error.noSyncCollection", ["path": .text(path)],
                                                         english: "the server does not offer sync-collection for \(path)"))
        }
        try check(response, [207], .readingChanges(path))
        let answer = try Self.multistatus(response.body)
        var changed: [Member] = []
        var removed: [String] = []
        let collection = self.path(of: path)
        for resource in answer.resources where self.path(of: resource.href) != collection {
            if resource.status == 404 {
                removed.append(self.path(of: resource.href))
            } else {
                changed.append(Member(href: self.path(of: resource.href), etag: resource.property(DAV.dav, "getetag")?.text))
            }
        }
        return (changed, removed, answer.syncToken)
    }

    /// The to-dos of a collection with their entity tags (a calendar-query for VTODO, RFC 4791
    /// §7.8: a collection that also holds events lists only its to-dos), and with their data
    /// when `withData` (a first sync, which reads them all: one request instead of a listing and
    /// a multiget per 500).
    func memberTags(_ path: String, withData: Bool = false) async throws(SyncError) -> [Member] {
        let collection = self.path(of: path)
        let data = withData ? "<c:calendar-data/>" : ""
        let body = #"<?xml version="1.0" encoding="utf-8"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/>"#
            + data
            + #"</d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter></c:calendar-query>"#
        let response = try await send(.REPORT, path, headers: [("Depth", "1")], body: Array(body.utf8))
        try check(response, [207], .listing(path))
        return try Self.multistatus(response.body).resources
            .filter { self.path(of: $0.href) != collection && $0.property(DAV.dav, "getetag") != nil }
            .map {
                let data = withData ? $0.property(DAV.caldav, "calendar-data") : nil
                return Member(href: self.path(of: $0.href), etag: $0.property(DAV.dav, "getetag")?.text,
                              data: data?.textCut == true ? nil : data?.text, tooLarge: data?.textCut ?? false)
            }
    }

    /// RFC 4791 §7.9: the calendar data of these members, in batches.
    func multiget(_ path: String, hrefs: [String]) async throws(SyncError) -> [Member] {
        var members: [Member] = []
        var start = 0
        while start < hrefs.count {
            let batch = hrefs[start..<min(start + 500, hrefs.count)]
            start += batch.count
            var body = #"<?xml version="1.0" encoding="utf-8"?><c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>"#
            for href in batch { body += "<d:href>\(XMLElement.escape(href))</d:href>" }
            body += "</c:calendar-multiget>"
            let response = try await send(.REPORT, path, headers: [("Depth", "1")], body: Array(body.utf8))
            try check(response, [207], .readingItems(path))
            for resource in try Self.multistatus(response.body).resources {
                guard resource.status == nil || resource.status == 200 else { continue }
                guard let data = resource.property(DAV.caldav, "calendar-data") else { continue }
                members.append(Member(href: self.path(of: resource.href), etag: resource.property(DAV.dav, "getetag")?.text,
                                      data: data.textCut ? nil : data.text, tooLarge: data.textCut))
            }
        }
        return members
    }

    enum Condition: Equatable {
        /// Only if there is none yet (`If-None-Match: *`).
        case absent
        /// Only if it is still this version (`If-Match`).
        case version(String)
        /// Only if it exists, whatever its version (`If-Match: *`).
        case exists
    }

    /// Writes a calendar object if `condition` holds; returns its new entity tag when the
    /// server gives one. A version gone or changed is `.changedMeanwhile`.
    func put(_ path: String, ics: String, condition: Condition) async throws(SyncError) -> String? {
        let header: (String, String)
        switch condition {
        case .absent: header = ("If-None-Match", "*")
        case .version(let etag): header = ("If-Match", etag)
        case .exists: header = ("If-Match", "*")
        }
        let response = try await send(.PUT, path, headers: [header], body: Array(ics.utf8),
                                      contentType: "text/calendar; charset=utf-8")
        if response.status == 404 && condition != .absent {
            throw SyncError(.changedMeanwhile, StoreMessage("sync.error.deletedMeanwhile", ["path": .text(path)],
                                                            english: "saving \(path): deleted on the server meanwhile"))
        }
        try check(response, [200, 201, 204], .saving(path))
        return response.etag
    }

    func delete(_ path: String, ifMatch: String?) async throws(SyncError) {
        var headers: [(String, String)] = []
        if let ifMatch { headers.append(("If-Match", ifMatch)) }
        let response = try await send(.DELETE, path, headers: headers)
        // Already gone is as good as deleted.
        try check(response, [200, 204, 404], .deleting(path))
    }

    /// Makes a calendar collection for to-dos (RFC 4791 §5.3.1).
    func mkcalendar(_ path: String, displayName: String) async throws(SyncError) {
        let body = """
            <?xml version="1.0" encoding="utf-8"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop><d:displayname>\(XMLElement.escape(displayName))</d:displayname><c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>
            """
        let response = try await send(.MKCALENDAR, path, body: Array(body.utf8))
        try check(response, [201, 200], .creating(displayName))
    }

    func setDisplayName(_ path: String, _ name: String) async throws(SyncError) {
        let body = """
            <?xml version="1.0" encoding="utf-8"?><d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>\(XMLElement.escape(name))</d:displayname></d:prop></d:set></d:propertyupdate>
            """
        let response = try await send(.PROPPATCH, path, body: Array(body.utf8))
        try check(response, [207, 200], .renaming(path))
    }

    // MARK: - Multistatus

    static func multistatus(_ body: [UInt8]) throws(SyncError) -> (resources: [DAVResource], syncToken: String?) {
        let root: XMLElement
        do {
            root = try XMLReader.parse(body)
        } catch {
            throw SyncError(.protocolError, StoreMessage("sync.error.unreadableAnswer", ["reason": .text("\(error)")],
                                                         english: "the server's answer is not readable (\(error))"))
        }
        guard root.namespace == DAV.dav, root.name == "multistatus" else {
            throw SyncError(.protocolError, StoreMessage("sync.error.notMultistatus", english: "the server's answer is not a WebDAV multistatus"))
        }
        var resources: [DAVResource] = []
        for response in root.children(DAV.dav, "response") {
            guard let href = response.child(DAV.dav, "href")?.text.trimmingCharacters(in: .whitespacesAndNewlines) else { continue }
            var properties: [String: XMLElement] = [:]
            for propstat in response.children(DAV.dav, "propstat") {
                guard statusCode(propstat.child(DAV.dav, "status")?.text) == 200 else { continue }
                for property in propstat.child(DAV.dav, "prop")?.children ?? [] {
                    properties[property.namespace + property.name] = property
                }
            }
            resources.append(DAVResource(
                href: href, status: statusCode(response.child(DAV.dav, "status")?.text), properties: properties))
        }
        let token = root.child(DAV.dav, "sync-token")?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return (resources, token)
    }

    /// 200 from "HTTP/1.1 200 OK".
    static func statusCode(_ line: String?) -> Int? {
        guard let line else { return nil }
        let parts = line.split(separator: " ")
        return parts.count >= 2 ? Int(parts[1]) : nil
    }
}
