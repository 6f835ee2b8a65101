// textDocument/foldingRange: every object and array that spans lines.
//
// Design: a forgiving pass over the brackets of the text, not the parse, so folding keeps working while the
// document is broken (mid-typing): strings are skipped (an unclosed one ends at its line's end), a closing
// bracket of the wrong kind closes up to the matching open one, and containers never closed do not fold.
// A fold runs from the opening bracket's line to the line before the closing bracket when that bracket starts
// its line (so `}` stays visible), else to the closing bracket's line. Of several containers opening on one
// line, the outermost folds (it hides the most).
import JSON
import RPC

extension LanguageServer {
    func foldingRanges(_ params: LSP.TextDocumentParams, _ context: RequestContext) throws -> [LSP.FoldingRange] {
        let document = try document(params.textDocument)
        return LanguageServer.foldingRanges(document.bytes, lineIndex: document.lineIndex)
    }

    /// The folding ranges of a text, sorted by start line, one per start line.
    static func foldingRanges(_ bytes: [UInt8], lineIndex: LineIndex) -> [LSP.FoldingRange] {
        var open: [(offset: Int, isObject: Bool)] = []
        // The fold of each start line: its end line and how deep its container was (outermost wins).
        var folds: [Int: (endLine: Int, depth: Int)] = [:]
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\""), !isLineBreak(bytes[i]) {
                    // An escape takes the next byte with it, unless that ends the line.
                    i += bytes[i] == UInt8(ascii: "\\") && i + 1 < bytes.count && !isLineBreak(bytes[i + 1]) ? 2 : 1
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                open.append((i, bytes[i] == UInt8(ascii: "{")))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                let isObject = bytes[i] == UInt8(ascii: "}")
                guard let match = open.lastIndex(where: { $0.isObject == isObject }) else { break }
                let opening = open[match]
                open.removeSubrange(match...)
                let startLine = lineIndex.line(of: opening.offset)
                let closeLine = lineIndex.line(of: i)
                let startsLine = bytes[lineIndex.lineStarts[closeLine]..<i].allSatisfy { $0 == 0x20 || $0 == 0x09 }
                let endLine = startsLine ? closeLine - 1 : closeLine
                guard endLine > startLine else { break }
                if let existing = folds[startLine], existing.depth < match { break }
                folds[startLine] = (endLine, match)
            default:
                break
            }
            i += 1
        }
        return folds.keys.sorted().map { LSP.FoldingRange(startLine: $0, endLine: folds[$0]!.endLine) }
    }

    private static func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
}
