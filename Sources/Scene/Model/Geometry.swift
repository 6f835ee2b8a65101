#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// A two-number array `[x, y]` of the scene format: a point in the reference view (y down) or a vector.
package struct Vector: Equatable, Hashable, Sendable {
    package var x: Double
    package var y: Double
    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    package static let zero = Vector(x: 0, y: 0)
    /// The Euclidean length.
    package var length: Double { (x * x + y * y).squareRoot() }
}

/// A point in the reference view's coordinates (origin top-left, y down), in points.
package typealias Point = Vector

/// A `[width, height]` array of the scene format, in points.
package struct Size: Equatable, Hashable, Sendable {
    package var width: Double
    package var height: Double
    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A `[min, max]` pair (an attachment's `range`): radians for a pin, points for a sliding attachment.
package struct Interval: Equatable, Hashable, Sendable {
    package var min: Double
    package var max: Double
    package init(min: Double, max: Double) {
        self.min = min
        self.max = max
    }
}

extension Vector {
    /// The vector of length `magnitude` at `angle` radians (clockwise on screen, from +x).
    package static func polar(angle: Double, magnitude: Double) -> Vector {
        Vector(x: cos(angle) * magnitude, y: sin(angle) * magnitude)
    }
}
