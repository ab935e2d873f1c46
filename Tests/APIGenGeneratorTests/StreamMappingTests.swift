import APIGenGenerator
import XCTest

/// Streamed media types become `ResponseStream` requests: each kind its framing, the element
/// type from `itemSchema` or `schema`, a second builder where JSON is offered beside a stream,
/// and a stream view model.
final class StreamMappingTests: XCTestCase {
    private let spec = """
        openapi: 3.2.0
        info: {title: Streams, version: "1"}
        paths:
          /chat:
            post:
              operationId: chat
              requestBody: {content: {application/json: {schema: {type: object, properties: {stream: {type: boolean}}}}}}
              responses:
                '200':
                  description: ok
                  content:
                    application/json: {schema: {$ref: '#/components/schemas/Reply'}}
                    text/event-stream: {schema: {$ref: '#/components/schemas/Chunk'}}
          /encoded:
            get:
              operationId: encoded
              responses:
                '200':
                  description: ok
                  content:
                    text/event-stream:
                      itemSchema:
                        type: object
                        properties:
                          data: {type: string, contentMediaType: application/json, contentSchema: {$ref: '#/components/schemas/Chunk'}}
          /objects:
            get:
              operationId: objects
              responses:
                '200':
                  description: ok
                  content:
                    text/event-stream:
                      schema:
                        type: object
                        properties:
                          event: {type: string}
                          data: {$ref: '#/components/schemas/Chunk'}
          /wrapped:
            get:
              operationId: wrapped
              responses:
                '200':
                  description: ok
                  content: {text/event-stream: {schema: {type: object, properties: {data: {type: array, items: {type: string}}}}}}
          /lines:
            get:
              operationId: lines
              responses:
                '200': {description: ok, content: {application/x-ndjson: {schema: {$ref: '#/components/schemas/Chunk'}}}}
          /records:
            get:
              operationId: records
              responses:
                '200': {description: ok, content: {application/json-seq: {itemSchema: {$ref: '#/components/schemas/Chunk'}}}}
        components:
          schemas:
            Reply: {type: object, properties: {text: {type: string}}}
            Chunk: {type: object, properties: {delta: {type: string}}}
        """

    func testEachStreamedMediaTypeGetsItsFramingAndElementType() throws {
        let output = try generate(spec).text
        assertContains(output, [
            "public static func chat(body: ChatRequest? = nil) -> Request<Reply> {",
            "public static func chatStream(body: ChatRequest? = nil) -> Request<ResponseStream<ServerSentEvent<Chunk>>> {",
            "response: .serverSentEvents(of: Chunk.self)",
            "request.accept = \"text/event-stream\"",
            "public static func encoded() -> Request<ResponseStream<ServerSentEvent<Chunk>>> {",
            "response: .serverSentEventObjects(of: ObjectsEvent.self)",
            // An object of `data` alone is an event, as Mistral writes its streams.
            "public static func wrapped() -> Request<ResponseStream<WrappedEvent>> {",
            "public static func lines() -> Request<ResponseStream<Chunk>> {",
            "response: .jsonLines(of: Chunk.self)",
            "response: .jsonSequence(of: Chunk.self)",
            "public final class ChatStreamModel: StreamViewModel<ServerSentEvent<Chunk>> {",
            "public func start(body: ChatRequest? = nil) async {",
        ])
        // One preview answer per operation: the streaming builder is the same operation.
        XCTAssertEqual(output.components(separatedBy: "\"chat\": ").count - 1, 1, output)
    }
}
