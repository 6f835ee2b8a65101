import JSON
import ProcessSupport

// Decoding the elements of `items` and `behaviors`, the bulk of a large scene, on several threads.
//
// Each element decodes on its own given the document and the gathered context (the language server's
// one-element re-decoding relies on the same fact): its model, diagnostics and invalid pointers depend on
// nothing another element's decoding records. So the two lists are cut into runs of elements, each run is
// decoded by a decoder of its own (on whichever thread is free), and the results are merged in list order,
// through this decoder's de-duplication: the diagnostics come out in the same order, with the same
// de-duplication, as when one decoder reads every element in turn.
extension SceneDecoder {
    /// The smallest run of elements decoded as a piece. A scene below `Scene.parallelMinimumElements` is decoded
    /// on the calling thread; larger ones in about eight runs per core, for balance.
    static let minimumElementsPerPiece = 256

    /// The decoded items of `/items` and behaviors of `/behaviors` (elements that are not objects are left
    /// out, and reported).
    func decodeElements(items: [JSONValue], behaviors: [JSONValue]) -> (items: [Item], behaviors: [Behavior]) {
        let total = items.count + behaviors.count
        let pieceSize = max(SceneDecoder.minimumElementsPerPiece, total / (8 * processors))
        guard processors > 1, total >= Scene.parallelMinimumElements else {
            return (decodeItems(items, items.indices), decodeBehaviors(behaviors, behaviors.indices))
        }

        // Runs of at most `pieceSize` elements: the items' first, then the behaviors'.
        var pieces: [(isItems: Bool, range: Range<Int>)] = []
        for (isItems, count) in [(true, items.count), (false, behaviors.count)] {
            var start = 0
            while start < count {
                let end = min(count, start + pieceSize)
                pieces.append((isItems, start..<end))
                start = end
            }
        }
        let gathered = collected
        let decoded: [Piece] = Parallel.map(pieces.count) { index in
            let (isItems, range) = pieces[index]
            let decoder = SceneDecoder(document: document, fileName: fileName)
            if let gathered { decoder.context = gathered }
            var piece = Piece()
            if isItems {
                piece.items = decoder.decodeItems(items, range)
            } else {
                piece.behaviors = decoder.decodeBehaviors(behaviors, range)
            }
            piece.diagnostics = decoder.diagnostics
            piece.invalid = decoder.invalid
            piece.context = decoder.collected
            return piece
        }

        var decodedItems: [Item] = []
        var decodedBehaviors: [Behavior] = []
        decodedItems.reserveCapacity(items.count)
        decodedBehaviors.reserveCapacity(behaviors.count)
        for piece in decoded {
            decodedItems += piece.items
            decodedBehaviors += piece.behaviors
            for diagnostic in piece.diagnostics { append(diagnostic) }
            invalid.formUnion(piece.invalid)
            if collected == nil, let pieceContext = piece.context { context = pieceContext }
        }
        return (decodedItems, decodedBehaviors)
    }

    // Each run makes its list's pointer itself rather than sharing one across threads: every element's pointer
    // is built from it, and a shared one would be retained and released by every thread at once.

    /// The decoded items of `/items/<range>` (elements that are not objects are left out, and reported).
    private func decodeItems(_ items: [JSONValue], _ range: Range<Int>) -> [Item] {
        let list = JSONPointer.root.appending("items")
        return range.compactMap { decodeItem(items[$0], at: list.appending($0)) }
    }

    /// The decoded behaviors of `/behaviors/<range>` (elements that are not objects are left out, and reported).
    private func decodeBehaviors(_ behaviors: [JSONValue], _ range: Range<Int>) -> [Behavior] {
        let list = JSONPointer.root.appending("behaviors")
        return range.compactMap { decodeBehavior(behaviors[$0], at: list.appending($0)) }
    }

    /// What one run of elements decoded to.
    private struct Piece {
        var items: [Item] = []
        var behaviors: [Behavior] = []
        var diagnostics: [Diagnostic] = []
        var invalid: Set<JSONPointer> = []
        var context: DecodingContext?
    }
}
