import JSON
import RPC
import Testing

@testable import Server

@Suite("Folding ranges")
struct FoldingRangeTests {
    func folds(_ text: String) throws -> [String] {
        let session = try NavigationSession(text)
        let result = try session.request(
            "textDocument/foldingRange", .object(JSONObject([("textDocument", session.documentJSON)]))
        ).get()
        return try #require(result.arrayValue).map { json in
            let range = try LSP.FoldingRange(json: json, path: "result")
            #expect(range.kind == nil && range.startCharacter == nil && range.endCharacter == nil)
            return "\(range.startLine)-\(range.endLine)"
        }
    }

    @Test("every multi-line object and array folds from its opening line to the line before its closing bracket")
    func formatted() throws {
        let text = """
            {
              "referenceView": {"width": 400, "height": 800},
              "items": [
                {
                  "id": "ball",
                  "center": [100, 100],
                  "size": [40, 40]
                }
              ],
              "behaviors": []
            }

            """
        #expect(try folds(text) == ["0-9", "2-7", "3-6"])
    }

    @Test("a closing bracket after content on its line folds through that line; one-line containers never fold")
    func closingAfterContent() throws {
        let text = """
            {"items": [{"id": "a",
                        "center": [1, 1], "size": [4, 4]}],
             "behaviors": [{"type": "gravity",
               "items": ["a"]}]}
            """
        // Line 0 opens the root, `items` and the item: the outermost (the root) folds there.
        #expect(try folds(text) == ["0-3", "2-3"])
    }

    @Test("brackets inside strings and escaped quotes do not count")
    func strings() throws {
        let text = #"""
            {"name": "a { [ \" ] b",
              "items": [
                "}"
              ]
            }
            """#
        #expect(try folds(text) == ["0-3", "1-2"])
    }

    @Test("a broken document still folds its closed containers; an unclosed string ends at its line")
    func brokenDocument() throws {
        let text = """
            {
              "items": [
                {"id": "a,
                 "center": [1, 1]
                },
                {
                  "id": "b"
                }
              ],
              "behaviors": [
                {"type": "gravity",
            """
        #expect(try folds(text) == ["1-7", "2-3", "5-6"])
    }

    @Test("CRLF line breaks count as one")
    func crlf() throws {
        #expect(try folds("{\r\n  \"items\": [\r\n    1\r\n  ]\r\n}\r\n") == ["0-3", "1-2"])
    }
}
