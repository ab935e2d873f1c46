import APIGenRuntime
import Foundation
import StreamsAPI
import XCTest

/// Specs/streams.yaml's preview client: every streamed operation answers with a sample element
/// that decodes as the stream's element type, and its view model shows it.
final class StreamPreviewTests: XCTestCase {
    func testEveryStreamedOperationPreviewsOneElement() async throws {
        let client = API.previewClient()
        var steps: [JobStep] = []
        for try await event in try await client.send(API.watchProgress(key: "preview")) {
            steps.append(event.data)
        }
        XCTAssertEqual(steps.count, 1)
        var conversation: [ConversationEvent] = []
        for try await event in try await client.send(API.followConversation(key: "preview")) {
            conversation.append(event)
        }
        XCTAssertEqual(conversation.map(\.event), [.message])
        var lines: [LogLine] = []
        for try await line in try await client.send(API.tailLogs(key: "preview")) {
            lines.append(line)
        }
        XCTAssertEqual(lines.count, 1)
        var records: [LogLine] = []
        for try await record in try await client.send(API.exportRecords()) {
            records.append(record)
        }
        XCTAssertEqual(records.count, 1)
        var ticks: [String] = []
        for try await tick in try await client.send(API.watchTicks(key: "preview")) {
            ticks.append(tick.data)
        }
        XCTAssertEqual(ticks.count, 1)
    }

    @MainActor
    func testAStreamModelShowsThePreviewElement() async {
        let model = WatchProgressModel(client: API.previewClient())
        await model.start(key: "preview")
        XCTAssertEqual(model.elements.count, 1)
        XCTAssertEqual(model.state.value?.count, 1)
    }
}
