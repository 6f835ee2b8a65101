import JSON
import Testing

@testable import Scene

/// Key names in the decoder are checked against the catalog: a misspelling must not read as an absent key.
@Suite("Reading checked objects")
struct CheckedObjectTests {
    static func snap() -> CheckedObject {
        let object = JSONObject([("point", .array([.number(1), .number(2)]))])
        var checked = CheckedObject(object: object, pointer: .root, description: Catalog.object(.behavior(.snap)))
        checked.markValid("point")
        return checked
    }

    @Test("a key of the object's catalog table reads its checked value")
    func catalogKeyReads() {
        #expect(Self.snap().vector("point") == Vector(x: 1, y: 2))
        #expect(Self.snap().number("damping") == nil)
    }

    @Test("reading a key the catalog does not define for the object stops a debug build")
    func misspelledKeyStops() async {
        await #expect(processExitsWith: .failure) {
            _ = CheckedObject.snapForExitTest().vector("snapPoint")
        }
    }
}

extension CheckedObject {
    /// The snap of `CheckedObjectTests` (an exit test's body cannot capture the suite's state).
    static func snapForExitTest() -> CheckedObject { CheckedObjectTests.snap() }
}
