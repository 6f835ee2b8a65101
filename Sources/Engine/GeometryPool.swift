// Shape geometry shared by the whole simulation: the vertices and normals of every polygon core (appended
// when a shape is made, never changed), and scratch buffers for continuous collision. A class, so the
// narrow phase can read it while the simulation's own arrays are being changed.

final class GeometryPool {
    var vertices: [Vector] = []
    var normals: [Vector] = []
    /// A swept body's core and a static shape's core in world coordinates.
    var swept: [Vector] = []
    var statics: [Vector] = []
}
