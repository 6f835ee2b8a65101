import JSON

/// A JSON-RPC error object, also the error that handlers throw to answer a request with an error.
package struct ResponseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A JSON-RPC / LSP error code. Unknown codes from the client are kept as they are.
    package struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        package var rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// The body is not JSON, or the header block cannot frame a message.
        package static let parseError = Code(rawValue: -32700)
        /// JSON that is not a JSON-RPC 2.0 message (or a batch, which LSP does not have).
        package static let invalidRequest = Code(rawValue: -32600)
        package static let methodNotFound = Code(rawValue: -32601)
        package static let invalidParams = Code(rawValue: -32602)
        package static let internalError = Code(rawValue: -32603)
        /// A request other than `initialize` before `initialize`.
        package static let serverNotInitialized = Code(rawValue: -32002)
        /// JSON-RPC's reserved "unknown error code".
        package static let unknown = Code(rawValue: -32001)
        /// The client cancelled the request (`$/cancelRequest`).
        package static let requestCancelled = Code(rawValue: -32800)
        /// An edit made the request's answer stale.
        package static let contentModified = Code(rawValue: -32801)
        /// The server cancelled the request on its own.
        package static let serverCancelled = Code(rawValue: -32802)
        /// The request was valid but could not be carried out.
        package static let requestFailed = Code(rawValue: -32803)

        package var description: String { "\(rawValue)" }
    }

    package var code: Code
    package var message: String
    package var data: JSONValue?

    package init(code: Code, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    package static func parseError(_ message: String) -> ResponseError {
        ResponseError(code: .parseError, message: message)
    }
    package static func invalidRequest(_ message: String) -> ResponseError {
        ResponseError(code: .invalidRequest, message: message)
    }
    package static func methodNotFound(_ method: String) -> ResponseError {
        ResponseError(code: .methodNotFound, message: "Unknown method '\(method)'")
    }
    package static func invalidParams(_ message: String) -> ResponseError {
        ResponseError(code: .invalidParams, message: message)
    }
    package static func internalError(_ message: String) -> ResponseError {
        ResponseError(code: .internalError, message: message)
    }
    package static let serverNotInitialized = ResponseError(
        code: .serverNotInitialized, message: "The server is not initialized yet")
    package static let requestCancelled = ResponseError(code: .requestCancelled, message: "The request was cancelled")
    package static let contentModified = ResponseError(
        code: .contentModified, message: "The document changed; the answer is stale")
    package static func requestFailed(_ message: String) -> ResponseError {
        ResponseError(code: .requestFailed, message: message)
    }

    /// Decodes an error object; nil when it lacks an integer `code` or a string `message`.
    package init?(json: JSONValue) {
        guard let object = json.objectValue,
            let codeNumber = object["code"]?.numberValue, codeNumber == codeNumber.rounded(.towardZero),
            abs(codeNumber) < 1e15,
            let message = object["message"]?.stringValue
        else { return nil }
        self.init(code: Code(rawValue: Int(codeNumber)), message: message, data: object["data"])
    }

    package var json: JSONValue {
        var object = JSONObject([("code", .number(Double(code.rawValue))), ("message", .string(message))])
        if let data { object["data"] = data }
        return .object(object)
    }

    package var description: String { "\(message) (\(code.rawValue))" }
}
