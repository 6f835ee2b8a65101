// A scene shown in a reference view of another size than its design size: every point the scene declares is
// placed by its pin (`Pin.place`), sizes stay as they are. The placed scene is an ordinary scene (its
// `referenceView` is the new size, its pointers those of the file), so the simulation and the rules that look at
// the view run on it unchanged. A `set` or `pan` value moves with the pin of the behavior it changes, found as
// the timeline resolves the event's target (the first behavior alive with that id); a behavior an event adds
// carries its own pin. A field without `position` sits at the center of whatever view it is in.

extension Scene {
    /// The scene in a reference view of `size`, every point placed by its pin; the scene itself when `size` is
    /// its design size or it has no valid `referenceView`.
    package func placed(in size: Size) -> Scene {
        guard let design = referenceView, design != size else { return self }
        let fallback = defaultPin
        func place(_ point: Point, _ pin: Pin) -> Point { pin.place(point, design: design, actual: size) }

        var placed = self
        placed.referenceView = size
        for index in placed.items.indices {
            let item = items[index]
            placed.items[index].center = item.center.map { place($0, item.resolvedPin(default: fallback)) }
        }
        placed.behaviors = behaviors.map { $0.placed(design: design, actual: size, fallback: fallback) }

        // The pin of each `set` and `pan` event's target, when some event moves a point.
        let movesPoints = events.contains { event in
            switch event.action {
            case .set(_, let values)?: values.anchor != nil || values.point != nil
            case .pan?: true
            default: false
            }
        }
        let timeline = movesPoints ? Timeline(scene: self, followsEvents: true) : nil
        func targetPin(_ index: Int) -> Pin {
            guard let timeline, let entry = timeline.targets[index]?.first else { return fallback }
            return timeline.behavior(entry).resolvedPin(in: self)
        }
        for index in placed.events.indices {
            switch events[index].action {
            case .add(let behavior)?:
                placed.events[index].action = .add(behavior.placed(design: design, actual: size, fallback: fallback))
            case .set(let target, var values)?:
                guard values.anchor != nil || values.point != nil else { continue }
                let pin = targetPin(index)
                values.anchor = values.anchor.map { place($0, pin) }
                values.point = values.point.map { place($0, pin) }
                placed.events[index].action = .set(target, values)
            case .pan(let target, var pan)?:
                let pin = targetPin(index)
                pan.path = pan.path.map { place($0, pin) }
                placed.events[index].action = .pan(target, pan)
            case .remove?, nil:
                continue
            }
        }
        for index in placed.expectations.indices {
            let expectation = expectations[index]
            guard case .near(let item, let point, let within, let by, let angleWithin)? = expectation.kind else {
                continue
            }
            placed.expectations[index].kind = .near(
                item: item, point: place(point, expectation.resolvedPin(default: fallback)), within: within, by: by,
                angleWithin: angleWithin)
        }
        return placed
    }

    /// The sizes the scene is checked at: its design size, then each of `preview.sizes` that differs from it and
    /// from the sizes before it. Empty without a valid `referenceView`.
    package var checkedSizes: [Size] {
        guard let design = referenceView else { return [] }
        var sizes = [design]
        for size in preview.sizes where !sizes.contains(size) { sizes.append(size) }
        return sizes
    }
}

extension Behavior {
    /// The behavior with its points (anchor, snap point, field position, boundaries) placed by their pins.
    func placed(design: Size, actual: Size, fallback: Pin) -> Behavior {
        func place(_ point: Point, _ pin: Pin) -> Point { pin.place(point, design: design, actual: actual) }
        var placed = self
        switch kind {
        case .attachment(var attachment)?:
            attachment.anchor = attachment.anchor.map { place($0, attachment.resolvedPin(default: fallback)) }
            placed.kind = .attachment(attachment)
        case .snap(var snap)?:
            snap.point = snap.point.map { place($0, snap.resolvedPin(default: fallback)) }
            placed.kind = .snap(snap)
        case .field(var field)?:
            field.position = field.position.map { place($0, field.resolvedPin(default: fallback)) }
            placed.kind = .field(field)
        case .collision(var collision)?:
            for index in collision.boundaries.indices {
                let pin = collision.boundaries[index].resolvedPin(default: fallback)
                switch collision.boundaries[index].shape {
                case .segment(let from, let to)?:
                    collision.boundaries[index].shape = .segment(from: place(from, pin), to: place(to, pin))
                case .path(let points)?:
                    collision.boundaries[index].shape = .path(points.map { place($0, pin) })
                case nil:
                    break
                }
            }
            placed.kind = .collision(collision)
        default:
            break
        }
        return placed
    }
}
