import JSON

// Which behaviors exist when. The behaviors list is added first, in order, at the start; then the events
// apply in the order the animator applies them: by frame (the first frame n whose time n/frameRate, a double
// division, is ≥ `at`), in file order within a frame — so two events whose times round to one frame apply in
// file order even when their `at`s are not sorted. Each behavior (of the list or of an event's `add`) is an
// entry alive from its addition until a `remove` event naming its id.
//
// Every addition and every event gets a position in this sequence; two entries exist at the same time when the
// later one is added while the earlier one is alive (the alive sets change only by adding and removing, so
// that is the only way two lifetimes overlap). States between two events of one frame count too: adding a new
// snap before removing the old one in the same frame is a duplicate for a moment, as it is in UIKit.
//
// A reaction (`on`) may apply at any time, any number of times: it is placed after every event at a time, in
// file order, which is where its additions and removals can matter the longest.
//
// A document cut by a syntax error is read without its events (`followsEvents` false): the events after the
// error are unknown and could remove anything at any time, so only the list — which exists at the start
// whatever follows — is certain.

/// The lifetimes of every behavior of a scene, following `add` and `remove` events.
struct Timeline {
    /// One behavior as added: from the list or by an event.
    struct Entry {
        /// The index in `scene.events` of the event that adds it; nil for the behaviors list.
        let addingEvent: Int?
        /// Its position in the sequence of additions and events.
        let added: Int
        /// Its index in `SceneIndex.allBehaviors` (the list, then what events add, in file order).
        let source: Int
        /// The position of the event that removes it; nil while it is never removed.
        var removed: Int?
        /// The index in `scene.events` of that event.
        var removingEvent: Int?
    }

    /// Every behavior in the order it is added.
    private(set) var entries: [Entry] = []
    /// The behaviors the entries stand for (`Entry.source` indexes it).
    let behaviors: [Behavior]

    /// The behavior of an entry.
    func behavior(_ entry: Int) -> Behavior { behaviors[entries[entry].source] }

    /// The entry of a behavior of `SceneIndex.allBehaviors`; nil for one that an event adds when events are not
    /// followed. The list's behaviors are the first entries, in order.
    func entry(ofSource source: Int) -> Int? {
        if source < entries.count, entries[source].source == source { return source }
        return entries.firstIndex { $0.source == source }
    }
    /// Indices into `scene.events` in the order the events apply (empty when events are not followed).
    private(set) var eventOrder: [Int] = []
    /// The position of each followed event, by its index in `scene.events`.
    private(set) var eventPosition: [Int: Int] = [:]
    /// For each `set` and `remove` event (by index in `scene.events`): the entries alive with the id it names.
    private(set) var targets: [Int: [Int]] = [:]
    /// The first position after the list and every event of frame 0: what is alive there runs the first sub-step.
    private(set) var startEnd: Int = 0
    /// False for a document cut by a syntax error: only the behaviors list is known for sure.
    let followsEvents: Bool

    init(scene: Scene, followsEvents: Bool) {
        self.followsEvents = followsEvents
        behaviors = SceneIndex.allBehaviors(of: scene)
        for _ in scene.behaviors {
            entries.append(Entry(addingEvent: nil, added: entries.count, source: entries.count))
        }
        var position = entries.count
        startEnd = position
        guard followsEvents else { return }

        let frameRate = scene.preview.resolvedFrameRate
        var frames: [Double] = []
        var previous = 0.0
        for event in scene.events {
            // A reaction may apply at any time: it counts as applying after every event at a time.
            if event.isReaction {
                frames.append(.infinity)
                continue
            }
            // An event without a valid `at` (already an error) stays where it is in the file.
            if let at = event.at { previous = Timeline.frame(of: at, frameRate: frameRate) }
            frames.append(previous)
        }
        eventOrder = scene.events.indices.sorted { frames[$0] != frames[$1] ? frames[$0] < frames[$1] : $0 < $1 }
        // Where each adding event's behavior stands in `SceneIndex.allBehaviors`.
        var sources: [Int: Int] = [:]
        for index in scene.events.indices {
            if case .add? = scene.events[index].action { sources[index] = scene.behaviors.count + sources.count }
        }

        for index in eventOrder {
            eventPosition[index] = position
            switch scene.events[index].action {
            case .add?:
                entries.append(Entry(addingEvent: index, added: position, source: sources[index]!))
            case .remove(let target)?:
                let alive = aliveEntries(named: target.id, at: position)
                targets[index] = alive
                for entry in alive {
                    entries[entry].removed = position
                    entries[entry].removingEvent = index
                }
            case .set(let target, _)?, .pan(let target, _)?:
                targets[index] = aliveEntries(named: target.id, at: position)
            case nil:
                break
            }
            if frames[index] == 0 { startEnd = position + 1 }
            position += 1
        }
    }

    /// The frame at which an event of time `at` applies: the first n ≥ 0 with n / frameRate ≥ at.
    static func frame(of at: Double, frameRate: Double) -> Double {
        let product = at * frameRate
        guard product.isFinite, product < 1e15 else { return product }
        var n = max(0, product.rounded(.up))
        while n > 0, (n - 1) / frameRate >= at { n -= 1 }
        while n / frameRate < at { n += 1 }
        return n
    }

    /// Whether the entry is alive just before the step at `position` applies.
    func isAlive(_ entry: Int, at position: Int) -> Bool {
        let e = entries[entry]
        return e.added < position && (e.removed.map { $0 >= position } ?? true)
    }

    /// The entries alive with `id` just before the step at `position`.
    func aliveEntries(named id: String, at position: Int) -> [Int] {
        entries.indices.filter { behavior($0).id?.isSameId(as: id) == true && isAlive($0, at: position) }
    }

    /// Whether two entries exist at the same time.
    func coexist(_ a: Int, _ b: Int) -> Bool {
        guard a != b else { return true }
        let (earlier, later) = entries[a].added < entries[b].added ? (a, b) : (b, a)
        return isAlive(earlier, at: entries[later].added)
    }

    /// Whether the entry is alive when the first sub-step runs (after the list and the events of frame 0).
    func isAliveAtStart(_ entry: Int) -> Bool { isAlive(entry, at: startEnd) }

    /// The entries earlier than `entry` that exist at the same time as it.
    func earlierCoexisting(_ entry: Int) -> [Int] {
        (0..<entry).filter { coexist($0, entry) }
    }
}
