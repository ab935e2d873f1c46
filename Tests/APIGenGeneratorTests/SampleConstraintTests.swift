import APIGenGenerator
import XCTest

/// Samples that meet constraints spread over an object's parts and its unions: each sample must
/// be a value its schema accepts, as the conformance oracle checks with jsonschema.
final class SampleConstraintTests: XCTestCase {
    /// `maxProperties` in one allOf part counts every key of the value (OpenSearch's
    /// FieldSuggester: a suggester's text beside exactly one kind of suggester).
    func testAPartsMaxPropertiesLimitsTheWholeSample() throws {
        let (text, _) = try generate(schemasSpec("""
        Suggester:
          allOf:
            - type: object
              properties:
                prefix: {type: string}
                text: {type: string}
            - type: object
              properties:
                completion: {type: string}
                phrase: {type: string}
              minProperties: 1
              maxProperties: 1
        """))
        assertContains(text, [##"public static var sample: Suggester { EmbeddedJSON.decode(#"{"prefix":"Prefix 1"}"#) }"##])
    }

    /// An allOf part with an `additionalProperties` schema holds every key it does not declare to
    /// that schema (OpenSearch's GeoDistanceQuery: a map of field locations beside QueryBase's
    /// `boost`): the sample leaves out the optional keys of other parts, and keeps required ones.
    func testAMapPartKeepsOtherPartsOptionalKeysOutOfTheSample() throws {
        let (text, _) = try generate(schemasSpec("""
        DistanceQuery:
          allOf:
            - type: object
              required: [field]
              properties:
                boost: {type: number}
                field: {type: string}
            - type: object
              properties:
                distance: {type: string}
              additionalProperties: {type: object, properties: {lat: {type: number}}}
        FreeMap:
          allOf:
            - {type: object, properties: {boost: {type: number}}}
            - {type: object, properties: {distance: {type: string}}, additionalProperties: {}}
        """))
        assertContains(text, [
            ##"public static var sample: DistanceQuery { EmbeddedJSON.decode(#"{"field":"Field 1","distance":"Distance 1"}"#) }"##,
            ##"public static var sample: FreeMap { EmbeddedJSON.decode(#"{"boost":1.5,"distance":"Distance 1"}"#) }"##,
        ])
    }

    /// A part that repeats a property only to name its keys (`{}` each: linode's LKE ACL, beside
    /// a closed part) keeps the first part's types: the sample's `revision` stays a string.
    func testAPartRestatingAPropertysKeysKeepsItsTypes() throws {
        let (text, _) = try generate(schemasSpec("""
        Cluster:
          allOf:
            - type: object
              required: [acl]
              properties:
                acl:
                  type: object
                  required: [revision]
                  properties:
                    revision: {type: string}
                    addresses: {type: object, properties: {ipv4: {type: array, items: {type: string}}}}
            - type: object
              additionalProperties: false
              properties:
                acl: {properties: {revision: {}, addresses: {properties: {ipv4: {}}}}}
        """))
        assertContains(declaration("Cluster", in: text), ["public var acl: Acl", "public var revision: String"])
        assertContains(text, [##"EmbeddedJSON.decode(#"{"acl":{"revision":"Revision 1""##])
    }

    /// The object's own properties restating a part's property, closed to the keys they name
    /// (linode's firewall bodies: `rules: {additionalProperties: false, properties: {inbound:
    /// {required: [action]}}, required: [inbound_policy]}` beside the part that types `rules`),
    /// keep the part's type, every key of it with its type.
    func testAClosedRestatementOfAPartsPropertyKeepsItsType() throws {
        let (text, _) = try generate(schemasSpec("""
        Firewall:
          allOf:
            - type: object
              properties:
                rules:
                  type: object
                  properties:
                    inbound: {type: array, items: {type: object, properties: {action: {type: string}}}}
                    inbound_policy: {type: string}
          properties:
            rules:
              additionalProperties: false
              properties:
                inbound: {required: [action]}
              required: [inbound_policy]
        """))
        assertContains(declaration("Firewall", in: text), ["public var inbound: [InboundItem]?", "public var inboundPolicy: String"])
    }

    /// A wrapper that only requires keys of the object it wraps (DigitalOcean's log sinks: `allOf:
    /// [$ref: LogsinkVerbose], required: [sink_id, …]`) is that object's type, but its sample
    /// holds the keys it requires, past the depth where optional keys stop too.
    func testAWrapperRequiringKeysOfItsObjectGivesSamplesWithThem() throws {
        let (text, _) = try generate(schemasSpec("""
        Sink:
          type: object
          properties:
            id: {type: string}
            name: {type: string}
        RequiredSink:
          allOf:
            - $ref: '#/components/schemas/Sink'
          required: [id]
        Sinks:
          type: object
          properties:
            sinks: {type: array, items: {$ref: '#/components/schemas/RequiredSink'}}
        """))
        assertContains(text, ["public typealias RequiredSink = Sink", ##"EmbeddedJSON.decode(#"{"sinks":[{"id":"Id 1"}]}"#)"##])
    }

    /// A oneOf in an allOf whose alternatives each require one of the object's optional keys
    /// (OpenSearch's TermsLookup: `id` or `query`): the sample holds the chosen one's key only.
    func testAOneOfInAnAllOfKeepsOtherAlternativesRequiredKeysOut() throws {
        let (text, _) = try generate(schemasSpec("""
        Lookup:
          type: object
          required: [index]
          properties:
            index: {type: string}
            id: {type: string}
            query: {type: string}
          allOf:
            - oneOf:
                - {type: object, properties: {id: {type: string}}, required: [id]}
                - {type: object, properties: {query: {type: string}}, required: [query]}
        """))
        assertContains(text, [##"public static var sample: Lookup { EmbeddedJSON.decode(#"{"index":"Index 1","id":"Id 1"}"#) }"##])
    }

    /// An object that cannot get the keys its `minProperties` asks for (each candidate already on
    /// the path) is no sample: the array that would hold it stays empty, an optional key is left out.
    func testAnObjectShortOfItsMinPropertiesIsLeftOut() throws {
        let (text, _) = try generate(schemasSpec("""
        Interval:
          type: object
          minProperties: 1
          maxProperties: 1
          properties:
            all_of: {$ref: '#/components/schemas/AllOf'}
        AllOf:
          type: object
          required: [intervals]
          properties:
            intervals: {type: array, items: {$ref: '#/components/schemas/Interval'}}
            filter: {$ref: '#/components/schemas/Interval'}
        """))
        assertContains(text, [##"public static var sample: Interval { EmbeddedJSON.decode(#"{"all_of":{"intervals":[]}}"#) }"##])
    }

    /// A oneOf of scalars whose first alternative's sample the next takes too (`[Flag, string]`
    /// with 'ALL') is sampled from an alternative whose value is its own.
    func testAScalarOneOfSamplesAValueOneAlternativeTakes() throws {
        let (text, _) = try generate(schemasSpec("""
        Flag: {type: string, enum: [ALL, AND]}
        Flags:
          oneOf:
            - $ref: '#/components/schemas/Flag'
            - type: string
        Seed:
          oneOf:
            - {type: integer, format: int32}
            - {type: integer, format: int64}
            - {type: string}
        """))
        assertContains(text, [
            ##"public static var sample: Flags { EmbeddedJSON.decode(#""Flags 1""#) }"##,
            ##"public static var sample: Seed { EmbeddedJSON.decode(#""Seed 1""#) }"##,
        ])
    }

    /// An example that several alternatives of a oneOf take is valid under none, as JSON Schema
    /// reads `oneOf` (DigitalOcean's add-on value: `oneOf: [string, boolean, string]`, example
    /// `Unlimited`): the sample is a value one alternative takes.
    func testAnExampleSeveralOneOfAlternativesTakeIsNotTheSample() throws {
        let (text, _) = try generate(schemasSpec("""
        Feature:
          type: object
          required: [value]
          properties:
            value:
              example: Unlimited
              oneOf:
                - {title: string_value, type: string, example: Unlimited}
                - {title: boolean_value, type: boolean, example: true}
                - {title: allowance_value, type: string, example: '1000'}
        """))
        assertContains(text, [##"public static var sample: Feature { EmbeddedJSON.decode(#"{"value":true}"#) }"##])
    }

    /// A required key the object does not describe is still required of its sample: an example
    /// without it is not the sample (Square's RiskEvaluation requires an undeclared `status`).
    func testAnExampleWithoutAnUndeclaredRequiredKeyIsNotTheSample() throws {
        let (text, _) = try generate(schemasSpec("""
        Risk:
          type: object
          required: [status]
          properties:
            level: {type: string}
          example: {level: HIGH}
        """))
        assertContains(text, [##"public static var sample: Risk { EmbeddedJSON.decode(#"{"level":"Level 1","status":{}}"#) }"##])
    }

    /// An alternative the union's own `type` rules out gives no sample (OpenAI's chunking
    /// strategy: `type: object` beside `oneOf: [enum [auto], VadConfig]`).
    func testAUnionSampleKeepsToTheUnionsOwnType() throws {
        let (text, _) = try generate(schemasSpec("""
        Chunking:
          type: object
          oneOf:
            - {type: string, enum: [auto]}
            - {type: object, required: [threshold], properties: {threshold: {type: number}}}
        """))
        assertContains(text, [##"public static var sample: Chunking { EmbeddedJSON.decode(#"{"threshold":1.5}"#) }"##])
    }

    /// A union's alternative is the same JSON value as the union: choosing one does not bring the
    /// depth limit nearer (OpenAI's eval run body: a required oneOf whose alternatives each
    /// require another oneOf). Counted as levels, the unions cut the required chain short and the
    /// body had no sample at all.
    func testUnionsAlongARequiredChainDoNotCountTowardTheDepthLimit() throws {
        let (text, _) = try generate(schemasSpec("""
        Run:
          type: object
          required: [source]
          properties:
            source:
              oneOf: [{$ref: '#/components/schemas/FileSource'}, {$ref: '#/components/schemas/URLSource'}]
        FileSource:
          type: object
          required: [file]
          properties: {file: {$ref: '#/components/schemas/Content'}}
        URLSource:
          type: object
          required: [url]
          properties: {url: {$ref: '#/components/schemas/Content'}}
        Content:
          oneOf:
            - {type: object, required: [text], properties: {text: {$ref: '#/components/schemas/Part'}}}
            - {type: object, required: [image], properties: {image: {$ref: '#/components/schemas/Part'}}}
        Part:
          anyOf:
            - {type: object, required: [value], properties: {value: {type: string}}}
            - {type: object, required: [link], properties: {link: {type: string}}}
        """))
        assertContains(text, [
            ##"public static var sample: Run { EmbeddedJSON.decode(#"{"source":{"file":{"text":{"value":"Value 1"}}}}"#) }"##
        ])
    }

    /// Alternatives that share every key can differ in what a key holds: the sample gives the key
    /// another alternative of its own union where the other alternatives refuse that (OpenAI's
    /// eval template item: EasyInputMessage or EvalItem, both taking a text `content`).
    func testAOneOfSampleTellsItsAlternativeByWhatASharedKeyHolds() throws {
        let (text, _) = try generate(schemasSpec("""
        Chat:
          type: object
          required: [message]
          properties:
            message:
              oneOf: [{$ref: '#/components/schemas/Plain'}, {$ref: '#/components/schemas/Rich'}]
        Plain:
          type: object
          required: [content]
          properties:
            content:
              oneOf:
                - {type: string}
                - {type: array, items: {type: object, required: [kind], properties: {kind: {type: string, enum: [file]}}}}
        Rich:
          type: object
          required: [content]
          properties:
            content:
              oneOf: [{type: string}, {type: array, items: {type: string}}]
        """))
        assertContains(text, [
            ##"public static var sample: Chat { EmbeddedJSON.decode(#"{"message":{"content":[{"kind":"file"}]}}"#) }"##
        ])
    }

    /// A oneOf sample that more than one alternative takes is valid for none (JSON Schema's oneOf
    /// takes a value exactly one alternative takes): an array's item or an optional key leaves it
    /// out rather than give a sample no validator accepts.
    func testAOneOfSampleNoAlternativeSettlesIsLeftOutWhereItMayBe() throws {
        let (text, _) = try generate(schemasSpec("""
        Box:
          type: object
          properties:
            name: {type: string}
            shape: {$ref: '#/components/schemas/Shape'}
            shapes: {type: array, items: {$ref: '#/components/schemas/Shape'}}
        Shape:
          oneOf:
            - {type: object, properties: {width: {type: number}}}
            - {type: object, properties: {radius: {type: number}}}
        """))
        assertContains(text, [##"public static var sample: Box { EmbeddedJSON.decode(#"{"name":"Name 1","shapes":[]}"#) }"##])
    }
}
