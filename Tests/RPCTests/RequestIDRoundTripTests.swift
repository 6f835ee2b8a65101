import JSON
import Testing

@testable import RPC

/// Issue 15: a request whose id is 9223372036854775807 was never answered. Ids round-trip exactly, whatever
/// their integer size or string form.
@Suite struct RequestIDRoundTripTests {
    @Test(arguments: [
        "9223372036854775807", "-9223372036854775808", "9007199254740993", "123456789012345678901234567890",
        "1" + String(repeating: "0", count: 400), "0", "-1", "9007199254740991", "\"9223372036854775807\"", "\"\"",
    ])
    func theResponseCarriesTheRequestsIdDigitForDigit(id: String) throws {
        let body = #"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/hover"}"#
        guard case .success(.request(let request)) = Message.decode(body: Array(body.utf8)) else {
            Issue.record("\(id) was not read as a request")
            return
        }
        let response = Message.response(Response(id: request.id, result: .success(.null)))
        #expect(
            String(decoding: response.serialized(), as: UTF8.self) == #"{"jsonrpc":"2.0","id":\#(id),"result":null}"#)
        // And back: the response decodes to the same id.
        guard case .success(.response(let decoded)) = Message.decode(body: response.serialized()) else {
            Issue.record("the response to \(id) does not decode")
            return
        }
        #expect(decoded.id == request.id)
    }

    @Test func anInvalidRequestWithALargeIdIsAnsweredWithThatId() {
        let body = #"{"id":9223372036854775807,"method":"x"}"#
        guard case .failure(let failure) = Message.decode(body: Array(body.utf8)) else {
            Issue.record("a message without jsonrpc was accepted")
            return
        }
        #expect(failure.id == .largeInteger("9223372036854775807"))
        let error = Message.response(Response(id: failure.id, error: failure.error))
        #expect(
            String(decoding: error.serialized(), as: UTF8.self).hasPrefix(
                #"{"jsonrpc":"2.0","id":9223372036854775807,"#))
    }

    @Test func aCancelNamingALargeIdMatchesItsRequest() {
        // Inside params only the double survives parsing; the two ids still name the same request.
        let cancel = RequestID(json: .number(9_223_372_036_854_775_807))
        #expect(cancel == .largeInteger("9223372036854775807"))
        #expect(cancel?.hashValue == RequestID.largeInteger("9223372036854775807").hashValue)
        #expect(RequestID(json: .number(9_007_199_254_740_991)) == .number(9_007_199_254_740_991))
        #expect(RequestID(json: .number(1.5)) == nil)
    }
}
