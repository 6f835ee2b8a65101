import JSON

/// A JSON-RPC 2.0 request: a method call that expects exactly one response with the same id.
package struct Request: Equatable, Sendable {
    package var id: RequestID
    package var method: String
    /// An object or an array; nil when the message has no `params`.
    package var params: JSONValue?

    package init(id: RequestID, method: String, params: JSONValue? = nil) {
        self.id = id
        self.method = method
        self.params = params
    }
}

/// A JSON-RPC 2.0 notification: a method call without an id, never answered.
package struct Notification: Equatable, Sendable {
    package var method: String
    package var params: JSONValue?

    package init(method: String, params: JSONValue? = nil) {
        self.method = method
        self.params = params
    }
}

/// A JSON-RPC 2.0 response: the result of a request, or its error.
package struct Response: Equatable, Sendable {
    /// The request's id; nil (`null`) only for errors about messages whose id could not be read.
    package var id: RequestID?
    package var result: Result<JSONValue, ResponseError>

    package init(id: RequestID?, result: Result<JSONValue, ResponseError>) {
        self.id = id
        self.result = result
    }

    package init(id: RequestID?, error: ResponseError) {
        self.init(id: id, result: .failure(error))
    }
}

/// Any JSON-RPC 2.0 message.
package enum Message: Equatable, Sendable {
    case request(Request)
    case notification(Notification)
    case response(Response)

    /// The message as a JSON-RPC 2.0 object (`jsonrpc` first, then `id`, `method`, `params` / `result` / `error`).
    package var json: JSONValue {
        var object = JSONObject([("jsonrpc", .string("2.0"))])
        switch self {
        case .request(let request):
            object["id"] = request.id.json
            object["method"] = .string(request.method)
            if let params = request.params { object["params"] = params }
        case .notification(let notification):
            object["method"] = .string(notification.method)
            if let params = notification.params { object["params"] = params }
        case .response(let response):
            object["id"] = response.id?.json ?? .null
            switch response.result {
            case .success(let result): object["result"] = result
            case .failure(let error): object["error"] = error.json
            }
        }
        return .object(object)
    }

    /// The message body as bytes (compact JSON, deterministic). A large integer id is written digit for digit
    /// as it was received (a double cannot hold it): the body is written with `"id":null`, which stands right
    /// after `"jsonrpc"`, and the digits replace the `null`.
    package func serialized() -> [UInt8] {
        let id: RequestID?
        switch self {
        case .request(let request): id = request.id
        case .response(let response): id = response.id
        case .notification: id = nil
        }
        guard case .largeInteger(let digits) = id else { return json.serialized() }
        guard case .object(var object) = json else { return json.serialized() }
        object["id"] = .null
        var bytes = JSONValue.object(object).serialized()
        let prefix = Array(#"{"jsonrpc":"2.0","id":null"#.utf8)
        guard bytes.starts(with: prefix) else { return json.serialized() }
        bytes.replaceSubrange((prefix.count - 4)..<prefix.count, with: Array(digits.utf8))
        return bytes
    }
}
