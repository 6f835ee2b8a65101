import SourceLiterals

// The words of the generated code's comments that do not depend on the language: both emitters write them, so
// they are spelled once here.

extension GenerationPlan {
    /// A behavior as a comment names it: its id as the scene writes it (or "(no id)"), then its UIKit class.
    func comment(behavior index: Int) -> String {
        let behavior = behaviors[index]
        let named = behavior.id.map { StringLiteral.quotedForComment($0) } ?? "(no id)"
        return "\(named), \(behavior.type.uiKitName)"
    }

    /// When an event applies, for its comment: `at 1.5 s`, or the contact that triggers a reaction.
    func when(_ event: PlannedEvent) -> String {
        guard let trigger = event.trigger else { return "at \(NumberLiteral.text(event.at ?? 0)) s" }
        let item = StringLiteral.quotedForComment(items[trigger.item].id)
        let partner: String =
            switch trigger.partner {
            case .item(let other): StringLiteral.quotedForComment(items[other].id)
            case .boundary(nil): "the reference view's bounds"
            case .boundary(let id?): "the boundary " + StringLiteral.quotedForComment(id)
            }
        return (trigger.once ? "once, " : "") + "after " + item + (trigger.ended ? " stops touching " : " touches ")
            + partner
    }
}
