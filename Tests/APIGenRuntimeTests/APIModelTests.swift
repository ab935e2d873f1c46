@_spi(Generated) import APIGenRuntime
import XCTest

/// `APIModel`'s equality and hashing must mean what the synthesized ones mean.
final class APIModelTests: XCTestCase {
    struct Owner: APIModel {
        var name: String
        var nickname: String?
    }

    struct Pet: APIModel {
        var id: Int
        var tags: [String]?
        var owner: Owner?
        var extra: [String: JSONValue] = [:]
    }

    /// Recursive, as generated: the cycle is boxed in `Indirect`.
    struct Node: APIModel {
        var id: Int
        var parent: Indirect<Node>?

        init(id: Int, parent: Node? = nil) {
            self.id = id
            self.parent = parent.map(Indirect.init)
        }

        init(from decoder: any Decoder) throws {
            self.init(id: try decoder.singleValueContainer().decode(Int.self))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(id)
        }
    }

    enum Shape: APIModel {
        case circle(Double)
        case square(Double)
        case empty
        case other
    }

    func testStructsCompareEveryStoredProperty() {
        let pet = Pet(id: 1, tags: ["a"], owner: Owner(name: "Ann"))
        XCTAssertEqual(pet, Pet(id: 1, tags: ["a"], owner: Owner(name: "Ann")))
        XCTAssertNotEqual(pet, Pet(id: 2, tags: ["a"], owner: Owner(name: "Ann")))
        XCTAssertNotEqual(pet, Pet(id: 1, tags: nil, owner: Owner(name: "Ann")))
        XCTAssertNotEqual(pet, Pet(id: 1, tags: ["a"], owner: Owner(name: "Ann", nickname: "A")))
        XCTAssertNotEqual(pet, Pet(id: 1, tags: ["a"], owner: nil))
        XCTAssertNotEqual(pet, Pet(id: 1, tags: ["a"], owner: Owner(name: "Ann"), extra: ["x": .bool(true)]))
        XCTAssertEqual(Pet(id: 1), Pet(id: 1))
    }

    func testRecursiveValuesCompareThroughTheBox() {
        let child = Node(id: 2, parent: Node(id: 1))
        XCTAssertEqual(child, Node(id: 2, parent: Node(id: 1)))
        XCTAssertNotEqual(child, Node(id: 2, parent: Node(id: 3)))
        XCTAssertNotEqual(child, Node(id: 2))
    }

    func testEnumsCompareTheCaseAndThePayload() {
        XCTAssertEqual(Shape.circle(1), .circle(1))
        XCTAssertNotEqual(Shape.circle(1), .square(1))
        XCTAssertNotEqual(Shape.circle(1), .circle(2))
        XCTAssertEqual(Shape.empty, .empty)
        XCTAssertNotEqual(Shape.empty, .other)
        XCTAssertNotEqual(Shape.empty, .circle(0))
    }

    func testEqualValuesHashAlikeAndSetsWork() {
        let values: [Pet] = [Pet(id: 1), Pet(id: 1), Pet(id: 2, tags: []), Pet(id: 2, tags: nil), Pet(id: 2, tags: [])]
        XCTAssertEqual(Set(values).count, 3)
        XCTAssertEqual(Pet(id: 5, owner: Owner(name: "B")).hashValue, Pet(id: 5, owner: Owner(name: "B")).hashValue)
        XCTAssertEqual(Set([Shape.circle(1), .square(1), .circle(1), .empty, .other, .empty]).count, 4)
    }
}
