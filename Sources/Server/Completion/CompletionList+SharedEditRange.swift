// The range most items of a completion list replace, said once (LSP 3.17's `itemDefaults.editRange`).
//
// Every item of a list usually replaces the same token, so its `textEdit` repeats the same range fifty times
// in an id list. A client that announces `completionList.itemDefaults` with "editRange" gets the range
// once and each item's text alone (`textEditText`, or nothing when it is the label): a third of the bytes, and
// the client decodes no range per item. Items that replace another range keep their own `textEdit`.
import RPC

extension LSP.CompletionList {
    /// The list with the range most of its items replace moved to `itemDefaults.editRange` (the first such range
    /// on a tie); unchanged when no two items replace the same range.
    func sharingEditRange() -> LSP.CompletionList {
        var counts: [LSP.Range: Int] = [:]
        var best: (range: LSP.Range, count: Int)?
        for item in items {
            guard let range = item.textEdit?.range else { continue }
            let count = counts[range, default: 0] + 1
            counts[range] = count
            if count > best?.count ?? 1 { best = (range, count) }
        }
        guard let shared = best?.range else { return self }
        var list = self
        list.defaultEditRange = shared
        for index in list.items.indices {
            guard let edit = list.items[index].textEdit, edit.range == shared else { continue }
            list.items[index].textEdit = nil
            list.items[index].textEditText = edit.newText == list.items[index].label ? nil : edit.newText
        }
        return list
    }
}
