@_spi(Generated) import APIGenRuntime
import FeaturesAPI
import FeedAPI
import Foundation
import PetstoreAPI
import XCTest

/// allOf (merged structs), oneOf with and without a discriminator, anyOf, and nullable references.
final class CompositionTests: XCTestCase {
    // MARK: allOf

    func testAllOfOfTwoReferencesAndInlinePropertiesHasEveryProperty() throws {
        let json = #"""
        {"id": "4e3c2b1a-0f9e-4d8c-b7a6-958473625140", "createdAt": "2024-01-01T09:00:00Z",
         "updatedAt": "2024-01-02T09:00:00Z", "title": "Design notes", "body": "Everything is a value."}
        """#
        let document = try assertRoundTrip(Document.self, json)
        XCTAssertEqual(document.id, UUID(uuidString: "4e3c2b1a-0f9e-4d8c-b7a6-958473625140"))
        XCTAssertEqual(document.createdAt, utcDate(2024, 1, 1, 9))
        XCTAssertEqual(document.updatedAt, utcDate(2024, 1, 2, 9))
        XCTAssertEqual(document.title, "Design notes")
        XCTAssertEqual(document.body, "Everything is a value.")
    }

    func testLargeValuesHeldOutOfLineKeepValueSemantics() throws {
        // `Party` has 17 fields, so `Shipment` stores it behind `Indirect` (see ValueLayout).
        let json = #"""
        {"sender": {"name": "Ada", "city": "London", "country": "GB"},
         "recipient": {"name": "Grace", "city": "Arlington"}, "weight": 3}
        """#
        let shipment = try assertRoundTrip(Shipment.self, json)
        XCTAssertEqual(shipment.sender.name, "Ada")
        XCTAssertEqual(shipment.sender.country, "GB")
        XCTAssertEqual(shipment.recipient?.city, "Arlington")
        XCTAssertNil(try decode(Shipment.self, #"{"sender": {"name": "Ada"}}"#).recipient)
        assertKeyNotFound(Shipment.self, #"{"weight": 1}"#, path: "sender")

        var copy = shipment
        copy.sender.city = "Paris"
        copy.recipient?.name = "Hopper"
        XCTAssertEqual(shipment.sender.city, "London", "a copy's change must not reach the original")
        XCTAssertEqual(shipment.recipient?.name, "Grace")
        XCTAssertEqual(copy.sender.city, "Paris")
        XCTAssertNotEqual(copy, shipment)
        copy.sender.city = "London"
        copy.recipient?.name = "Grace"
        XCTAssertEqual(copy, shipment)
        XCTAssertEqual(Set([copy, shipment]).count, 1)
    }

    func testAllOfKeepsTheRequiredKeysOfEveryPart() {
        let full = #"{"id": "4e3c2b1a-0f9e-4d8c-b7a6-958473625140", "createdAt": "2024-01-01T09:00:00Z", "title": "T"}"#
        XCTAssertNoThrow(try decode(Document.self, full))
        assertKeyNotFound(Document.self, #"{"createdAt": "2024-01-01T09:00:00Z", "title": "T"}"#, path: "id")
        assertKeyNotFound(Document.self, #"{"id": "4e3c2b1a-0f9e-4d8c-b7a6-958473625140", "title": "T"}"#, path: "createdAt")
        assertKeyNotFound(Document.self, #"{"id": "4e3c2b1a-0f9e-4d8c-b7a6-958473625140", "createdAt": "2024-01-01T09:00:00Z"}"#, path: "title")
    }

    func testAllOfExtendingABase() throws {
        let dog = try assertRoundTrip(Dog.self, #"{"name": "Rex", "sound": "woof", "breed": "Border Collie", "goodBoy": false}"#)
        XCTAssertEqual(dog, Dog(name: "Rex", sound: "woof", breed: "Border Collie", goodBoy: false))
        assertKeyNotFound(Dog.self, #"{"breed": "Border Collie"}"#, path: "name")
        assertKeyNotFound(Dog.self, #"{"name": "Rex"}"#, path: "breed")

        let pet = try decode(PetstoreAPI.Pet.self, #"{"id": 42, "name": "Rex", "tag": "dog", "status": "available"}"#)
        XCTAssertEqual(pet.id, 42)
        XCTAssertEqual(pet.name, "Rex")
        XCTAssertEqual(pet.tag, "dog")
        XCTAssertEqual(pet.status, .available)
    }

    // MARK: oneOf with a discriminator

    func testDiscriminatorWithExplicitMapping() throws {
        let circle = try assertRoundTrip(Shape.self, #"{"shapeType": "circle", "radius": 2.5}"#)
        XCTAssertEqual(circle, .circle(Circle(radius: 2.5)))
        let square = try assertRoundTrip(Shape.self, #"{"shapeType": "square", "side": 4}"#)
        XCTAssertEqual(square, .square(Square(side: 4)))
    }

    func testDiscriminatorWithImplicitMappingBySchemaName() throws {
        let triangle = try assertRoundTrip(Shape.self, #"{"shapeType": "Triangle", "base": 3, "height": 5}"#)
        XCTAssertEqual(triangle, .triangle(Triangle(base: 3, height: 5)))
        // The value is matched exactly: "triangle" is not the schema name.
        guard case .unknown = try decode(Shape.self, #"{"shapeType": "triangle", "base": 3, "height": 5}"#) else {
            return XCTFail("\"triangle\" is not a mapped discriminator value")
        }
    }

    func testUnknownDiscriminatorValueIsKeptAndRoundTrips() throws {
        let json = #"{"shapeType": "hexagon", "side": 2, "meta": {"sides": 6, "regular": true}, "tags": ["a", null]}"#
        let shape = try assertRoundTrip(Shape.self, json)
        guard case .unknown(let value) = shape else { return XCTFail("Expected .unknown, got \(shape)") }
        XCTAssertEqual(value["shapeType"], .string("hexagon"))
        XCTAssertEqual(value["meta"]?["sides"], .int(6))
        XCTAssertEqual(value, try jsonValue(json))
    }

    func testMissingDiscriminatorIsUnknown() throws {
        let shape = try assertRoundTrip(Shape.self, #"{"radius": 1}"#)
        XCTAssertEqual(shape, .unknown(.object(["radius": .int(1)])))
    }

    /// Alternatives that share a discriminator value are each tried: a user message is not
    /// lost because a system message of the same kind comes first.
    func testAKindSeveralAlternativesShareDecodesTheOneThatFits() throws {
        let items = try assertRoundTrip([ConversationItem].self, #"""
        [{"type": "message", "role": "system", "text": "Be brief."}, {"type": "message", "role": "user", "text": "Hi"},
         {"type": "tool_call", "name": "search"}]
        """#)
        XCTAssertEqual(items, [
            .systemMessage(SystemMessage(text: "Be brief.")), .userMessage(UserMessage(text: "Hi")), .toolCall(ToolCall(name: "search")),
        ])
        // Where an alternative fixes the kind, its schema name is not one: it could never decode.
        guard case .unknown = try decode(ConversationItem.self, #"{"type": "UserMessage", "role": "user", "text": "?"}"#) else {
            return XCTFail("a schema name its alternative's constant contradicts is an unknown kind")
        }
        // A message no alternative of its kind accepts is an error, not another kind.
        XCTAssertThrowsError(try decode(ConversationItem.self, #"{"type": "message", "role": "tool", "text": "?"}"#))
    }

    /// The kinds are the values each alternative's `type` enum allows, and `$recursiveRef: "#"`
    /// is the compound condition itself: a tree of conditions decodes typed at every level.
    func testKindsFromEnumsAndARecursiveReferenceDecodeATree() throws {
        let condition = try assertRoundTrip(Condition.self, #"""
        {"type": "or", "conditions": [{"type": "eq", "field": "genre", "value": "jazz"},
          {"type": "and", "conditions": [{"type": "gt", "field": "year", "value": "1959"}]}]}
        """#)
        guard case .compoundCondition(let or) = condition, or.conditions.count == 2,
            case .comparison(let genre) = or.conditions[0], case .compoundCondition(let and) = or.conditions[1],
            case .comparison(let year) = and.conditions.first
        else {
            return XCTFail("expected a typed tree, got \(condition)")
        }
        XCTAssertEqual(genre.field, "genre")
        XCTAssertEqual(and.type, .and)
        XCTAssertEqual(year.type, .gt)
        // A value that is not an object at all is an unknown kind too, kept as sent.
        let odd = try assertRoundTrip(CompoundCondition.self, #"{"type": "and", "conditions": [null, 3, ["x"], {"type": "xor"}]}"#)
        XCTAssertEqual(odd.conditions, [.unknown(.null), .unknown(.int(3)), .unknown(.array([.string("x")])), .unknown(.object(["type": .string("xor")]))])
    }

    /// `Cat` and `Bird` extend `Creature` with allOf; a list of creatures keeps each one's own fields.
    func testABaseSchemaDecodesAsTheSubtypeItsDiscriminatorNames() throws {
        let creatures = try assertRoundTrip([Creature].self, #"""
        [{"kind": "Cat", "name": "Tom", "lives": 9}, {"kind": "bird", "name": "Tweety", "wingspan": 0.2},
         {"kind": "fish", "name": "Nemo", "fins": 2}]
        """#)
        guard creatures.count == 3, case .cat(let cat) = creatures[0], case .bird(let bird) = creatures[1] else {
            return XCTFail("expected a cat and a bird first, got \(creatures)")
        }
        XCTAssertEqual(cat.lives, 9)
        XCTAssertEqual(cat.name, "Tom", "a subtype holds the base's fields")
        XCTAssertEqual(bird.wingspan, 0.2)
        XCTAssertEqual(creatures[2], .unknown(.object(["kind": "fish", "name": "Nemo", "fins": .int(2)])), "an unknown kind is kept as sent")
        assertKeyNotFound(Creature.self, #"{"kind": "Cat", "name": "Tom"}"#, path: "lives")
        // The base's fields, whatever the kind; an unknown kind gives what it sent, if it fits.
        XCTAssertEqual(creatures.map(\.name), ["Tom", "Tweety", "Nemo"])
        XCTAssertEqual(creatures.map(\.kind), ["Cat", "bird", "fish"])
        XCTAssertNil(try decode(Creature.self, #"{"kind": "fish", "name": 5}"#).name)
        XCTAssertNil(try decode(Creature.self, #"{"kind": "fish"}"#).name)
    }

    /// Without a discriminator, the alternative that declares every key of a value wins over
    /// one tried before it that would drop some.
    func testTheAlternativeThatDeclaresEveryKeyIsChosen() throws {
        let annotated = try assertRoundTrip(ContentPart.self, #"{"text": "Hi", "annotations": ["greeting"]}"#)
        XCTAssertEqual(annotated, .annotatedTextPart(AnnotatedTextPart(text: "Hi", annotations: ["greeting"])))
        XCTAssertEqual(try assertRoundTrip(ContentPart.self, #"{"text": "Hi"}"#), .textPart(TextPart(text: "Hi")))
        // A key neither declares: the order as written, and the key is dropped, as for any model.
        XCTAssertEqual(try decode(ContentPart.self, #"{"text": "Hi", "x": 1}"#), .textPart(TextPart(text: "Hi")))
    }

    /// A union's `default` applies when the key is absent, and is not sent back as if it came.
    func testAUnionTypedDefaultAppliesWhenTheKeyIsAbsent() throws {
        let variants = try assertRoundTrip(Variants.self, "{}")
        XCTAssertEqual(variants.retryDelay, .int(0))
        XCTAssertEqual(variants.identifierOrDefault, .string("none"))
        XCTAssertEqual(try assertRoundTrip(Variants.self, #"{"retryDelay": [0.5, 1]}"#).retryDelay, .doubleList([0.5, 1]))
        XCTAssertEqual(Variants().retryDelay, .int(0))
    }

    func testDiscriminatedVariantMissingARequiredKeyReportsIt() {
        assertKeyNotFound(Shape.self, #"{"shapeType": "circle"}"#, path: "radius")
        assertKeyNotFound([Shape].self, #"[{"shapeType": "square", "side": 1}, {"shapeType": "square"}]"#, path: "[1].side")
    }

    func testAListOfShapes() throws {
        let shapes = try assertRoundTrip([Shape].self, #"""
        [{"shapeType": "circle", "radius": 1}, {"shapeType": "square", "side": 2},
         {"shapeType": "Triangle", "base": 3, "height": 4}, {"shapeType": "star", "points": 5}]
        """#)
        XCTAssertEqual(shapes.count, 4)
        XCTAssertEqual(shapes[0], .circle(Circle(radius: 1)))
        XCTAssertEqual(shapes[1], .square(Square(side: 2)))
        XCTAssertEqual(shapes[2], .triangle(Triangle(base: 3, height: 4)))
        XCTAssertEqual(shapes[3], .unknown(.object(["shapeType": .string("star"), "points": .int(5)])))
    }

    func testFeedAttachmentsDiscriminatedByType() throws {
        let attachments = try assertRoundTrip([Attachment].self, #"""
        [{"type": "image", "url": "https://media.feed.example.com/m_81fa3c.jpg", "width": 1600, "height": 1200,
          "altText": "The bay at sunrise, with two sailing boats."},
         {"type": "link", "url": "https://example.com/tides", "title": "Tide tables for the bay"},
         {"type": "poll", "question": "Sail or swim?", "options": ["sail", "swim"]}]
        """#)
        guard case .imageAttachment(let image) = attachments[0] else { return XCTFail("\(attachments[0])") }
        XCTAssertEqual(image.width, 1600)
        XCTAssertEqual(image.altText, "The bay at sunrise, with two sailing boats.")
        guard case .linkAttachment(let link) = attachments[1] else { return XCTFail("\(attachments[1])") }
        XCTAssertEqual(link.title, "Tide tables for the bay")
        guard case .unknown(let poll) = attachments[2] else { return XCTFail("\(attachments[2])") }
        XCTAssertEqual(poll["options"]?[1], .string("swim"))
    }

    // MARK: oneOf without a discriminator

    func testOneOfWithoutDiscriminatorPicksByShape() throws {
        let card = try assertRoundTrip(PaymentMethod.self, #"{"last4": "4242", "brand": "visa", "expires": "12/27"}"#)
        XCTAssertEqual(card, .card(Card(last4: "4242", brand: .visa, expires: "12/27")))
        let transfer = try assertRoundTrip(PaymentMethod.self, #"{"iban": "DE89370400440532013000", "bic": "COBADEFFXXX"}"#)
        XCTAssertEqual(transfer, .bankTransfer(BankTransfer(iban: "DE89370400440532013000", bic: "COBADEFFXXX")))
        // A card with a brand this client does not know is still a card.
        let newBrand = try decode(PaymentMethod.self, #"{"last4": "0005", "brand": "jcb"}"#)
        XCTAssertEqual(newBrand, .card(Card(last4: "0005", brand: .unknown("jcb"))))
    }

    func testOneOfMatchingNoVariantFailsAtItsPath() {
        let error = assertDecodingFails(Variants.self, #"{"payment": {"last4": "4242"}}"#, at: "payment")
        guard case .dataCorrupted = error else { return XCTFail("Expected dataCorrupted, got \(String(describing: error))") }
        assertDecodingFails(Variants.self, #"{"identifier": 1.5}"#, at: "identifier")
        assertDecodingFails(Variants.self, #"{"location": [1, 2]}"#, at: "location")
    }

    func testOneOfOfPrimitives() throws {
        XCTAssertEqual(try assertRoundTrip([StringOrInteger].self, #"["abc-123"]"#), [.string("abc-123")])
        XCTAssertEqual(try assertRoundTrip([StringOrInteger].self, "[123]"), [.int64(123)])
        // A string of digits stays a string, and a number stays a number, whichever is tried first.
        XCTAssertEqual(try assertRoundTrip([StringOrInteger].self, #"["123"]"#), [.string("123")])
        XCTAssertEqual(try assertRoundTrip([StringOrInteger].self, #"[-7, "-7", ""]"#), [.int64(-7), .string("-7"), .string("")])
        XCTAssertEqual(try assertRoundTrip([StringOrInteger].self, "[9007199254740993]"), [.int64(9_007_199_254_740_993)])
        XCTAssertThrowsError(try decode([StringOrInteger].self, "[true]"))
        XCTAssertThrowsError(try decode([StringOrInteger].self, "[null]"))
    }

    func testOneOfOfAnObjectAndAPrimitiveInBothOrders() throws {
        // Location lists the object first, then the string.
        XCTAssertEqual(
            try assertRoundTrip(Location.self, #"{"lat": 52.52, "lon": 13.405}"#),
            .coordinates(Location.Coordinates(lat: 52.52, lon: 13.405))
        )
        XCTAssertEqual(try decode([Location].self, #"["Berlin"]"#), [.placeName("Berlin")])
        // Variants.inlineUnion lists the reference first, then the string.
        let variants = try assertRoundTrip(Variants.self, #"{"inlineUnion": {"name": "Rex", "sound": "woof"}, "location": "Berlin"}"#)
        XCTAssertEqual(variants.inlineUnion, .animal(Animal(name: "Rex", sound: "woof")))
        XCTAssertEqual(variants.location, .placeName("Berlin"))
        XCTAssertEqual(try decode(Variants.self, #"{"inlineUnion": "Rex"}"#).inlineUnion, .string("Rex"))
    }

    // MARK: anyOf

    func testAlternativesToldApartByAConstantDecodeTheOneItNames() throws {
        // Without the constant enforced, every answer decoded as the first alternative and
        // `reason` was lost.
        let abort = try assertRoundTrip(Transition.self, #"{"type": "abort_details", "reason": "card declined"}"#)
        XCTAssertEqual(abort, .abortDetails(AbortDetails(type: "abort_details", reason: "card declined")))
        let accept = try decode(Transition.self, #"{"type": "accept_details", "note": "ok"}"#)
        XCTAssertEqual(accept, .acceptDetails(AcceptDetails(type: "accept_details", note: "ok")))
        XCTAssertThrowsError(try decode(Transition.self, #"{"type": "wait_details"}"#))
        XCTAssertThrowsError(try decode(AcceptDetails.self, #"{"type": "abort_details"}"#), "a constant is enforced")
    }

    func testUnionsOfOneWholeValueInAnAllOfWriteItOnce() throws {
        let array = try assertRoundTrip(BucketAggregate.self, #"{"buckets": [1, 2, 3], "function": {"factor": 2, "tags": ["a"]}}"#)
        XCTAssertEqual(array.function?["tags"], .array([.string("a")]), "a free-form allOf keeps every key")
        _ = try assertRoundTrip(BucketAggregate.self, #"{"buckets": {"a": 1}}"#)
        // A union takes null when one of its alternatives is a union that does.
        let filters = try assertRoundTrip(BucketAggregate.self, #"{"buckets": [], "filters": {"a": null, "b": {"query": "x"}}}"#)
        XCTAssertEqual(filters.filters?["a"], .some(nil))
    }

    func testRecursiveArraysAndMapsAreTypesThatCodeAsTheBareValue() throws {
        let list = try assertRoundTrip(NestedList.self, "[[], [[]]]")
        XCTAssertEqual(list, NestedList([NestedList([]), NestedList([NestedList([])])]))
        let map = try assertRoundTrip(SelfMap.self, #"{"a": {"b": {}}}"#)
        XCTAssertEqual(map.value["a"]?.value["b"], SelfMap([:]))
        XCTAssertThrowsError(try decode(NestedList.self, "[1]"))
    }

    func testADefaultOnlyResponseIsTheSuccessResponse() throws {
        let request = API.getNestedList()
        let decoded = try request.response.decode(HTTPResponse(status: 200), Data("[[]]".utf8), APIJSON.makeDecoder())
        XCTAssertEqual(decoded, NestedList([NestedList([])]))
    }

    func testAnyOf() throws {
        XCTAssertEqual(
            try assertRoundTrip(ContactMethod.self, #"{"email": "someone@example.com"}"#),
            ContactMethod(emailContact: EmailContact(email: "someone@example.com"))
        )
        XCTAssertEqual(
            try assertRoundTrip(ContactMethod.self, #"{"phone": "+1 555 0100"}"#),
            ContactMethod(phoneContact: PhoneContact(phone: "+1 555 0100"))
        )
        assertDecodingFails(Variants.self, #"{"contact": {"fax": "1"}}"#, at: "contact")
    }

    /// anyOf means one or more: a value matching both alternatives keeps both, and encodes
    /// back with the keys of each.
    func testAnyOfKeepsEveryMatchingAlternative() throws {
        let both = try assertRoundTrip(ContactMethod.self, #"{"email": "a@b.c", "phone": "555"}"#)
        XCTAssertEqual(both, ContactMethod(emailContact: EmailContact(email: "a@b.c"), phoneContact: PhoneContact(phone: "555")))
        let nested = try assertRoundTrip(Variants.self, #"{"contact": {"email": "a@b.c", "phone": "555"}}"#)
        XCTAssertEqual(nested.contact?.phoneContact?.phone, "555")
        XCTAssertThrowsError(try encodeToString(ContactMethod()), "a value matching nothing is not sent")
    }

    /// A date alternative reads and writes the date text with the client's date coding (its own
    /// Codable would want a number), beside an integer alternative tried first.
    func testADateAlternativeUsesTheDateFormat() throws {
        XCTAssertEqual(try assertRoundTrip(Moment.self, #""2024-02-29T21:59:59Z""#), .date(utcDate(2024, 2, 29, 21, 59, 59)))
        XCTAssertEqual(try assertRoundTrip(Moment.self, "1709243999"), .int64(1_709_243_999))
    }

    func testVariantsHoldingEveryKindOfUnion() throws {
        let variants = try assertRoundTrip(Variants.self, #"""
        {"shape": {"shapeType": "Triangle", "base": 3, "height": 5},
         "payment": {"iban": "DE89370400440532013000"},
         "identifier": 42,
         "contact": {"phone": "+1 555 0100"},
         "location": {"lat": 1, "lon": 2},
         "inlineUnion": "x"}
        """#)
        XCTAssertEqual(variants.shape, .triangle(Triangle(base: 3, height: 5)))
        XCTAssertEqual(variants.payment, .bankTransfer(BankTransfer(iban: "DE89370400440532013000")))
        XCTAssertEqual(variants.identifier, .int64(42))
        XCTAssertEqual(variants.contact, ContactMethod(phoneContact: PhoneContact(phone: "+1 555 0100")))
        XCTAssertEqual(variants.location, .coordinates(Location.Coordinates(lat: 1, lon: 2)))
        XCTAssertEqual(variants.inlineUnion, .string("x"))
        XCTAssertEqual(try decode(Variants.self, "{}"), Variants())
    }

    // MARK: Nullable references and 3.1 type arrays

    func testNullableReferencesAndTypeArrays() throws {
        let empty = try decode(Nullables.self, #"{"middleName": null}"#)
        XCTAssertEqual(empty, Nullables())

        let nulls = try decode(Nullables.self, #"""
        {"nickname": null, "middleName": null, "age": null, "score": null, "aliases": null,
         "pet": null, "partner": null, "mood": null, "idOrName": null}
        """#)
        XCTAssertNil(nulls.nickname)
        XCTAssertNil(nulls.pet)
        XCTAssertNil(nulls.partner)
        XCTAssertNil(nulls.mood)
        // Null and absent both read as nil, and each encodes back as it came.
        XCTAssertEqual(nulls, empty)
        try assertEncodes(empty, as: #"{"middleName": null}"#)
        try assertEncodes(nulls, as: #"""
        {"nickname": null, "middleName": null, "age": null, "score": null, "aliases": null,
         "pet": null, "partner": null, "mood": null}
        """#)
        var renamed = nulls
        renamed.nickname = "Ace"
        XCTAssertEqual(try encodeToJSONValue(renamed)["nickname"], .string("Ace"))

        let values = try assertRoundTrip(Nullables.self, #"""
        {"nickname": "Ace", "middleName": "Marie", "age": 36, "score": 9.5, "aliases": ["A", "B"],
         "pet": {"name": "Rex"}, "partner": {"name": "Tom", "sound": "meow"}, "mood": "happy", "idOrName": 42}
        """#)
        XCTAssertEqual(values.nickname, "Ace")
        XCTAssertEqual(values.middleName, "Marie")
        XCTAssertEqual(values.age, 36)
        XCTAssertEqual(values.score, 9.5)
        XCTAssertEqual(values.aliases, ["A", "B"])
        XCTAssertEqual(values.pet, Animal(name: "Rex"))
        XCTAssertEqual(values.partner, Animal(name: "Tom", sound: "meow"))
        XCTAssertEqual(values.mood, .happy)
        XCTAssertEqual(values.idOrName, .int(42))
        XCTAssertEqual(try decode(Nullables.self, #"{"middleName": null, "idOrName": "Ace"}"#).idOrName, .string("Ace"))
        // `type: [string, integer]` is a union of exactly those: a boolean does not decode.
        XCTAssertThrowsError(try decode(Nullables.self, #"{"middleName": null, "idOrName": true}"#))
    }

    func testNullableReferenceWithTheWrongShapeFails() {
        assertKeyNotFound(Nullables.self, #"{"middleName": null, "pet": {"sound": "woof"}}"#, path: "pet.name")
    }
}
