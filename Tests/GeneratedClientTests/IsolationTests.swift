import APIGenRuntime
import FeaturesAPI
import FeedAPI
import Foundation
import ReadingProgressAPI
import XCTest

/// FeedAPI, ReadingProgressAPI and FeaturesAPI are built with default MainActor isolation (as Xcode 26
/// apps are); their models must still decode and encode off the main actor, concurrently.
final class IsolationTests: XCTestCase {
    func testModelsFromMainActorDefaultModulesDecodeConcurrentlyOffTheMainActor() async throws {
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                group.addTask {
                    XCTAssertFalse(Thread.isMainThread)
                    let page = try decode(FeedPage.self, #"{"posts": [], "nextPage": \#(index + 2)}"#)
                    let widget = try decode(Widget.self, #"{"id": "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11", "name": "W\#(index)"}"#)
                    let update = try decode(NoteUpdate.self, #"{"highlight": null, "page": \#(index + 1)}"#)
                    _ = try encodeToString(widget)
                    XCTAssertEqual(widget.name, "W\(index)")
                    XCTAssertEqual(update.highlight, .null)
                    return (page.nextPage ?? 0) + (update.page ?? 0)
                }
            }
            var total = 0
            for try await value in group { total += value }
            return total
        }
        XCTAssertEqual(results, (2...9).reduce(0, +) + (1...8).reduce(0, +))
    }

    func testModelsAreSendableAcrossTasks() async throws {
        let tree = try decode(TreeNode.self, #"{"value": "root", "children": [{"value": "leaf", "children": []}]}"#)
        let echoed = await Task.detached { tree }.value
        XCTAssertEqual(echoed, tree)
    }
}
