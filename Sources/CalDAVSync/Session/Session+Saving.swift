import ListStore

/// Changes sent to the server, and steps written here in batches.
extension Session {
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
        var description: String
    }

    mutating func send(_ pushes: [Push], listName: String) async throws {
        var sent = 0
        for push in pushes {
            note(push.description)
            if dryRun { continue }
            do {
                switch push.request {
                case .put(let ics, let condition):
                    let etag = try await client.put(push.href, ics: ics, condition: condition)
                    var operations = push.operations
                    if var state = push.state {
                        state.etag = etag
                        operations.append(.saveItem(state))
                    }
                    pending.append(SyncStep(operations))
                case .delete(let ifMatch):
                    try await client.delete(push.href, ifMatch: ifMatch)
                    pending.append(SyncStep(push.operations))
                }
            } catch {
                // Someone else changed it since we read it: merged at the next sync.
                guard error.kind == .changedMeanwhile else { throw error }
                report.notes.append("“\(push.href.split(separator: "/").last ?? "")” on \(listName) changed on the server during the sync; it is merged at the next sync")
            }
            sent += 1
            if pending.count >= 200 { try flush() }
            if pushes.count > 200, sent % 500 == 0 { progress?("\(listName): \(sent) of \(pushes.count) changes sent") }
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
            report.notes.append("\(skipped) change\(skipped == 1 ? "" : "s") from the server waited: the item changed here during the sync (merged at the next sync)")
        }
    }

    mutating func record(_ conflict: SyncConflict) {
        report.conflicts.append(conflict)
        pending.append(SyncStep([.conflict(conflict)]))
    }

    mutating func note(_ action: String) {
        report.actions.append(action)
    }
}
