import XCTest

/// JSON Schema as real specs use it: a few lines of spec in, the exact Swift out.
final class JSONSchemaFragmentTests: XCTestCase {
    /// A response body of `type: [array, 'null']` may be `null`: the request's response type
    /// is optional, so `null` decodes as nil instead of failing.
    func testNullableResponseBodyIsOptional() throws {
        let (text, _) = try generate(
            """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /items:
                get:
                  operationId: listItems
                  responses:
                    "200":
                      description: ok
                      content: {application/json: {schema: {type: [array, "null"], items: {type: string}}}}
            """, configure: { $0.viewModels = false })
        XCTAssertEqual(
            member("public static func listItems", of: declaration("API", in: text)),
            """
            public static func listItems() -> Request<[String]?> {
                var request = Request<[String]?>(method: .get, path: "/items", operationID: "listItems", response: .json)
                request.accept = "application/json"
                return request
            }
            """)
    }

    /// An array whose items a cycle cuts off is empty only where `minItems` allows it: a
    /// sample never breaks its schema to end a cycle.
    func testSampleArrayCutOffByACycleKeepsMinItems() throws {
        let (text, _) = try generate(schemasSpec("""
        Node:
          type: object
          properties:
            children: {type: array, minItems: 1, items: {$ref: '#/components/schemas/Node'}}
            siblings: {type: array, items: {$ref: '#/components/schemas/Node'}}
        """))
        XCTAssertTrue(text.contains(##"public static var sample: Node { EmbeddedJSON.decode(#"{"siblings":[]}"#) }"##), text)
    }

    /// A oneOf inside an allOf is part of the object: a nested union decoded from the whole
    /// object and encoded into it, beside the object's own properties (dropped with a warning
    /// before). Each alternative counts the object's keys as its own when the one declaring a
    /// value's keys is looked for.
    func testUnionInsideAllOfIsAWholeValueProperty() throws {
        let (text, diagnostics) = try generate(schemasSpec("""
        Login:
          allOf:
            - {type: object, required: [email], properties: {email: {type: string}}}
            - oneOf:
                - {type: object, required: [password], properties: {password: {type: string}}}
                - {type: object, required: [token], properties: {token: {type: string}}}
        """))
        XCTAssertEqual(diagnostics.items.map(\.message), [])
        let login = declaration("Login", in: text)
        XCTAssertEqual(
            member("public init(from decoder", of: login),
            """
            public init(from decoder: any Decoder) throws {
                let reader = try PropertyReader(decoder)
                self.email = try reader.decode(String.self, "email")
                self.variant = try Variant(from: decoder)
            }
            """)
        XCTAssertEqual(
            member("public func encode", of: login),
            """
            public func encode(to encoder: any Encoder) throws {
                var writer = PropertyWriter(encoder)
                writer.encode(self.email, "email")
                try writer.finish()
                try self.variant.encode(to: encoder)
            }
            """)
        assertContains(login, ["            [\"password\", \"email\"],\n            [\"token\", \"email\"],"])
        XCTAssertTrue(text.contains(##"sample: Login { EmbeddedJSON.decode(#"{"email":"Email 1","password":"Password 1"}"#) }"##), text)
    }

    /// An alternative object that fixes a property to a text is named by that text.
    func testAlternativeIsNamedByTheTextItFixes() throws {
        let (text, _) = try generate(schemasSpec("""
        Delivery:
          oneOf:
            - {type: object, properties: {method: {const: post}, address: {type: string}}}
            - {type: object, properties: {method: {const: email}, email: {type: string}}}
        """))
        assertContains(declaration("Delivery", in: text), ["    case post(Delivery.Post)\n    case email(Delivery.Email)\n"])
    }

    /// `patternProperties` are members too: with `additionalProperties: false` beside them the
    /// object is a map typed by the pattern's schema, where it was an empty struct that dropped
    /// every member.
    func testPatternPropertiesAreAMap() throws {
        let (text, diagnostics) = try generate(schemasSpec("""
        Labels:
          type: object
          additionalProperties: false
          patternProperties:
            '^[a-z_]+$': {type: integer}
        Tags:
          type: object
          properties: {name: {type: string}}
          unevaluatedProperties: {type: string}
        """))
        XCTAssertEqual(diagnostics.items.map(\.message), [])
        XCTAssertEqual(declaration("Labels", in: text), "public typealias Labels = [String: Int]")
        assertContains(declaration("Tags", in: text), ["public var additionalProperties: [String: String]"])
    }

    /// A `prefixItems` tuple is an array of free-form values that keeps every element, whatever
    /// `items` says of the rest.
    func testPrefixItemsKeepEveryElement() throws {
        let (text, diagnostics) = try generate(schemasSpec("""
        Sample:
          type: object
          properties:
            point: {type: array, prefixItems: [{type: string}, {type: number}], items: {type: number}}
        """))
        XCTAssertEqual(diagnostics.items.map(\.message), [])
        assertContains(declaration("Sample", in: text), ["public var point: [JSONValue]?"])
    }

    /// Samples obey `minProperties` (a map gets that many entries) and `uniqueItems` (no item
    /// twice; a list that cannot have enough different items is left out).
    func testSamplesObeyMinPropertiesAndUniqueItems() throws {
        let (text, _) = try generate(schemasSpec("""
        Bag:
          type: object
          properties:
            labels: {type: object, minProperties: 2, additionalProperties: {type: string}}
            codes: {type: array, minItems: 2, uniqueItems: true, items: {type: integer, enum: [7]}}
            tags: {type: array, minItems: 2, uniqueItems: true, items: {type: string}}
        """))
        assertContains(text, [
            ##"public static var sample: Bag { EmbeddedJSON.decode(#"{"labels":{"key1":"Value 1","key2":"Value 2"},"tags":["Tags 1","Tags 2"]}"#) }"##
        ])
    }

    /// An allOf part that only asserts over another part's property (`items: {required:
    /// [action]}` beside an array of rules) binds its sample too: each rule gets its `action`.
    func testSamplesMeetPartsThatOnlyAssertOverAProperty() throws {
        let (text, _) = try generate(schemasSpec("""
        Firewall:
          allOf:
            - type: object
              properties:
                rules: {type: array, items: {type: object, properties: {action: {type: string}, port: {type: integer}}}}
                owner: {type: object, properties: {name: {type: string}}}
            - properties:
                rules: {items: {required: [action]}}
                owner: {required: [name]}
          required: [rules, owner]
        """))
        assertContains(text, [
            ##"public static var sample: Firewall { EmbeddedJSON.decode(#"{"rules":[{"action":"Action 1"}],"owner":{"name":"Name 1"}}"#) }"##
        ])
    }

    /// An object whose keys are all optional but that asks for `minProperties` gets that many
    /// keys at any depth (OpenSearch's QueryContainer: one query of many), not `{}`.
    func testDeepSamplesMeetMinProperties() throws {
        let (text, _) = try generate(schemasSpec("""
        Query:
          type: object
          minProperties: 1
          maxProperties: 1
          properties:
            match: {type: string}
            term: {type: string}
        Search:
          type: object
          required: [request]
          properties:
            request:
              type: object
              required: [rescore]
              properties:
                rescore:
                  type: object
                  required: [query]
                  properties:
                    query: {$ref: '#/components/schemas/Query'}
        """))
        assertContains(text, [
            ##"public static var sample: Search { EmbeddedJSON.decode(#"{"request":{"rescore":{"query":{"match":"Match 1"}}}}"#) }"##
        ])
    }

    /// `not: {required: [aggregations, aggs]}` in an allOf part (OpenSearch's bucket
    /// aggregations, where `aggs` is an alias) keeps one of the keys out of the sample.
    func testSamplesKeepKeysApartThatAnAllOfPartForbidsTogether() throws {
        let (text, _) = try generate(schemasSpec("""
        BucketBase:
          type: object
          properties:
            aggregations: {type: object, additionalProperties: {type: string}}
            aggs: {type: object, additionalProperties: {type: string}}
          not:
            required: [aggregations, aggs]
        Histogram:
          allOf:
            - $ref: '#/components/schemas/BucketBase'
            - {type: object, required: [interval], properties: {interval: {type: integer}}}
        """))
        assertContains(text, [##"public static var sample: Histogram { EmbeddedJSON.decode(#"{"aggs":{},"interval":1}"#) }"##])
    }

    /// A number with an `enum` (no Swift enum is made of numbers) is sampled from its values.
    func testNumberEnumIsSampledFromItsValues() throws {
        let (text, _) = try generate(schemasSpec("""
        Section:
          type: object
          required: [mode]
          properties:
            mode: {type: number, enum: [-1, 0, 1]}
        """))
        assertContains(text, [##"public static var sample: Section { EmbeddedJSON.decode(#"{"mode":-1}"#) }"##])
    }

    /// An allOf part that says `additionalProperties: false` sees only its own properties: a
    /// sample holds no optional key another part adds, or it would break that part.
    func testSamplesKeepOutOfClosedParts() throws {
        let (text, _) = try generate(schemasSpec("""
        Page:
          allOf:
            - {additionalProperties: false, properties: {data: {type: array, items: {type: string}}}}
            - {properties: {page: {type: integer}}}
        """))
        assertContains(text, [##"public static var sample: Page { EmbeddedJSON.decode(#"{"data":["Data 1"]}"#) }"##])
    }

    /// A part of an allOf that only asserts over a property another part declares (`required`
    /// of its items, `type: object` and nothing more) keeps that property's type: JSON Schema
    /// applies both, so the value is still the declared array or object.
    func testAnAssertingPartKeepsThePropertyType() throws {
        let (text, _) = try generate(schemasSpec("""
        Rules:
          allOf:
            - type: object
              properties:
                inbound: {type: array, items: {type: object, properties: {action: {type: string}}}}
                sender: {$ref: '#/components/schemas/Sender'}
            - properties:
                inbound: {items: {required: [action]}}
                sender: {type: object, required: [email]}
        Sender: {type: object, properties: {email: {type: string}}}
        """))
        assertContains(declaration("Rules", in: text), ["public var inbound: [InboundItem]?", "public var sender: Sender?"])
    }

    /// A part that marks a declared property `readOnly` (linode's volume update: `size:
    /// {readOnly: true}` beside the Volume it extends) keeps the type and makes it read-only:
    /// the client does not send it.
    func testAnOverlayMarksTheDeclaredPropertyReadOnly() throws {
        let (text, _) = try generate(schemasSpec("""
        VolumeUpdate:
          allOf:
            - {type: object, properties: {label: {type: string}, size: {type: integer}}}
            - {type: object, properties: {size: {readOnly: true}}}
        """))
        let update = declaration("VolumeUpdate", in: text)
        assertContains(update, ["public var size: Int?", #"writer.encodeIfPresent(self.size, "size", readOnly: true)"#])
        XCTAssertFalse(update.contains(#""label", readOnly: true"#), update)
    }

    /// A name `required` lists that no property declares (in the schema, its allOf parts or
    /// alternatives) is an optional free-form property: a value that carries it keeps it, one
    /// without it still decodes, and the sample carries it as the schema asks.
    func testARequiredNameNoPropertyDeclaresIsKept() throws {
        let (text, diagnostics) = try generate(schemasSpec("""
        Page:
          allOf:
            - {type: object, properties: {total: {type: integer}}}
          required: [total, items]
        Choice:
          type: object
          required: [kind]
          oneOf:
            - {properties: {kind: {type: string}, a: {type: string}}}
            - {properties: {kind: {type: string}, b: {type: string}}}
        """))
        XCTAssertEqual(
            diagnostics.items.map(\.message),
            ["required property 'items' is not declared in 'properties'; it is generated as an optional free-form property"])
        let page = declaration("Page", in: text)
        assertContains(page, ["public var total: Int\n", "public var items: JSONValue?\n"])
        XCTAssertTrue(member("public init(", of: page).hasPrefix("public init(total: Int, items: JSONValue? = nil) {"), page)
        assertContains(text, [##"public static var sample: Page { EmbeddedJSON.decode(#"{"total":1,"items":{}}"#) }"##])
    }

    /// `propertyNames` constrains the keys of a map and drops nothing: the map keeps every
    /// member, and a sample's keys are names it accepts. A tuple's sample gives each leading
    /// element its own schema's value, so `minItems` of a pair holds.
    func testPropertyNamesAndTuplesInSamples() throws {
        let (text, diagnostics) = try generate(schemasSpec("""
        Metric:
          type: object
          required: [points, labels]
          properties:
            points: {type: array, items: {type: array, minItems: 2, maxItems: 2, prefixItems: [{type: integer}, {type: number}]}}
            labels: {type: object, minProperties: 1, propertyNames: {enum: [env, team]}, additionalProperties: {type: string}}
        """))
        XCTAssertEqual(diagnostics.items.map(\.message), [])
        assertContains(declaration("Metric", in: text), ["public var points: [[JSONValue]]\n", "public var labels: [String: String]\n"])
        assertContains(text, [##"public static var sample: Metric { EmbeddedJSON.decode(#"{"points":[[1,2.5]],"labels":{"env":"Value 1"}}"#) }"##])
    }

    /// A oneOf that only says which keys go together (OpenAI's file_search resources: the ids
    /// of existing vector stores, or stores to make, not both) gives the sample exactly one
    /// alternative's keys; an anyOf at least one; `not: {required: [a, b]}` leaves one out.
    func testAOneOfOfRequiredKeysGivesTheSampleOneAlternative() throws {
        let (text, _) = try generate(schemasSpec("""
        FileSearch:
          type: object
          properties:
            vector_store_ids: {type: array, items: {type: string}}
            vector_stores: {type: array, items: {type: string}}
          oneOf:
            - required: [vector_store_ids]
            - required: [vector_stores]
        Contact:
          type: object
          properties:
            email: {type: string}
            phone: {type: string}
          anyOf:
            - required: [phone]
            - required: [email]
        ImageRef:
          type: object
          properties:
            image_url: {type: string}
            file_id: {type: string}
          anyOf:
            - required: [image_url]
            - required: [file_id]
          not: {required: [image_url, file_id]}
        """))
        assertContains(text, [
            ##"public static var sample: ImageRef { EmbeddedJSON.decode(#"{"image_url":"Image url 1"}"#) }"##,
            ##"public static var sample: FileSearch { EmbeddedJSON.decode(#"{"vector_store_ids":["Vector store ids 1"]}"#) }"##,
            ##"public static var sample: Contact { EmbeddedJSON.decode(#"{"email":"Email 1","phone":"Phone 1"}"#) }"##,
        ])
    }

    /// `maxProperties` caps the sample's keys: the required ones first, optional ones while room is left.
    func testMaxPropertiesCapsTheSample() throws {
        let (text, _) = try generate(schemasSpec("""
        Source:
          type: object
          maxProperties: 1
          properties:
            parameter: {type: string}
            pointer: {type: string}
        Pinned:
          type: object
          maxProperties: 2
          required: [code]
          properties:
            note: {type: string}
            hint: {type: string}
            code: {type: integer}
        """))
        assertContains(text, [
            ##"public static var sample: Source { EmbeddedJSON.decode(#"{"parameter":"Parameter 1"}"#) }"##,
            ##"public static var sample: Pinned { EmbeddedJSON.decode(#"{"note":"Note 1","code":1}"#) }"##,
        ])
    }

    /// In 3.1 a `$ref` beside `properties` is applied with them (JSON Schema's reading): the
    /// struct has the referenced schema's properties and its own.
    func testAReferenceBesidePropertiesIsOneMorePart() throws {
        let (text, _) = try generate(schemasSpec("""
        ServerRequest: {type: object, properties: {user_options: {type: object}}}
        ServerPatch:
          $ref: '#/components/schemas/ServerRequest'
          properties:
            name: {type: string}
        ServerNote:
          $ref: '#/components/schemas/ServerRequest'
          description: Annotations alone keep the alias.
        """))
        assertContains(declaration("ServerPatch", in: text), ["public var userOptions: [String: JSONValue]?", "public var name: String?"])
        assertContains(text, ["public typealias ServerNote = ServerRequest"])
    }
}
