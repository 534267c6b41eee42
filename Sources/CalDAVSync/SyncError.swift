import ListStore

/// What went wrong talking to the server, in words a person can act on.
package struct SyncError: Error, CustomStringConvertible, Sendable, Equatable {
    package enum Kind: Sendable, Hashable {
        case configuration
        case unauthorized
        /// 403: this user may not read or make what was asked.
        case forbidden
        case network
        case server
        /// 412: the resource changed since we read it.
        case changedMeanwhile
        /// The stored sync token is no longer valid (RFC 6578 §3.2).
        case invalidSyncToken
        case protocolError
        /// The lists' database could not be read or written.
        case store
        /// Another sync of the same lists is running.
        case busy
    }

    package var kind: Kind
    /// What went wrong, as data: worded in the person's language where it is shown (see
    /// `StoreMessage`); a message given as text (the server's or the system's words) has no key.
    package var message: StoreMessage
    package var description: String { message.english }

    package init(_ kind: Kind, _ description: String) {
        self.init(kind, StoreMessage(plainText: description))
    }

    package init(_ kind: Kind, _ message: StoreMessage) {
        self.kind = kind
        self.message = message
    }
}
