// A `set` of a behavior's `items`: UIKit's `addItem:` and `removeItem:` on a gravity, collision, push,
// dynamicItem or field behavior. The bookkeeping of SceneSimulation.swift follows the new list: an item that
// joins is named once more (it enters the simulation at rest where it is if no behavior named it), an item that
// leaves once less (it stops where it is when no behavior names it any more).
import Engine

extension SceneSimulation {
    /// Changes the items of entry `e` to the items `references` name (ids that name no item are left out).
    func changeItems(_ e: Int, to references: [Reference]) {
        guard let kind = entries[e].behavior.kind else { return }
        switch kind {
        case .gravity, .collision, .push, .dynamicItem, .field: break
        case .attachment, .snap: return
        }
        var seen: Set<Int> = []
        var items: [Int] = []
        for reference in references {
            if let index = itemIndex[reference.id.exactId], seen.insert(index).inserted { items.append(index) }
        }
        let old = entries[e].items
        guard items != old else { return }
        let oldSet = Set(old)
        let joining = items.filter { !oldSet.contains($0) }
        let leaving = old.filter { !seen.contains($0) }

        for item in joining {
            naming[item] += 1
            if naming[item] == 1 {
                world.setInSimulation(bodies[item], true)
                everSimulated[item] = true
            }
        }
        switch kind {
        case .gravity:
            for item in joining {
                gravityNaming[item] += 1
                if gravityNaming[item] == 1 { world.setAffectedByGravity(bodies[item], true) }
            }
            for item in leaving {
                gravityNaming[item] -= 1
                if gravityNaming[item] == 0 { world.setAffectedByGravity(bodies[item], false) }
            }
            changeContinuousNaming(joining, by: 1)
            changeContinuousNaming(leaving, by: -1)
            entries[e].items = items
        case .collision(let collision):
            removeCollision(e)
            entries[e].items = items
            addCollision(e, collision)
        case .push(let push):
            entries[e].items = items
            rebuildPush(e, push)
            changeContinuousNaming(joining, by: 1)
            changeContinuousNaming(leaving, by: -1)
        case .dynamicItem:
            entries[e].items = items
            for item in joining + leaving { restoreProperties(of: item) }
        case .field(let field):
            if case .field(let old) = entries[e].handle { world.removeField(old) }
            entries[e].items = items
            addField(e, field, seed: entries[e].seed)
        case .attachment, .snap:
            break
        }
        for item in leaving {
            naming[item] -= 1
            if naming[item] == 0 { world.setInSimulation(bodies[item], false) }
        }
    }
}
