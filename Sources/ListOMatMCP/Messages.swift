import Foundation

/// A JSON-RPC error answer: its code and words.
package struct RPCError: Error, Equatable, Sendable {
    package var code: Int
    package var message: String

    package init(code: Int, _ message: String) {
        self.code = code
        self.message = message
    }

    /// Not JSON (or not UTF-8).
    static func parseError(_ message: String) -> RPCError { RPCError(code: -32700, message) }
    /// JSON, but not a JSON-RPC request, notification or response.
    static func invalidRequest(_ message: String) -> RPCError { RPCError(code: -32600, message) }
    static func methodNotFound(_ message: String) -> RPCError { RPCError(code: -32601, message) }
    static func invalidParams(_ message: String) -> RPCError { RPCError(code: -32602, message) }
    static func internalError(_ message: String) -> RPCError { RPCError(code: -32603, message) }

    var json: Value { ["code": .int(code), "message": .string(message)] }
}

/// An MCP tool as `tools/list` describes it.
package struct Tool: Sendable {
    package struct Annotations: Sendable {
        var readOnlyHint: Bool?
        var destructiveHint: Bool?
        var openWorldHint: Bool?

        init(readOnlyHint: Bool? = nil, destructiveHint: Bool? = nil, openWorldHint: Bool? = nil) {
            self.readOnlyHint = readOnlyHint
            self.destructiveHint = destructiveHint
            self.openWorldHint = openWorldHint
        }
    }

    package var name: String
    package var title: String?
    package var description: String
    package var inputSchema: Value
    package var annotations: Annotations

    var json: Value {
        var tool: [String: Value] = [
            "name": .string(name), "description": .string(description), "inputSchema": inputSchema,
        ]
        if let title { tool["title"] = .string(title) }
        var hints: [String: Value] = [:]
        if let hint = annotations.readOnlyHint { hints["readOnlyHint"] = .bool(hint) }
        if let hint = annotations.destructiveHint { hints["destructiveHint"] = .bool(hint) }
        if let hint = annotations.openWorldHint { hints["openWorldHint"] = .bool(hint) }
        if !hints.isEmpty { tool["annotations"] = .object(hints) }
        return .object(tool)
    }
}

/// What `tools/call` answers: the words for the model, the same as structured content, and
/// whether the call failed (a failed call is a result, not a JSON-RPC error).
package struct ToolResult: Sendable {
    package var text: String
    package var structuredContent: Value?
    package var isError: Bool

    var json: Value {
        var result: [String: Value] = [
            "content": [["type": "text", "text": .string(text)]],
            "isError": .bool(isError),
        ]
        if let structuredContent { result["structuredContent"] = structuredContent }
        return .object(result)
    }
}
