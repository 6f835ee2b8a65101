import JSON

/// Why a message body could not be taken as a JSON-RPC message, with the error response it gets.
package struct MessageDecodingFailure: Error, Equatable, Sendable {
    /// The id of the offending request when it could be read (the error response carries it), else nil (`null`).
    package var id: RequestID?
    package var error: ResponseError
    /// Whether the message looked like a response: a peer must not answer a response, so this is only logged.
    package var isResponse: Bool

    package init(id: RequestID?, error: ResponseError, isResponse: Bool = false) {
        self.id = id
        self.error = error
        self.isResponse = isResponse
    }
}

extension Message {
    /// Decodes one message body.
    ///
    /// - Not JSON (including JSON that the JSON layer cannot hold) → −32700 with `id: null`.
    /// - A JSON array (a batch; LSP has none) → one −32600 with `id: null`.
    /// - JSON that is not a JSON-RPC 2.0 request, notification or response → −32600, with the message's id when
    ///   it has a valid one.
    package static func decode(body: [UInt8]) -> Result<Message, MessageDecodingFailure> {
        guard let json = JSONValue.parse(body) ?? rootWithOverflowingID(body) else {
            return .failure(MessageDecodingFailure(id: nil, error: .parseError("The message body is not JSON")))
        }
        // An integer id beyond a double's exact integers (or beyond a double) lost digits in parsing: take them
        // from the text, so that the response carries the id exactly as it was sent.
        guard case .object(var object) = json, case .number(let number) = object["id"],
            !(abs(number) < RequestID.exactIntegerLimit), let text = exactIDText(body),
            let exact = RequestID(integerText: text)
        else { return decode(json: json) }
        object["id"] = .number(0)
        switch decode(json: .object(object)) {
        case .success(.request(var request)):
            request.id = exact
            return .success(.request(request))
        case .success(.response(var response)):
            response.id = exact
            return .success(.response(response))
        case .success(let message):
            return .success(message)
        case .failure(var failure):
            failure.id = exact
            return .failure(failure)
        }
    }

    /// A valid JSON object whose `"id"` is an integer too large even for a double (`1` and 400 zeros), which the
    /// strict parse refuses; nil for anything else.
    private static func rootWithOverflowingID(_ body: [UInt8]) -> JSONValue? {
        let document = JSONDocument.parse(body, processors: 1)
        guard document.isValid, let root = document.root, case .number(let id) = root.objectValue?["id"],
            id.isInfinite
        else { return nil }
        return root
    }

    /// The text of the top-level `"id"` member's value in a valid JSON object body (the last one, as parsing keeps).
    private static func exactIDText(_ body: [UInt8]) -> String? {
        let document = JSONDocument.parse(body, processors: 1)
        guard let range = document.sourceMap.valueRange(JSONPointer.root.appending("id")) else { return nil }
        return String(decoding: body[range], as: UTF8.self)
    }

    /// Decodes a parsed message body; see `decode(body:)`.
    package static func decode(json: JSONValue) -> Result<Message, MessageDecodingFailure> {
        func invalid(
            _ message: String, id: RequestID? = nil, isResponse: Bool = false
        ) -> Result<Message, MessageDecodingFailure> {
            .failure(MessageDecodingFailure(id: id, error: .invalidRequest(message), isResponse: isResponse))
        }
        if case .array = json { return invalid("Batches are not supported") }
        guard let object = json.objectValue else {
            return invalid("A message must be a JSON object, not \(json.typeName)")
        }

        // Read the id first so that later errors can name the request they answer.
        let rawID = object["id"]
        let id = rawID.flatMap(RequestID.init(json:))

        guard object["jsonrpc"] == .string("2.0") else {
            return invalid("The message is not JSON-RPC 2.0 (\"jsonrpc\": \"2.0\" is missing)", id: id)
        }

        if let methodValue = object["method"] {
            guard case .string(let method) = methodValue else {
                return invalid("\"method\" must be a string", id: id)
            }
            // `"params": null` is what clients send for LSP's void params (eglot's shutdown/exit): read it as absent.
            let params = object["params"].flatMap { $0.isNull ? nil : $0 }
            if let params {
                switch params {
                case .object, .array: break
                default: return invalid("\"params\" must be an object or an array", id: id)
                }
            }
            guard let rawID else { return .success(.notification(Notification(method: method, params: params))) }
            guard let id else { return invalid("\"id\" must be an integer or a string, not \(rawID.typeName)") }
            return .success(.request(Request(id: id, method: method, params: params)))
        }

        let result = object["result"]
        let error = object["error"]
        guard result != nil || error != nil else {
            return invalid("The message has no \"method\"", id: id)
        }
        guard let rawID else { return invalid("A response must have an \"id\"", isResponse: true) }
        guard id != nil || rawID.isNull else {
            return invalid("\"id\" must be an integer, a string or null", isResponse: true)
        }
        if let result, error == nil { return .success(.response(Response(id: id, result: .success(result)))) }
        guard result == nil, let error else {
            return invalid("A response has either \"result\" or \"error\", not both", id: id, isResponse: true)
        }
        guard let responseError = ResponseError(json: error) else {
            return invalid("\"error\" must hold an integer \"code\" and a string \"message\"", id: id, isResponse: true)
        }
        return .success(.response(Response(id: id, error: responseError)))
    }
}
