@_spi(Generated) import APIGenRuntime
import FeaturesAPI
import Foundation
import XCTest

/// Equality and hashing of generated models go through their `_visitStoredValues(pairedWith:_:)`:
/// every stored property counts (boxed ones and additional properties too), what a model only
/// remembers about its JSON (`KeyPresence`) does not, and an enum compares the case first.
final class EqualityTests: XCTestCase {
    func testStructsCompareEveryStoredPropertyAndNotTheirBookkeeping() throws {
        let labels = Labels(name: "release", additionalProperties: ["tier": "gold"])
        XCTAssertEqual(labels, Labels(name: "release", additionalProperties: ["tier": "gold"]))
        XCTAssertNotEqual(labels, Labels(name: "release", additionalProperties: ["tier": "silver"]))
        XCTAssertNotEqual(labels, Labels(name: "beta", additionalProperties: ["tier": "gold"]))

        let list = LinkedNode(value: 1, next: LinkedNode(value: 2, next: LinkedNode(value: 3)))
        XCTAssertEqual(list, LinkedNode(value: 1, next: LinkedNode(value: 2, next: LinkedNode(value: 3))))
        XCTAssertNotEqual(list, LinkedNode(value: 1, next: LinkedNode(value: 2, next: LinkedNode(value: 4))), "a boxed value counts")

        // A `null` and an absent key decode to the same values: equal, and hashed alike.
        let fromNull = try decode(ContributorLinkPage.self, #"{"results": [], "next": null}"#)
        let fromAbsent = try decode(ContributorLinkPage.self, #"{"results": []}"#)
        XCTAssertEqual(fromNull, fromAbsent)
        XCTAssertEqual(fromNull.hashValue, fromAbsent.hashValue)
        XCTAssertNotEqual(try encodeToString(fromNull), try encodeToString(fromAbsent), "yet each encodes back as it came")
    }

    func testEnumsCompareTheCaseThenThePayload() throws {
        let circle = Shape.circle(Circle(radius: 2))
        XCTAssertEqual(circle, .circle(Circle(radius: 2)))
        XCTAssertNotEqual(circle, .circle(Circle(radius: 3)))
        XCTAssertNotEqual(circle, .square(Square(side: 2)))
        XCTAssertNotEqual(circle, .unknown(.object(["shapeType": .string("circle"), "radius": .int(2)])))
        XCTAssertEqual(Shape.unknown(.null), .unknown(.null))
    }

    func testEqualValuesHashAlikeSoSetsAndDictionariesWork() throws {
        let shapes: [Shape] = [
            .circle(Circle(radius: 1)), .circle(Circle(radius: 1)), .square(Square(side: 1)), .triangle(Triangle(base: 1, height: 2)),
            .triangle(Triangle(base: 1, height: 2)), .unknown(.string("x")),
        ]
        XCTAssertEqual(Set(shapes).count, 4)
        let nodes = (0..<200).map { LinkedNode(value: $0 % 50, next: LinkedNode(value: 7)) }
        XCTAssertEqual(Set(nodes).count, 50)
        var seen: [Labels: Int] = [:]
        for index in 0..<100 {
            seen[Labels(name: "n\(index % 10)", additionalProperties: ["k": "\(index / 50)"]), default: 0] += 1
        }
        XCTAssertEqual(seen.count, 20)
        XCTAssertEqual(Set(seen.values), [5])
    }
}
