import XCTest

/// Which default a property gets, and where it shows: a few lines of spec in, the exact Swift
/// out.
final class DefaultFragmentTests: XCTestCase {
    static let pets = """
        Pet:
          oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]
          discriminator: {propertyName: petType, mapping: {kitty: '#/components/schemas/Cat', doggy: '#/components/schemas/Dog'}}
        Cat: {type: object, required: [petType], properties: {petType: {type: string}, name: {type: string}}}
        Dog: {type: object, properties: {petType: {type: string}, bark: {type: boolean}}}
        """

    /// A subtype's initializer defaults its discriminator to the value its mapping gives it, so
    /// `.cat(Cat())` encodes `kitty` and decodes back as `.cat`; its sample carries it too.
    func testSubtypeInitializerDefaultsTheDiscriminatorToItsMappingValue() throws {
        let (text, _) = try generate(schemasSpec(Self.pets))
        XCTAssertEqual(
            member("public init(petType", of: declaration("Cat", in: text)),
            """
            public init(petType: String = "kitty", name: String? = nil) {
                self.petType = petType
                self.name = name
            }
            """)
        XCTAssertEqual(
            member("public init(petType", of: declaration("Dog", in: text)),
            """
            public init(petType: String? = "doggy", bark: Bool? = nil) {
                self.petType = petType
                self.bark = bark
            }
            """)
        XCTAssertTrue(text.contains(##"public static var sample: Cat { EmbeddedJSON.decode(#"{"petType":"kitty","name":"Name 1"}"#) }"##), text)
    }

    /// A subtype that two mapping values select has no one value to default to.
    func testSubtypeWithTwoMappingValuesHasNoDefault() throws {
        let spec = Self.pets.replacingOccurrences(of: "doggy: '#/components/schemas/Dog'", with: "tom: '#/components/schemas/Cat'")
        let (text, _) = try generate(schemasSpec(spec))
        XCTAssertTrue(member("public init(petType", of: declaration("Cat", in: text)).hasPrefix("public init(petType: String, name"), text)
    }

    /// An object default and an array-of-objects default are kept (decoded from their JSON,
    /// checked to decode first), not dropped with a warning that they do not match.
    func testObjectAndArrayOfObjectsDefaultsAreKept() throws {
        let (text, diagnostics) = try generate(schemasSpec("""
        Item: {type: object, properties: {x: {type: integer}}}
        Settings:
          type: object
          properties:
            o: {type: object, properties: {a: {type: integer}}, default: {a: 1}}
            l: {type: array, items: {$ref: '#/components/schemas/Item'}, default: [{x: 1}]}
        """))
        XCTAssertEqual(diagnostics.items.map(\.message), [])
        XCTAssertEqual(
            member("public init(o:", of: declaration("Settings", in: text)),
            """
            public init(o: O? = nil, l: [Item]? = nil) {
                self.o = o ?? EmbeddedJSON.decode(#"{"a":1}"#)
                self.l = l ?? EmbeddedJSON.decode(#"[{"x":1}]"#)
            }
            """)
    }

    /// A default the Swift type cannot hold (a day that does not exist, an Int32 out of range)
    /// is dropped with a located warning, never embedded where decoding it would stop the app.
    func testDefaultsTheTypeCannotHoldAreDroppedWithAWarning() throws {
        let (text, diagnostics) = try generate(schemasSpec("""
        Settings:
          type: object
          properties:
            day: {type: object, properties: {at: {type: string, format: date}}, default: {at: "2024-02-30"}}
            count: {type: object, properties: {n: {type: integer, format: int32}}, default: {n: 3000000000}}
        """))
        XCTAssertEqual(diagnostics.items.filter { $0.severity == .warning }.map(\.pointer), [
            "/components/schemas/Settings/properties/day/default", "/components/schemas/Settings/properties/count/default",
        ])
        XCTAssertTrue(member("public init(day:", of: declaration("Settings", in: text)).hasPrefix(
            "public init(day: Day? = nil, count: Count? = nil) {\n    self.day = day\n"), text)
    }

    /// A default on a property whose type is an alias of a scalar (`typealias ParallelToolCalls
    /// = Bool`) is that scalar's literal, not "does not match its type".
    func testDefaultOfAnAliasOfAScalarIsItsLiteral() throws {
        let (text, diagnostics) = try generate(schemasSpec("""
        ParallelToolCalls: {type: boolean, default: true}
        Run:
          type: object
          properties:
            parallel_tool_calls: {$ref: '#/components/schemas/ParallelToolCalls'}
        """))
        XCTAssertEqual(diagnostics.items.map(\.message), [])
        XCTAssertEqual(
            member("public init(parallelToolCalls", of: declaration("Run", in: text)),
            """
            public init(parallelToolCalls: ParallelToolCalls = true) {
                self.parallelToolCalls = parallelToolCalls
            }
            """)
    }
}
