// Shape geometry shared by the whole simulation: the vertices and normals of every polygon core (appended
// when a shape is made, never changed). A class, so the narrow phase and the time of impact can read it
// while the world's own arrays are being changed.

final class GeometryPool {
    var vertices: [Vector] = []
    var normals: [Vector] = []
}
