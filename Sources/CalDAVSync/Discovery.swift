import Foundation
import ListStore

/// A calendar collection on the server that can hold to-dos.
struct RemoteCollection {
    var href: String
    var displayName: String?
    var ctag: String?
    var syncToken: String?
    /// It may hold events too (a general calendar, such as Nextcloud's "Personal"): paired
    /// with a list only once it holds a to-do.
    var eventsToo = false
}

extension DAVClient {
    /// The calendar home (RFC 4791 §6.2.1): from the configured address's principal, or
    /// through `/.well-known/caldav` (RFC 6764) when the address is just the server's.
    func calendarHome() async throws(SyncError) -> String {
        let wanted = [(DAV.dav, "current-user-principal"), (DAV.caldav, "calendar-home-set"), (DAV.dav, "resourcetype")]
        var candidates = [startPath]
        if startPath != "/.well-known/caldav" { candidates.append("/.well-known/caldav") }
        var lastError: SyncError?
        for path in candidates {
            let resources: [DAVResource]
            do {
                resources = try await propfind(path, depth: 0, properties: wanted)
            } catch let error where error.kind == .protocolError || error.kind == .forbidden {
                // Not a place this user may read (or not DAV at all): try the next one.
                lastError = error
                continue
            }
            guard let resource = resources.first else { continue }
            if let home = resource.property(DAV.caldav, "calendar-home-set")?.child(DAV.dav, "href")?.text {
                return self.path(of: trimmed(home))
            }
            if let principal = resource.property(DAV.dav, "current-user-principal")?.child(DAV.dav, "href")?.text {
                let principalPath = self.path(of: trimmed(principal))
                let found = try await propfind(principalPath, depth: 0, properties: [(DAV.caldav, "calendar-home-set")])
                if let home = found.first?.property(DAV.caldav, "calendar-home-set")?.child(DAV.dav, "href")?.text {
                    return self.path(of: trimmed(home))
                }
            }
            if resource.property(DAV.dav, "resourcetype")?.child(DAV.caldav, "calendar") != nil {
                throw SyncError(.configuration, StoreMessage("sync.error.oneCalendar", ["address": .text(origin + path)], english:
                    "the sync url \(origin)\(path) is one calendar; give the server's address (or its calendar home) instead"))
            }
        }
        throw lastError ?? SyncError(.protocolError, StoreMessage("sync.error.notCalDAV", ["address": .text(origin + startPath)],
                                                                 english: "\(origin)\(startPath) does not look like a CalDAV server (no calendar home found)"))
    }

    /// The collections in the home that hold to-dos (or say nothing of what they hold), with
    /// their ctag. Only where a collection has no ctag is its sync-token asked for too: a server
    /// may compute either from every member (Radicale takes ~110 ms for each at 1,000 items).
    /// `withTokens`: both in the same request (after a sync that learnt the token its own
    /// changes made, which the token then proves unchanged without another request).
    func collections(in home: String, withTokens: Bool = false) async throws(SyncError) -> [RemoteCollection] {
        var collections = try await collections(
            in: home, asking: [(DAV.calendarServer, "getctag")] + (withTokens ? [(DAV.dav, "sync-token")] : []))
        if collections.contains(where: { $0.ctag == nil }) {
            let tokens = try await self.collections(in: home, asking: [(DAV.dav, "sync-token")])
            for index in collections.indices where collections[index].ctag == nil {
                collections[index].syncToken = tokens.first { $0.href == collections[index].href }?.syncToken
            }
        }
        return collections
    }

    private func collections(in home: String, asking versions: [(String, String)]) async throws(SyncError) -> [RemoteCollection] {
        let resources = try await propfind(home, depth: 1, properties: [
            (DAV.dav, "resourcetype"), (DAV.dav, "displayname"), (DAV.caldav, "supported-calendar-component-set"),
        ] + versions)
        let homePath = path(of: home)
        return resources.compactMap { resource in
            let href = path(of: resource.href)
            guard href != homePath, resource.property(DAV.dav, "resourcetype")?.child(DAV.caldav, "calendar") != nil else {
                return nil
            }
            var eventsToo = true
            if let components = resource.property(DAV.caldav, "supported-calendar-component-set") {
                let names = components.children(DAV.caldav, "comp").compactMap { $0.attributes["name"]?.uppercased() }
                guard names.isEmpty || names.contains("VTODO") else { return nil }
                eventsToo = names.isEmpty || names.contains("VEVENT")
            }
            let name = resource.property(DAV.dav, "displayname")?.text
            return RemoteCollection(
                href: href.hasSuffix("/") ? href : href + "/",
                displayName: name.flatMap { trimmed($0).isEmpty ? nil : $0 },
                ctag: resource.property(DAV.calendarServer, "getctag").map { trimmed($0.text) }.flatMap { $0.isEmpty ? nil : $0 },
                syncToken: resource.property(DAV.dav, "sync-token").map { trimmed($0.text) }.flatMap { $0.isEmpty ? nil : $0 },
                eventsToo: eventsToo)
        }
    }

    func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}
