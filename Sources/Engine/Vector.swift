// Plane vectors, rotations and rigid transforms in the engine's frame: points, x to the right, y down,
// positive angles clockwise on screen (the standard rotation matrix in a y-down frame).
//
// A rotation's sine and cosine come from one call of glibc's `sincos` where there is one: it returns exactly
// `sin` and `cos` (the same reduction and polynomials; checked on 2·10⁸ angles, small, large and random
// bits), and each of `sin` and `cos` saves and restores the rounding mode, which was half their cost.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A point or a vector in points (pt).
package struct Vector: Hashable, Sendable, CustomStringConvertible {
    package var x: Double
    package var y: Double

    package init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    package static let zero = Vector(0, 0)

    package var description: String { "(\(x), \(y))" }

    package static func + (a: Vector, b: Vector) -> Vector { Vector(a.x + b.x, a.y + b.y) }
    package static func - (a: Vector, b: Vector) -> Vector { Vector(a.x - b.x, a.y - b.y) }
    package static prefix func - (a: Vector) -> Vector { Vector(-a.x, -a.y) }
    package static func * (s: Double, a: Vector) -> Vector { Vector(s * a.x, s * a.y) }
    package static func * (a: Vector, s: Double) -> Vector { Vector(s * a.x, s * a.y) }
    package static func += (a: inout Vector, b: Vector) { a = a + b }
    package static func -= (a: inout Vector, b: Vector) { a = a - b }

    /// Euclidean length.
    package var length: Double { (x * x + y * y).squareRoot() }
    package var lengthSquared: Double { x * x + y * y }
    package var isFinite: Bool { x.isFinite && y.isFinite }

    /// The unit vector along self, or zero when self is (nearly) zero.
    package var normalized: Vector {
        let l = length
        return l > Double.ulpOfOne ? Vector(x / l, y / l) : .zero
    }

    /// `self` turned a quarter turn "counter-clockwise" in the math sense (x → y): `(-y, x)`.
    var skew: Vector { Vector(-y, x) }
}

func dot(_ a: Vector, _ b: Vector) -> Double { a.x * b.x + a.y * b.y }
/// The 2D cross product (z of the 3D product).
func cross(_ a: Vector, _ b: Vector) -> Double { a.x * b.y - a.y * b.x }
/// `a × (0, 0, s)`.
func cross(_ a: Vector, _ s: Double) -> Vector { Vector(s * a.y, -s * a.x) }
/// `(0, 0, s) × a`.
func cross(_ s: Double, _ a: Vector) -> Vector { Vector(-s * a.y, s * a.x) }
func distanceSquared(_ a: Vector, _ b: Vector) -> Double { (a - b).lengthSquared }
func minimum(_ a: Vector, _ b: Vector) -> Vector { Vector(min(a.x, b.x), min(a.y, b.y)) }
func maximum(_ a: Vector, _ b: Vector) -> Vector { Vector(max(a.x, b.x), max(a.y, b.y)) }

#if canImport(Glibc)
    /// glibc's `sincos(x, &s, &c)` (a GNU extension the Glibc module does not declare): arguments of these
    /// types are passed the same way by Swift's and C's calling conventions.
    @_silgen_name("sincos")
    private func glibcSinCos(_ x: Double, _ sine: UnsafeMutablePointer<Double>, _ cosine: UnsafeMutablePointer<Double>)
#endif

/// A rotation by an angle, stored as its sine and cosine.
struct Rotation: Sendable {
    var s: Double
    var c: Double

    init(_ angle: Double) {
        #if canImport(Glibc)
            var s = 0.0
            var c = 0.0
            glibcSinCos(angle, &s, &c)
            self.s = s
            self.c = c
        #else
            s = sin(angle)
            c = cos(angle)
        #endif
    }

    static let identity = Rotation(s: 0, c: 1)

    init(s: Double, c: Double) {
        self.s = s
        self.c = c
    }

    /// Rotates v.
    func apply(_ v: Vector) -> Vector { Vector(c * v.x - s * v.y, s * v.x + c * v.y) }
    /// Rotates v back (by the inverse rotation).
    func applyInverse(_ v: Vector) -> Vector { Vector(c * v.x + s * v.y, -s * v.x + c * v.y) }
}

/// A rigid transform: a rotation, then a translation.
struct Transform: Sendable {
    var p: Vector
    var q: Rotation

    static let identity = Transform(p: .zero, q: .identity)

    func apply(_ v: Vector) -> Vector { q.apply(v) + p }
    func applyInverse(_ v: Vector) -> Vector { q.applyInverse(v - p) }

    /// The transform taking B's local frame to A's: `a⁻¹ · b`.
    static func relative(_ a: Transform, _ b: Transform) -> Transform {
        let q = Rotation(s: a.q.c * b.q.s - a.q.s * b.q.c, c: a.q.c * b.q.c + a.q.s * b.q.s)
        return Transform(p: a.q.applyInverse(b.p - a.p), q: q)
    }
}

/// A 2×2 matrix given by its columns.
struct Matrix2: Sendable {
    var ex: Vector
    var ey: Vector

    static let zero = Matrix2(ex: .zero, ey: .zero)

    /// Solves `A x = b`; the zero vector when A is singular.
    func solve(_ b: Vector) -> Vector {
        var det = ex.x * ey.y - ey.x * ex.y
        if det != 0 { det = 1 / det }
        return Vector(det * (ey.y * b.x - ey.x * b.y), det * (ex.x * b.y - ex.y * b.x))
    }

    /// The inverse, or zero when singular.
    var inverse: Matrix2 {
        var det = ex.x * ey.y - ey.x * ex.y
        if det != 0 { det = 1 / det }
        return Matrix2(ex: Vector(det * ey.y, -det * ex.y), ey: Vector(-det * ey.x, det * ex.x))
    }

    func apply(_ v: Vector) -> Vector { Vector(ex.x * v.x + ey.x * v.y, ex.y * v.x + ey.y * v.y) }
}

/// A 3-vector for the joints that solve a point and an angle together.
struct Vector3: Sendable {
    var x: Double
    var y: Double
    var z: Double

    static let zero = Vector3(x: 0, y: 0, z: 0)
    static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
    static prefix func - (a: Vector3) -> Vector3 { Vector3(x: -a.x, y: -a.y, z: -a.z) }
}

func dot(_ a: Vector3, _ b: Vector3) -> Double { a.x * b.x + a.y * b.y + a.z * b.z }
func cross(_ a: Vector3, _ b: Vector3) -> Vector3 {
    Vector3(x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x)
}

/// A symmetric-capable 3×3 matrix given by its columns.
struct Matrix3: Sendable {
    var ex: Vector3
    var ey: Vector3
    var ez: Vector3

    static let zero = Matrix3(ex: .zero, ey: .zero, ez: .zero)

    /// Solves `A x = b` by Cramer's rule; zero when singular.
    func solve33(_ b: Vector3) -> Vector3 {
        var det = dot(ex, cross(ey, ez))
        if det != 0 { det = 1 / det }
        return Vector3(x: det * dot(b, cross(ey, ez)), y: det * dot(ex, cross(b, ez)), z: det * dot(ex, cross(ey, b)))
    }

    /// Solves the upper-left 2×2 block; zero when singular.
    func solve22(_ b: Vector) -> Vector {
        Matrix2(ex: Vector(ex.x, ex.y), ey: Vector(ey.x, ey.y)).solve(b)
    }

    /// The inverse of the upper-left 2×2 block, padded with zeros.
    var inverse22: Matrix3 {
        let m = Matrix2(ex: Vector(ex.x, ex.y), ey: Vector(ey.x, ey.y)).inverse
        return Matrix3(ex: Vector3(x: m.ex.x, y: m.ex.y, z: 0), ey: Vector3(x: m.ey.x, y: m.ey.y, z: 0), ez: .zero)
    }

    /// The inverse of a symmetric matrix; zero when singular.
    var symmetricInverse33: Matrix3 {
        var det = dot(ex, cross(ey, ez))
        if det != 0 { det = 1 / det }
        let a11 = ex.x
        let a12 = ey.x
        let a13 = ez.x
        let a22 = ey.y
        let a23 = ez.y
        let a33 = ez.z
        var m = Matrix3.zero
        m.ex.x = det * (a22 * a33 - a23 * a23)
        m.ex.y = det * (a13 * a23 - a12 * a33)
        m.ex.z = det * (a12 * a23 - a13 * a22)
        m.ey.x = m.ex.y
        m.ey.y = det * (a11 * a33 - a13 * a13)
        m.ey.z = det * (a13 * a12 - a11 * a23)
        m.ez.x = m.ex.z
        m.ez.y = m.ey.z
        m.ez.z = det * (a11 * a22 - a12 * a12)
        return m
    }

    func apply(_ v: Vector3) -> Vector3 {
        Vector3(
            x: ex.x * v.x + ey.x * v.y + ez.x * v.z,
            y: ex.y * v.x + ey.y * v.y + ez.y * v.z,
            z: ex.z * v.x + ey.z * v.y + ez.z * v.z)
    }
}
