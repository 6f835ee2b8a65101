// `textDocument/selectionRange`.
import JSON

extension LSP {
    package struct SelectionRangeParams: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var textDocument: TextDocumentIdentifier
        package var positions: [Position]

        package init(textDocument: TextDocumentIdentifier, positions: [Position]) {
            self.textDocument = textDocument
            self.positions = positions
        }

        package init(json: JSONValue, path: String) throws {
            let fields = try JSONFields(json, path: path)
            textDocument = try fields.decode("textDocument")
            positions = try fields.array("positions")
        }

        package var json: JSONValue {
            .object(JSONObject([("textDocument", textDocument.json), ("positions", positions.json)]))
        }
    }

    /// A range and the ranges that enclose it, innermost first.
    package struct SelectionRange: Equatable, Sendable, LSPDecodable, LSPEncodable {
        package var range: Range
        /// The enclosing ranges from the nearest outward (the `parent` chain, flattened).
        package var parents: [Range]

        package init(range: Range, parents: [Range] = []) {
            self.range = range
            self.parents = parents
        }

        package init(json: JSONValue, path: String) throws {
            var fields = try JSONFields(json, path: path)
            range = try fields.decode("range")
            parents = []
            while let parent = try fields.optionalFields("parent") {
                parents.append(try parent.decode("range"))
                fields = parent
            }
        }

        /// Built from the outermost parent inward, without recursion.
        package var json: JSONValue {
            var node: JSONValue? = nil
            for range in ([range] + parents).reversed() {
                node = .object(JSONObject(omittingNil: [("range", range.json), ("parent", node)]))
            }
            return node!
        }
    }
}
