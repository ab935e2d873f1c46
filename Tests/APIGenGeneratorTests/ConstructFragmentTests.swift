import XCTest

/// One construct each: a few lines of spec in, the exact Swift of its declaration out, so that a
/// change to a construct's rule names the construct it changed.
final class ConstructFragmentTests: XCTestCase {
    static let spec = """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        servers:
          - url: https://{region}.example.com/v1
            variables:
              region: {default: eu, enum: [eu, us]}
        paths:
          /pets/{petId}:
            get:
              operationId: showPetById
              summary: Info for a pet.
              parameters:
                - {name: petId, in: path, required: true, schema: {type: integer, format: int64}}
                - {name: fields, in: query, schema: {type: array, items: {type: string}}, style: form, explode: false}
                - {name: X-Trace, in: header, schema: {type: string}}
              responses:
                "200":
                  description: The pet.
                  headers: {X-Rate-Limit-Remaining: {schema: {type: integer}}}
                  content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
                "404":
                  description: Not found.
                  content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}
        components:
          schemas:
            Pet:
              type: object
              description: A pet.
              required: [id, name]
              properties:
                id: {type: integer, format: int64}
                name: {type: string}
                status: {type: string, enum: [available, sold], default: available}
            Problem: {type: object, properties: {detail: {type: string}}}
            Tags: {type: array, items: {type: string}}
            Tree: {type: array, items: {$ref: '#/components/schemas/Tree'}}
        """

    private func text() throws -> String {
        try generate(Self.spec, configure: { $0.viewModels = false }).text
    }

    /// Path parameters are percent-encoded into the path, a query array follows its style, a
    /// header is added by its name, and the response's media type is asked for.
    func testRequestBuilder() throws {
        XCTAssertEqual(
            member("public static func showPetByID", of: declaration("API", in: try text())),
            #"""
            public static func showPetByID(petID: Int64, fields: [String]? = nil, xTrace: String? = nil) -> Request<Pet> {
                var request = Request<Pet>(method: .get, path: "/pets/\(PathParameter.encode(petID))", operationID: "showPetById", response: .json)
                request.addQuery("fields", fields, explode: false)
                request.addHeader("X-Trace", xTrace)
                request.accept = "application/json"
                return request
            }
            """#)
    }

    /// A server variable with an `enum` is an enum, so a wrong region does not compile.
    func testServers() throws {
        XCTAssertEqual(
            member("public nonisolated enum Servers", of: unnested(try text(), in: "extension API").indentedOnce),
            #"""
            public nonisolated enum Servers {
                /// The values of the servers' `region` variable.
                public nonisolated enum Region: String, Sendable, CaseIterable {
                    case eu
                    case us
                }

                /// - Parameters:
                ///   - region: One of: `eu`, `us`.
                public static func main(region: Region = .eu) -> APIServer {
                    APIServer(template: "https://{region}.example.com/v1", variables: ["region": region.rawValue])
                }

                /// The first server in the spec, with its default variables.
                public static var `default`: APIServer { main() }
            }
            """#)
    }

    /// An operation's declared error responses, read back from the error it threw.
    func testErrorEnum() throws {
        XCTAssertEqual(
            declaration("ShowPetByIDError", in: try text()),
            """
            /// The error responses `API.showPetByID` declares, read from the `APIError` it threw:
            /// `if case .notFound(let body)? = ShowPetByIDError(error) { … }`.
            public nonisolated enum ShowPetByIDError: Sendable {
                /// Not found.
                case notFound(Problem)

                /// The declared response `error` carries, its body decoded with the client's JSON rules; nil
                /// when `error` is not an `APIError.server` of a declared status, or its body does not match.
                public init?(_ error: any Error, decoder: JSONDecoder = APIJSON.makeDecoder()) {
                    guard let error = error as? APIError, let status = error.status else { return nil }
                    switch status {
                    case 404:
                        guard let body = error.body(as: Problem.self, decoder: decoder) else { return nil }
                        self = .notFound(body)
                    default: return nil
                    }
                }
            }
            """)
    }

    /// Declared response headers, typed, with the `X-` prefix dropped from their names.
    func testResponseHeaders() throws {
        XCTAssertEqual(
            declaration("ShowPetByIDResponseHeaders", in: try text()),
            """
            /// The headers `API.showPetByID`'s responses declare, typed:
            /// `ShowPetByIDResponseHeaders(try await client.response(for: request).headers)`.
            /// Each is nil when the response does not have it, or its text is not of its type.
            public nonisolated struct ShowPetByIDResponseHeaders: Sendable {
                public var rateLimitRemaining: Int?

                /// Reads the declared headers from a response's fields.
                public init(_ fields: HTTPFields) {
                    rateLimitRemaining = fields.value(Int.self, for: "X-Rate-Limit-Remaining")
                }
            }
            """)
    }

    /// A model with an `id` is `Identifiable`; a property with a default is not optional, and
    /// its initializer takes the default; an inline string enum is an open enum nested in it.
    func testStructAndNestedEnum() throws {
        let pet = declaration("Pet", in: try text())
        XCTAssertTrue(
            pet.hasPrefix(
                """
                /// A pet.
                public nonisolated struct Pet: APIModel, Identifiable {
                    public var id: Int64
                    public var name: String
                    public var status: Status
                """), pet)
        XCTAssertEqual(
            member("public init(id:", of: pet),
            """
            public init(id: Int64, name: String, status: Status = .available) {
                self.id = id
                self.name = name
                self.status = status
            }
            """)
        XCTAssertEqual(
            member("case unknown", of: member("public nonisolated enum Status: OpenEnum", of: pet)), "case unknown(String)")
    }

    /// An array schema is a type alias; one that holds itself is a struct holding the array.
    func testAliasAndRecursiveWrapper() throws {
        let text = try text()
        XCTAssertEqual(declaration("Tags", in: text), "public typealias Tags = [String]")
        XCTAssertEqual(
            member("public init(_ value", of: declaration("Tree", in: text)),
            """
            public init(_ value: [Tree]) {
                self.value = value
            }
            """)
    }

    /// A form body that declares no fields is sent empty: no `var` that is never mutated, no
    /// binding of an optional body that is never read (compiler warnings in an app's build).
    /// A path key's query (`?beta=true`) is sent as fixed query items and its fragment
    /// (`#stream`, a name for a variant of an operation) is not sent at all.
    func testPathKeyWithQueryOrFragment() throws {
        let (text, _) = try generate(
            """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /responses/{id}?beta=true&view=full%20text:
                get:
                  operationId: betaGetResponse
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  responses: {"204": {description: ok}}
              /conversations#stream:
                post:
                  operationId: startConversationStream
                  responses: {"204": {description: ok}}
            """, configure: { $0.viewModels = false })
        let api = declaration("API", in: text)
        assertContains(
            member("public static func betaGetResponse", of: api),
            [
                #"path: "/responses/\(PathParameter.encode(id))","#,
                "    request.addQuery(\"beta\", \"true\")\n    request.addQuery(\"view\", \"full text\")\n    return request\n",
            ])
        assertContains(member("public static func startConversationStream", of: api), [#"path: "/conversations", "#])
    }

    /// An idempotency-key header (by its usual name, or marked) is optional in the builder,
    /// required or not, and handed to the client, which fills it in and retries the POST.
    func testIdempotencyKeyHeader() throws {
        let (text, _) = try generate(
            """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /payments:
                post:
                  operationId: createPayment
                  parameters:
                    - {name: Idempotency-Key, in: header, required: true, schema: {type: string}}
                  responses: {"204": {description: ok}}
              /transfers:
                post:
                  operationId: createTransfer
                  parameters:
                    - {name: X-Request-Token, in: header, x-apigen-idempotency-key: true, schema: {type: string}}
                    - {name: X-Trace, in: header, schema: {type: string}}
                  responses: {"204": {description: ok}}
            """, configure: { $0.viewModels = false })
        let api = declaration("API", in: text)
        assertContains(
            member("public static func createPayment", of: api),
            [
                "public static func createPayment(idempotencyKey: String? = nil) -> Request<Void> {",
                #"request.addIdempotencyKey("Idempotency-Key", idempotencyKey)"#,
            ])
        assertContains(
            member("public static func createTransfer", of: api),
            [#"request.addIdempotencyKey("X-Request-Token", xRequestToken)"#, #"request.addHeader("X-Trace", xTrace)"#])
        assertContains(api, ["///   - idempotencyKey: nil sends a fresh key; every retry of one send repeats it."])
    }

    /// `{$ref: Filter, required: true}`: the standard ignores a reference's `required`, but its
    /// author meant it; the builder requires the parameter, with a warning.
    func testRequiredBesideAParameterReference() throws {
        let (text, diagnostics) = try generate(
            """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /order-items:
                get:
                  operationId: listOrderItems
                  parameters:
                    - $ref: '#/components/parameters/Filter'
                      required: true
                  responses: {"204": {description: ok}}
            components:
              parameters:
                Filter: {name: filter, in: query, schema: {type: string}}
            """, configure: { $0.viewModels = false })
        assertContains(member("public static func listOrderItems", of: declaration("API", in: text)), ["listOrderItems(filter: String)"])
        XCTAssertEqual(
            diagnostics.items.map(\.message),
            ["'required: true' beside '$ref' is applied to parameter 'filter', though the standard ignores it there"])
    }

    /// A path parameter is never optional: a segment cannot be absent or null, whatever its
    /// schema says (Airflow's `map_index: {type: integer, nullable: true}`).
    func testANullablePathParameterIsRequired() throws {
        let (text, _) = try generate(
            """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /tasks/{task_id}/{map_index}:
                get:
                  operationId: getTask
                  parameters:
                    - {name: task_id, in: path, required: true, schema: {type: string}}
                    - {name: map_index, in: path, required: true, schema: {type: integer, nullable: true}}
                  responses: {"204": {description: ok}}
            """, configure: { $0.viewModels = false })
        assertContains(member("public static func getTask", of: declaration("API", in: text)), ["getTask(taskID: String, mapIndex: Int)"])
    }

    func testFormBodyWithoutFields() throws {
        let (text, _) = try generate(
            """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /tokens:
                post:
                  operationId: createToken
                  requestBody: {content: {application/x-www-form-urlencoded: {schema: {type: object}}}}
                  responses: {"204": {description: ok}}
            """, configure: { $0.viewModels = false })
        assertContains(
            member("public static func createToken", of: declaration("API", in: text)),
            ["    if body != nil {\n        request.body = .form(FormBody())\n    }\n"])
    }
}

extension String {
    /// The text one level in, as a declaration nested in a type is written.
    fileprivate var indentedOnce: String {
        "enum Outer {\n" + split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
            + "\n}"
    }
}
