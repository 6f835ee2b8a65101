import JSON
import Testing

@testable import RPC

/// Decodes one body given as text.
func decode(_ body: String) -> Result<Message, MessageDecodingFailure> {
    Message.decode(body: Array(body.utf8))
}

func failure(_ result: Result<Message, MessageDecodingFailure>) -> MessageDecodingFailure? {
    if case .failure(let failure) = result { return failure }
    return nil
}

@Suite("JSON-RPC message decoding")
struct MessageDecodingTests {
    @Test("requests, notifications and responses decode to what they say")
    func validMessages() throws {
        #expect(
            try decode(#"{"jsonrpc":"2.0","id":7,"method":"shutdown"}"#).get()
                == .request(Request(id: .number(7), method: "shutdown")))
        #expect(
            try decode(#"{"jsonrpc":"2.0","id":"a-1","method":"x","params":[1]}"#).get()
                == .request(Request(id: .string("a-1"), method: "x", params: .array([.number(1)]))))
        #expect(try decode(#"{"method":"exit","jsonrpc":"2.0"}"#).get() == .notification(Notification(method: "exit")))
        #expect(
            try decode(#"{"jsonrpc":"2.0","id":3,"result":null}"#).get()
                == .response(Response(id: .number(3), result: .success(.null))))
        #expect(
            try decode(#"{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"no"}}"#).get()
                == .response(Response(id: .number(3), error: ResponseError(code: .methodNotFound, message: "no"))))
        #expect(
            try decode(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad","data":{"x":1}}}"#).get()
                == .response(
                    Response(
                        id: nil,
                        error: ResponseError(
                            code: .parseError, message: "bad", data: .object(JSONObject([("x", .number(1))]))))))
    }

    @Test("null params, as eglot sends for shutdown and exit, read as no params")
    func nullParams() throws {
        #expect(
            try decode(#"{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}"#).get()
                == .request(Request(id: .number(2), method: "shutdown")))
        #expect(
            try decode(#"{"jsonrpc":"2.0","method":"exit","params":null}"#).get()
                == .notification(Notification(method: "exit")))
    }

    @Test("a body that is not JSON is a parse error with a null id")
    func notJSON() {
        for body in ["", "{", #"{"jsonrpc":"2.0","method":"x",}"#, "[1,2", "nul", "\"\\x\"", "{\"a\":1} x"] {
            let failure = failure(decode(body))
            #expect(failure?.error.code == .parseError, "\(body.debugDescription)")
            #expect(failure?.id == nil)
            #expect(failure?.isResponse == false)
        }
    }

    @Test("a batch gets one invalid-request error with a null id")
    func batch() {
        let failure = failure(decode(#"[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","id":2,"method":"b"}]"#))
        #expect(failure == MessageDecodingFailure(id: nil, error: .invalidRequest("Batches are not supported")))
        #expect(MessageDecodingTests.failureCode(decode("[]")) == .invalidRequest)
    }

    static func failureCode(_ result: Result<Message, MessageDecodingFailure>) -> ResponseError.Code? {
        failure(result)?.error.code
    }

    @Test("JSON that is not JSON-RPC 2.0 is an invalid request, answered with its id when it has a valid one")
    func invalidRequests() {
        let cases: [(String, RequestID?)] = [
            (#"{"id":1,"method":"a"}"#, .number(1)),
            (#"{"jsonrpc":"1.0","id":"s","method":"a"}"#, .string("s")),
            (#"{"jsonrpc":2.0,"id":1,"method":"a"}"#, .number(1)),
            (#"{"jsonrpc":"2.0","id":1}"#, .number(1)),
            (#"{"jsonrpc":"2.0","id":1,"method":5}"#, .number(1)),
            (#"{"jsonrpc":"2.0","id":1,"method":"a","params":3}"#, .number(1)),
            (#"{"jsonrpc":"2.0","id":1,"method":"a","params":"x"}"#, .number(1)),
            (#"{"jsonrpc":"2.0","id":true,"method":"a"}"#, nil),
            (#"{"jsonrpc":"2.0","id":1.5,"method":"a"}"#, nil),
            (#"{"jsonrpc":"2.0","id":null,"method":"a"}"#, nil),
            (#"{"jsonrpc":"2.0","id":{},"method":"a"}"#, nil),
            (#"{"jsonrpc":"2.0"}"#, nil),
            ("42", nil),
            ("\"text\"", nil),
            ("null", nil),
        ]
        for (body, id) in cases {
            let failure = failure(decode(body))
            #expect(failure?.error.code == .invalidRequest, "\(body)")
            #expect(failure?.id == id, "\(body)")
            #expect(failure?.isResponse == false, "\(body)")
        }
    }

    @Test("malformed responses are recognised as responses, so they are never answered")
    func malformedResponses() {
        for body in [
            #"{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":1,"message":"m"}}"#,
            #"{"jsonrpc":"2.0","result":1}"#,
            #"{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}"#,
            #"{"jsonrpc":"2.0","id":[1],"result":1}"#,
        ] {
            let failure = failure(decode(body))
            #expect(failure?.error.code == .invalidRequest, "\(body)")
            #expect(failure?.isResponse == true, "\(body)")
        }
    }

    @Test("messages survive an encode/decode round trip")
    func roundTrips() throws {
        let messages: [Message] = [
            .request(
                Request(
                    id: .number(0), method: "initialize",
                    params: .object(JSONObject([("a", .array([.bool(true), .null]))])))),
            .request(Request(id: .string("é"), method: "textDocument/hover")),
            .request(Request(id: .number(-9_007_199_254_740_991), method: "m")),
            .notification(Notification(method: "$/cancelRequest", params: .object(JSONObject([("id", .number(4))])))),
            .response(Response(id: .number(4), result: .success(.array([])))),
            .response(Response(id: nil, error: .parseError("bad"))),
            .response(
                Response(
                    id: .string("x"), error: ResponseError(code: .contentModified, message: "stale", data: .string("d"))
                )),
        ]
        for message in messages {
            let body = message.serialized()
            #expect(try Message.decode(body: body).get() == message, "\(String(decoding: body, as: UTF8.self))")
        }
    }

    @Test("a message is written with jsonrpc first, then id and method")
    func serializedLayout() {
        let request = Message.request(Request(id: .number(1), method: "m", params: .object(JSONObject())))
        #expect(
            String(decoding: request.serialized(), as: UTF8.self)
                == #"{"jsonrpc":"2.0","id":1,"method":"m","params":{}}"#)
        let error = Message.response(Response(id: nil, error: .parseError("x")))
        #expect(
            String(decoding: error.serialized(), as: UTF8.self)
                == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}"#)
    }
}

@Suite("Message reader")
struct MessageReaderTests {
    @Test("framing problems and bad bodies become errors and the reader goes on")
    func errorsThenRecovery() {
        var reader = MessageReader()
        let good = #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#
        let stream =
            Array("Content-Type: a\r\n\r\n".utf8) + framed("{oops") + framed("[]")
            + Array("Content-Length: 999999999\r\n\r\n".utf8)
        var events: [MessageReader.Event] = []
        for byte in stream { events += reader.consume([byte]) }
        #expect(events.count == 4)
        #expect(
            events.map { event -> ResponseError.Code? in
                if case .failure(let failure) = event, failure.id == nil { return failure.error.code }
                return nil
            } == [.parseError, .parseError, .invalidRequest, .parseError])

        var second = MessageReader()
        let events2 = second.consume(Array("Content-Type: a\r\n\r\n".utf8) + framed("{oops") + framed(good))
        #expect(events2.last == .message(.request(Request(id: .number(2), method: "shutdown"))))
    }
}
