// What `WorldState.discsStayApart` reads of a moving disc, before a time of impact is computed.

/// A disc over its sweep of the sub-step: its radius and center in its body's frame, its body's transform
/// where the sweep ends, and the body's core extent (how far the center is from the center of mass at most).
struct SweptDisc {
    var radius: Double
    var center: Vector
    var end: Transform
    var coreExtent: Double
    var sweep: Sweep
}
