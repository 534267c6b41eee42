import ListStore

/// Changes sent to the server, and steps written here in batches.
extension Session {
    /// The largest to-do a change sends back to the server, in bytes.
    static let maximumObject = 5_000_000

    /// A change to send to the server, and what to write here once it took it.
    struct Push {
        enum Request {
            case put(ics: String, condition: DAVClient.Condition)
            case delete(ifMatch: String?)
        }

        var href: String
        var request: Request
        /// Written after the server took the change; the state's etag comes from its answer.
        var operations: [SyncStep.Operation]
        var state: SyncedItem?
        var description: StoreMessage
        /// The item and its list, for a change the server refuses.
        var subject: (item: String, list: String)
        /// The report's counts this change adds to once the server took it.
        var counts: [WritableKeyPath<SyncReport, Int>]
        /// What the change does here once the server took it (a merged item written here too).
        var alsoHere: StoreMessage?
        /// The item's state as it was, saved again without its entity tag when the server
        /// refuses the change: the next sync reads the server's copy again before retrying.
        var retry: SyncedItem?
    }

    /// Sends the changes; whether the server refused any (the list is then read whole at the
    /// next sync, so each refused item is compared with the server's copy again).
    mutating func send(_ pushes: [Push], listName: String) async throws -> Bool {
        var sent = 0
        var refused = false
        for push in pushes {
            // CalDAV has no way to change one property: a change re-sends the whole to-do.
            // One another client made huge is not sent back, and said (a dry run says so too).
            if case .put(let ics, _) = push.request, ics.utf8.count > Self.maximumObject {
                let megabytes = (Double(ics.utf8.count) / 1_000_000).formatted(.number.precision(.fractionLength(1)))
                problem(.tooLargeToSend(push.subject.item, on: push.subject.list, megabytes: megabytes, most: Self.maximumObject / 1_000_000))
                continue
            }
            if !dryRun {
                do {
                    try await send(push)
                } catch {
                    // One item the server will not take is said, left as it is, and tried
                    // again at the next sync; the rest goes on. The server failing as a
                    // whole (5xx, the network) stops the sync, which resumes from here.
                    switch error.kind {
                    case .changedMeanwhile:
                        problem(.changedDuringSync(push.subject.item, on: push.subject.list))
                    case .protocolError, .forbidden:
                        problem(.refusedByServer(push.subject.item, on: push.subject.list, reason: error.message))
                    default:
                        throw error
                    }
                    refused = true
                    if var retry = push.retry {
                        retry.etag = nil
                        pending.append(SyncStep([.saveItem(retry)]))
                    }
                    continue
                }
            }
            note(push.description)
            if let alsoHere = push.alsoHere { note(alsoHere) }
            for count in push.counts { report[keyPath: count] += 1 }
            sent += 1
            if pending.count >= 200 { try flush() }
            if pushes.count > 200, sent % 500 == 0 { progress?(.sent(sent, of: pushes.count, on: listName)) }
        }
        return refused
    }

    /// A change the server took in this run.
    enum SentChange: Equatable {
        case saved(etag: String?)
        case deleted
    }

    /// One change to the server; what it took is written here with the next batch.
    private mutating func send(_ push: Push) async throws(SyncError) {
        switch push.request {
        case .put(let ics, let condition):
            let etag = try await client.put(push.href, ics: ics, condition: condition)
            sent[push.href] = .saved(etag: etag)
            var operations = push.operations
            if var state = push.state {
                state.etag = etag
                operations.append(.saveItem(state))
            }
            pending.append(SyncStep(operations))
        case .delete(let ifMatch):
            try await client.delete(push.href, ifMatch: ifMatch)
            sent[push.href] = .deleted
            pending.append(SyncStep(push.operations))
        }
    }

    mutating func commit(_ steps: [SyncStep]) throws {
        pending.append(contentsOf: steps)
        if pending.count >= 500 { try flush() }
    }

    mutating func flush() throws {
        defer { pending = [] }
        guard !dryRun, !pending.isEmpty else { return }
        let skipped = try store.applySync(pending)
        if skipped > 0 {
            report.noteLines.append(.changesWaited(skipped))
        }
    }

    mutating func record(_ conflict: SyncConflict) {
        report.conflicts.append(conflict)
        pending.append(SyncStep([.conflict(conflict)]))
    }

    mutating func note(_ action: StoreMessage) {
        report.actionLines.append(action)
    }

    /// An item that could not be read, written or matched, with the reason.
    mutating func problem(_ message: StoreMessage) {
        report.problemLines.append(message)
    }
}
