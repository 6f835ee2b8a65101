import TestSupport
// Parsing a large document in pieces on several threads gives exactly the values of the one-piece parse.
//
// The documents are random objects whose members are long arrays (of objects, arrays, strings with escapes,
// numbers) and other values, some keys repeated, some escaped; the pieces' minimum size is lowered so that
// small documents are cut into many pieces. The generator is a fixed-seed SplitMix64.
import Testing

@testable import JSON

@Suite("Parsing in pieces")
struct ParsingInPiecesTests {
    /// A random JSON value of at most `depth` levels.
    private static func value(_ random: inout SplitMix64, depth: Int) -> String {
        let scalars = [
            "null", "true", "false", "0", "-0", "1.5e3", "-12.25", "123456789", "\"\"", "\"plain\"",
            "\"esc\\\"aped\\\\ \\n \\u00e9 \\uD83D\\uDE00\"", "\"nul \\u0000 inside\"", "\"é😀\"", "1E-7",
        ]
        let pick = depth == 0 ? 0 : random.below(4)
        switch pick {
        case 1:
            let count = random.below(4)
            return "[" + (0..<count).map { _ in value(&random, depth: depth - 1) }.joined(separator: ", ") + "]"
        case 2:
            let count = random.below(4)
            let members = (0..<count).map { k in
                "\"\(["id", "x", "k\\u0041", "y"][(k + random.below(2)) % 4])\": \(value(&random, depth: depth - 1))"
            }
            return "{" + members.joined(separator: ",\n  ") + "}"
        default:
            return scalars[random.below(scalars.count)]
        }
    }

    /// A document: a top-level object with several long arrays and other members, keys sometimes repeated.
    private static func document(_ random: inout SplitMix64) -> [UInt8] {
        var members: [String] = []
        let keys = ["items", "behaviors", "events", "it\\u0065ms", "name", "\\\"quoted\\\"", ""]
        for _ in 0..<(1 + random.below(6)) {
            let key = keys[random.below(keys.count)]
            let value: String
            if random.below(4) == 0 {
                value = Self.value(&random, depth: 2)
            } else {
                let count = random.below(3) == 0 ? random.below(3) : 20 + random.below(200)
                value =
                    "["
                    + (0..<count).map { _ in Self.value(&random, depth: 3) }.joined(
                        separator: random.below(2) == 0 ? "," : " ,\n ") + "]"
            }
            members.append("\"\(key)\": \(value)")
        }
        return Array(("{" + members.joined(separator: ",\n") + "}\n").utf8)
    }

    @Test(arguments: [1, 2, 3, 8])
    func piecesGiveTheValuesOfTheOnePieceParse(processors: Int) throws {
        var random = SplitMix64(seed: 0x5EED_0000 + UInt64(processors))
        var cut = 0
        for round in 0..<150 {
            let bytes = Self.document(&random)
            let scan = Scanner.scan(bytes)
            try #require(
                scan.error == nil, "round \(round) is not JSON: \(String(decoding: bytes.prefix(300), as: UTF8.self))")
            let onePiece = ParsedText.values(of: bytes, length: bytes.count, closers: [], scan: scan)
            guard let pieces = ParsedText.valuesInPieces(of: bytes, scan: scan, processors: processors, minimumBytes: 1)
            else {
                continue
            }
            cut += 1
            #expect(pieces == onePiece, "round \(round) (\(bytes.count) bytes)")
        }
        // Most documents have a long array: the pieces path must have been taken, not skipped.
        #expect(cut > 100)
    }

    @Test func aLargeDocumentIsParsedInPiecesWithTheSameResult() throws {
        var random = SplitMix64(seed: 42)
        var elements: [String] = []
        while elements.reduce(0, { $0 + $1.utf8.count }) < ParsedText.piecewiseMinimumBytes + 10_000 {
            elements.append(Self.value(&random, depth: 3))
        }
        let bytes = Array(
            ("{\"name\": \"big\", \"items\": [" + elements.joined(separator: ",\n") + "], \"tail\": [1, 2]}").utf8)
        let scan = Scanner.scan(bytes)
        let pieces = try #require(ParsedText.valuesInPieces(of: bytes, scan: scan, processors: 2))
        let onePiece = ParsedText.values(of: bytes, length: bytes.count, closers: [], scan: scan)
        #expect(pieces == onePiece)
        for processors in [1, 2, 4] {
            #expect(JSONDocument.parse(bytes, processors: processors).root == onePiece)
        }
        #expect(pieces.objectValue?["items"]?.arrayValue?.count == elements.count)
        // Pieces of at most 128 KB (so that one thread reuses the memory of each piece's jansson tree).
        let runs = ParsedText.runs(
            of: Array(scan.tree.childIndices(of: 0))[1], in: scan.tree, pieceBytes: ParsedText.maximumPieceBytes)
        #expect(runs.count >= 2)
    }

    @Test func documentsThatNeedARepairedTextAreParsedInOnePiece() {
        let long = "[" + Array(repeating: "{\"a\": [1, 2, 3]}", count: 3_000).joined(separator: ",") + "]"
        for text in [
            "\u{FEFF}{\"items\": \(long)}", "{\"items\": \(long), \"big\": 1e999}", "[\(long)]", "{\"items\": \(long)",
        ] {
            let bytes = Array(text.utf8)
            #expect(
                ParsedText.valuesInPieces(of: bytes, scan: Scanner.scan(bytes), processors: 2, minimumBytes: 1) == nil)
        }
    }

    @Test func runsCoverEveryElementOnceInOrder() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let count = 1 + random.below(300)
            let text = "[" + (0..<count).map { _ in Self.value(&random, depth: 2) }.joined(separator: ", ") + "]"
            let scan = Scanner.scan(Array(text.utf8))
            let elements = scan.tree.childIndices(of: 0)
            for pieceBytes in [1, 10, 100, 1_000, 100_000] {
                let runs = ParsedText.runs(of: 0, in: scan.tree, pieceBytes: pieceBytes)
                // Each run starts at an element's start and ends at an element's end; together, in order, every element.
                var covered: [Int32] = []
                for run in runs {
                    covered += elements.filter { run.contains(Int(scan.tree.nodes[Int($0)].start)) }
                    #expect(elements.contains { Int(scan.tree.nodes[Int($0)].start) == run.lowerBound })
                    #expect(elements.contains { Int(scan.tree.nodes[Int($0)].end) == run.upperBound })
                }
                #expect(covered == Array(elements))
            }
        }
    }
}
