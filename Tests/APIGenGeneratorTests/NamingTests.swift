import APIGenCLI
@testable import APIGenGenerator
import XCTest

final class NamingTests: XCTestCase {
    func testTypeNames() {
        XCTAssertEqual(SwiftName.typeName("user_profile"), "UserProfile")
        XCTAssertEqual(SwiftName.typeName("order-item"), "OrderItem")
        XCTAssertEqual(SwiftName.typeName("HTTPStatus"), "HTTPStatus")
        XCTAssertEqual(SwiftName.typeName("io.k8s.api.batch.v1.Job"), "IoK8sAPIBatchV1Job")
        XCTAssertEqual(SwiftName.typeName("2fa"), "_2fa")
        XCTAssertEqual(SwiftName.typeName("🐶"), "Value")
        XCTAssertEqual(SwiftName.typeName(""), "Value")
    }

    func testDeclarableTypeNamesAvoidStandardTypes() {
        XCTAssertEqual(SwiftName.declarableTypeName("Error"), "ErrorModel")
        XCTAssertEqual(SwiftName.declarableTypeName("data"), "DataModel")
        XCTAssertEqual(SwiftName.declarableTypeName("type"), "Kind")
        XCTAssertEqual(SwiftName.declarableTypeName("Loadable"), "LoadableModel")
        // The runtime's view model base classes, which generated view models subclass.
        XCTAssertEqual(SwiftName.declarableTypeName("QueryViewModel"), "QueryViewModelModel")
        XCTAssertEqual(SwiftName.declarableTypeName("SubmissionViewModel"), "SubmissionViewModelModel")
        // The writer and reader every generated `encode(to:)` and `init(from:)` use.
        XCTAssertEqual(SwiftName.declarableTypeName("PropertyWriter"), "PropertyWriterModel")
        XCTAssertEqual(SwiftName.declarableTypeName("PropertyReader"), "PropertyReaderModel")
        XCTAssertEqual(SwiftName.declarableTypeName("Pet"), "Pet")
    }

    func testMemberNames() {
        XCTAssertEqual(SwiftName.memberName("created_at"), "createdAt")
        XCTAssertEqual(SwiftName.memberName("URL"), "url")
        XCTAssertEqual(SwiftName.memberName("HTTPStatus"), "httpStatus")
        XCTAssertEqual(SwiftName.memberName("petId"), "petID")
        XCTAssertEqual(SwiftName.memberName("user-id"), "userID")
        XCTAssertEqual(SwiftName.memberName("2fa_enabled"), "_2faEnabled")
        XCTAssertEqual(SwiftName.memberName("$ref_like"), "refLike")
        XCTAssertEqual(SwiftName.memberName("in-progress"), "inProgress")
        XCTAssertEqual(SwiftName.memberName("with space"), "withSpace")
        XCTAssertEqual(SwiftName.memberName(""), "value")
    }

    /// One rule for initialisms (Swift API guidelines): upper case inside a name, lower case at
    /// the start of a member, plurals keeping their `s`, other words untouched.
    func testInitialismsHaveOneCase() {
        XCTAssertEqual(SwiftName.memberName("html_url"), "htmlURL")
        XCTAssertEqual(SwiftName.memberName("htmlUrl"), "htmlURL")
        XCTAssertEqual(SwiftName.memberName("apiKeyID"), "apiKeyID")
        XCTAssertEqual(SwiftName.memberName("api_key_id"), "apiKeyID")
        XCTAssertEqual(SwiftName.memberName("ApiKey"), "apiKey")
        XCTAssertEqual(SwiftName.memberName("id"), "id")
        XCTAssertEqual(SwiftName.memberName("ID"), "id")
        XCTAssertEqual(SwiftName.memberName("id_token"), "idToken")
        XCTAssertEqual(SwiftName.memberName("pet_ids"), "petIDs")
        XCTAssertEqual(SwiftName.memberName("image_urls"), "imageURLs")
        XCTAssertEqual(SwiftName.memberName("https_only"), "httpsOnly")
        XCTAssertEqual(SwiftName.memberName("force_https"), "forceHTTPS")
        XCTAssertEqual(SwiftName.memberName("identity"), "identity")
        XCTAssertEqual(SwiftName.memberName("user_identity"), "userIdentity")
        XCTAssertEqual(SwiftName.memberName("urgent"), "urgent")
        XCTAssertEqual(SwiftName.memberName("valid"), "valid")
        XCTAssertEqual(SwiftName.memberName("createdAt"), "createdAt")
        XCTAssertEqual(SwiftName.typeName("ssh_key"), "SSHKey")
        XCTAssertEqual(SwiftName.typeName("UserId"), "UserID")
        XCTAssertEqual(SwiftName.typeName("JsonPatch"), "JSONPatch")
        XCTAssertEqual(SwiftName.typeName("Pet"), "Pet")
        XCTAssertEqual(SwiftName.declarableTypeName("url"), "URLModel")
        XCTAssertEqual(SwiftName.declarableTypeName("Uuid"), "UUIDModel")
    }

    func testKeywordsAreEscapedWhereTheyArePrinted() {
        let reserved: Identifier = "default"
        XCTAssertEqual(reserved.plain, "default")
        XCTAssertEqual(reserved.code, "`default`")
        XCTAssertEqual("\(reserved)", "`default`", "interpolated, a name is written as code")
        XCTAssertEqual(reserved.argumentLabel, "default", "a keyword needs no backticks as an argument label")
        XCTAssertEqual(Identifier("inout").argumentLabel, "`inout`")
        XCTAssertEqual(Identifier("name").code, "name")
    }

    func testNamesAreOnlyASCIIIdentifierCharacters() {
        let hostile = ["a\"b", "x; import Darwin", "}\nfunc evil() {", "`tick`", "ünïcödé", "a\u{202E}b", "#endif"]
        for text in hostile {
            for name in [SwiftName.typeName(text), SwiftName.memberName(text)] {
                XCTAssertTrue(name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }, name)
            }
        }
    }

    func testScopesResolveCollisionsDeterministically() {
        var scope = NameScope(reserved: ["unknown"])
        XCTAssertEqual(scope.claim("url"), "url")
        XCTAssertEqual(scope.claim("url"), "url2")
        XCTAssertEqual(scope.claim("url"), "url3")
        XCTAssertEqual(scope.claim("unknown"), "unknown2")
        XCTAssertEqual(scope.claim("v1"), "v1")
        XCTAssertEqual(scope.claim("v1"), "v1_2")
    }

    func testStringLiteralsAndDocumentationAreEscaped() {
        XCTAssertEqual(SwiftLiteral.string("a \"b\" \\ \n\t\u{7}"), #""a \"b\" \\ \n\t\u{7}""#)
        XCTAssertEqual(SwiftLiteral.string("\u{202E}x\u{2028}"), #""\u{202e}x\u{2028}""#)
        XCTAssertEqual(SwiftLiteral.documentationLines("one\r\ntwo\rthree */ \"\"\"\n\n"), ["one", "two", "three */ \"\"\""])
        XCTAssertEqual(SwiftLiteral.documentationLines("a\u{2028}b\u{202E}c"), ["a", "bc"])
        XCTAssertEqual(SwiftLiteral.double(1), "1.0")
        XCTAssertEqual(SwiftLiteral.double(0.25), "0.25")
        XCTAssertNil(SwiftLiteral.double(.infinity))
    }

    func testSingularForArrayElementNames() {
        XCTAssertEqual(SchemaTypes.singular("pets"), "pet")
        XCTAssertEqual(SchemaTypes.singular("categories"), "category")
        XCTAssertEqual(SchemaTypes.singular("addresses"), "address")
        XCTAssertEqual(SchemaTypes.singular("data"), "dataItem")
    }

    func testModuleNameFromTitle() {
        XCTAssertEqual(GeneratorOptions.moduleName(fromTitle: "Swagger Petstore"), "SwaggerPetstoreAPI")
        XCTAssertEqual(GeneratorOptions.moduleName(fromTitle: "OpenAI API"), "OpenAIAPI")
        XCTAssertEqual(GeneratorOptions.moduleName(fromTitle: ""), "GeneratedAPI")
    }

    /// The webhook enum never hides a model of the same name inside the namespace, and a
    /// webhook's name reaches the output only inside string literals.
    func testWebhookEnumAvoidsModelNamesAndQuotesWebhookNames() throws {
        let spec = """
            openapi: 3.1.0
            info: {title: Hooks, version: "1"}
            webhooks:
              'evil"); fatalError("':
                post:
                  requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Webhook'}}}}
                  responses: {'204': {description: ok}}
            components:
              schemas:
                Webhook: {type: object, properties: {url: {type: string}}}
            """
        let output = try generate(spec).text
        XCTAssertTrue(output.contains("public nonisolated struct Webhook: APIModel"))
        XCTAssertFalse(output.contains("enum Webhook: Sendable"), "the enum must not take the model's name")
        XCTAssertTrue(output.contains("enum Webhook2: Sendable") || output.contains("enum Webhook_: Sendable"), output)
        XCTAssertFalse(codeOnly(output).contains("fatalError"), "a webhook name became code")
        XCTAssertTrue(output.contains(#"(try WebhookBody.decode(Webhook.self, from: body, decoder: decoder))"#))
    }

    /// A webhook name with two methods is decoded by name and method, so each case has a name
    /// of its own to be decoded by.
    func testAWebhookWithTwoMethodsIsDecodedByNameAndMethod() throws {
        let spec = """
            openapi: 3.1.0
            info: {title: Hooks, version: "1"}
            webhooks:
              pet:
                post: {responses: {'204': {description: ok}}}
                put: {responses: {'204': {description: ok}}}
            """
        let output = try generate(spec).text
        XCTAssertTrue(output.contains(#"case "pet POST": self = .petPost"#), output)
        XCTAssertTrue(output.contains(#"case "pet PUT": self = .petPut"#), output)
        XCTAssertTrue(output.contains(#"public static let names: [String] = ["pet POST", "pet PUT"]"#), output)
    }

    func testIntegerEnumCasesAreSpelledOutUnlessTheSpecNamesThem() throws {
        let output = try generate(
            schemasSpec(
                """
                Code: {type: integer, enum: [0, 15, 42, 404, 1000, 2000001, -7]}
                Named: {type: integer, enum: [1, 2], x-enumNames: [first-choice, Second]}
                Partial: {type: integer, enum: [1, 2], x-enum-varnames: [only]}
                """)
        ).text
        assertContains(
            output,
            [
                "case zero", "case fifteen", "case fortyTwo", "case fourHundredFour", "case oneThousand",
                "case twoMillionOne", "case minusSeven", "case firstChoice", "case second",
            ])
        // Names that do not cover every value are not used.
        XCTAssertFalse(output.contains("case only"), output)
    }
}

/// A component that is only a `$ref` to another file's schema names that schema: `struct Pet`,
/// not `struct Pet2` with `typealias Pet = Pet2`.
final class MultiFileNamingTests: XCTestCase {
    func testAComponentReferringToAnotherFileNamesItsSchema() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(
            "spec.yaml",
            """
            openapi: 3.0.3
            info: {title: MF, version: "1"}
            paths:
              /pets:
                get:
                  operationId: listPets
                  responses:
                    '200':
                      description: The pets.
                      content:
                        application/json:
                          schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
            components:
              schemas:
                Pet: {$ref: './models/pet.yaml'}
                Owner: {$ref: './models/owner.yaml#/Owner'}
                Animal: {$ref: '#/components/schemas/Pet'}
                Companion: {$ref: './models/pet.yaml'}
            """)
        try folder.write("models/pet.yaml", "type: object\nproperties:\n  name: {type: string}\n  owner: {$ref: '../spec.yaml#/components/schemas/Owner'}\n")
        try folder.write("models/owner.yaml", "Owner:\n  type: object\n  properties:\n    name: {type: string}\n")
        let out = folder.url.appendingPathComponent("out")
        var errors: [String] = []
        XCTAssertEqual(CommandLineTool.run(["generate", spec.path, "--output", out.path], output: { _ in }, errors: { errors.append($0) }), 0, "\(errors)")
        let models = try String(contentsOf: out.appendingPathComponent("Models.swift"), encoding: .utf8)
        assertContains(
            models,
            [
                "public nonisolated struct Pet: APIModel {", "public var owner: Owner?", "public nonisolated struct Owner: APIModel {",
                // A component naming another component stays its alias, as does a second name for one schema.
                "public typealias Animal = Pet", "public typealias Companion = Pet",
            ])
        XCTAssertFalse(models.contains("Pet2"), models)
        XCTAssertFalse(models.contains("Owner2"), models)
    }
}
