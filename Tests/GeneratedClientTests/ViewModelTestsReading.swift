import APIGenRuntime
import Foundation
import ObservationRecording
import ReadingProgressAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The reading progress pattern (Specs/reading.yaml): load the progress (with the session
/// cookie), save an update (with the `X-Device-ID` header), and list, create, edit and delete
/// notes, checking exactly what is sent.
@MainActor
final class ViewModelTestsReading: XCTestCase {
    private let noteID = UUID(uuidString: "6b0e2f1c-9a4d-4e8b-b3c7-5d2a1f0e9c8b")!

    /// `ReadingProgress` as the server sends it: `percent` is readOnly, so the client's encoder
    /// (and `MockResponse.json(_:)`) would leave it out.
    private func progressJSON(page: Int, percent: Double) -> MockResponse {
        .json(text: #"{"bookId": "bk_2f9c", "currentPage": \#(page), "totalPages": 368, "percent": \#(percent), "updatedAt": "2024-04-12T21:14:05Z", "status": "reading", "deviceId": "ipad-7F3A"}"#)
    }

    func testProgressLoadsWithTheSessionCookie() async {
        let mock = MockTransport(["getProgress": progressJSON(page: 142, percent: 38.6)])
        let model = GetProgressModel(client: mockClient(mock), bookID: "bk_2f9c", session: "s-123")
        let states = ObservedValues { model.state }

        await model.load()

        XCTAssertEqual(states.values, [.idle, .loading, .loaded(ReadingProgress.sample)])
        XCTAssertEqual(model.state.value?.percent, 38.6, "readOnly values arrive from the server")
        XCTAssertEqual(mock.lastRequest?.method, .get)
        XCTAssertEqual(mock.lastRequest?.url.path, "/v1/books/bk_2f9c/progress")
        XCTAssertEqual(mock.lastRequest?.headers["Cookie"], "session=s-123")
    }

    func testTheProgressLoaderCancelsWhenTheScreenGoesAway() async {
        let mock = MockTransport(["getProgress": MockResponse.json(ReadingProgress.sample).delayed(by: 5)])
        let model = GetProgressModel(client: mockClient(mock), bookID: "bk_2f9c")
        let states = ObservedValues { stateName(model.state) }
        let task = Task { await model.load() }
        await waitFor("loading") { model.state.isLoading }
        task.cancel()
        await task.value
        XCTAssertEqual(states.values, ["idle", "loading", "idle"])
        XCTAssertNil(mock.lastRequest?.headers["Cookie"], "no session, no cookie")
    }

    func testSavingProgressSendsTheDeviceHeaderAndTheEditedValues() async throws {
        let mock = MockTransport(["getProgress": progressJSON(page: 142, percent: 38.6)])
        let progress = GetProgressModel(client: mockClient(mock), bookID: "bk_2f9c")
        await progress.load()
        guard let loaded = progress.state.value else { return XCTFail("not loaded") }

        // The editor is bound to a draft made from the loaded value.
        var draft = ProgressUpdate(currentPage: loaded.currentPage, totalPages: loaded.totalPages, status: loaded.status)
        draft.currentPage = 150
        draft.updatedAt = utcDate(2024, 4, 12, 21, 30)
        var saved = loaded
        saved.currentPage = 150
        saved.percent = 40.8
        mock.respond(to: "updateProgress", with: progressJSON(page: 150, percent: 40.8))
        let update = UpdateProgressModel(client: mockClient(mock))
        let succeeded = await update.submit(bookID: "bk_2f9c", xDeviceID: "ipad-7F3A", body: draft)

        XCTAssertTrue(succeeded, update.errorMessage ?? "")
        XCTAssertEqual(update.response, saved)
        let request = try XCTUnwrap(mock.lastRequest)
        XCTAssertEqual(request.method, .put)
        XCTAssertEqual(request.url.path, "/v1/books/bk_2f9c/progress")
        XCTAssertEqual(request.headers["X-Device-ID"], "ipad-7F3A")
        XCTAssertEqual(request.headers["Content-Type"], "application/json")
        XCTAssertEqual(try jsonBody(of: request), try jsonValue(#"{"currentPage": 150, "totalPages": 368, "status": "reading", "updatedAt": "2024-04-12T21:30:00Z"}"#))

        // Reloading the screen shows what was saved, without a spinner.
        mock.respond(to: "getProgress", with: progressJSON(page: 150, percent: 40.8))
        let states = ObservedValues { progress.state }
        await progress.refresh()
        XCTAssertEqual(states.values, [.loaded(loaded), .loaded(saved)])
    }

    func testARejectedProgressUpdateShowsAMessageAndKeepsNoResponse() async {
        let mock = MockTransport(["updateProgress": .reason("Page 512 is past the end of this book (368 pages).")])
        let update = UpdateProgressModel(client: mockClient(mock))
        let succeeded = await update.submit(bookID: "bk_2f9c", xDeviceID: "ipad-7F3A", body: ProgressUpdate(currentPage: 512))
        XCTAssertFalse(succeeded)
        XCTAssertEqual(update.errorMessage, "Page 512 is past the end of this book (368 pages).")
        XCTAssertNil(update.response)
    }

    func testNotesListWithSinceAndEmpty() async {
        let mock = MockTransport(["listNotes": .json([Note]())])
        let model = ListNotesModel(client: mockClient(mock), bookID: "bk_2f9c", since: utcDate(2024, 4, 12, 21, 0))
        let states = ObservedValues { stateName(model.state) }

        await model.load()

        XCTAssertEqual(states.values, ["idle", "loading", "loaded"])
        XCTAssertTrue(model.state.isEmpty)
        XCTAssertEqual(mock.lastRequest?.url.path, "/v1/books/bk_2f9c/notes")
        XCTAssertEqual(query(of: mock.lastRequest), ["since": "2024-04-12T21:00:00Z"])

        mock.respond(to: "listNotes", with: .json(Note.samples))
        await model.refresh()
        XCTAssertEqual(model.state, .loaded(Note.samples))
        XCTAssertFalse(model.state.isEmpty)
    }

    func testCreatingANoteSendsItsBody() async throws {
        let mock = MockTransport(["createNote": .json(Note.sample, status: 201)])
        let model = CreateNoteModel(client: mockClient(mock))

        let succeeded = await model.submit(bookID: "bk_2f9c", body: NewNote(page: 3, text: "Good point", tags: ["idea"]))

        XCTAssertTrue(succeeded, model.errorMessage ?? "")
        XCTAssertEqual(model.response, Note.sample)
        XCTAssertEqual(mock.lastRequest?.method, .post)
        XCTAssertEqual(mock.lastRequest?.url.path, "/v1/books/bk_2f9c/notes")
        XCTAssertEqual(try jsonBody(of: mock.lastRequest), try jsonValue(#"{"page": 3, "text": "Good point", "tags": ["idea"]}"#))
    }

    func testEditingANoteSendsOnlyTheChangesAndAnExplicitNull() async throws {
        var edited = Note.sample
        edited.text = "Better point"
        edited.highlight = nil
        let mock = MockTransport(["updateNote": .json(edited)])
        let model = UpdateNoteModel(client: mockClient(mock))

        let succeeded = await model.submit(noteID: noteID, body: NoteUpdate(text: "Better point", highlight: .null))

        XCTAssertTrue(succeeded, model.errorMessage ?? "")
        XCTAssertEqual(model.response, edited)
        let request = try XCTUnwrap(mock.lastRequest)
        XCTAssertEqual(request.method, .patch)
        XCTAssertEqual(request.url.path, "/v1/notes/6b0e2f1c-9a4d-4e8b-b3c7-5d2a1f0e9c8b")
        let body = String(decoding: try XCTUnwrap(request.body), as: UTF8.self)
        XCTAssertTrue(body.contains(#""highlight":null"#), body)
        XCTAssertEqual(try jsonBody(of: request), try jsonValue(#"{"text": "Better point", "highlight": null}"#))

        // Absent leaves the highlight alone; a value sets it.
        _ = await model.submit(noteID: noteID, body: NoteUpdate(page: 143))
        XCTAssertEqual(try jsonBody(of: mock.lastRequest), try jsonValue(#"{"page": 143}"#))
        _ = await model.submit(noteID: noteID, body: NoteUpdate(highlight: .value("The map is not the territory.")))
        XCTAssertEqual(try jsonBody(of: mock.lastRequest), try jsonValue(#"{"highlight": "The map is not the territory."}"#))
    }

    func testEditingANoteThatWasDeletedFails() async {
        let mock = MockTransport(["updateNote": .reason("This note was deleted.", status: 404)])
        let model = UpdateNoteModel(client: mockClient(mock))
        let succeeded = await model.submit(noteID: noteID, body: NoteUpdate(text: "x"))
        XCTAssertFalse(succeeded)
        XCTAssertEqual(model.errorMessage, "This note was deleted.")
    }

    func testDeletingANote() async {
        let mock = MockTransport(["deleteNote": .status(204)])
        let model = DeleteNoteModel(client: mockClient(mock))
        let submitting = ObservedValues { model.isSubmitting }
        let succeeded = await model.submit(noteID: noteID)
        XCTAssertTrue(succeeded, model.errorMessage ?? "")
        XCTAssertEqual(collapsed(submitting.values), [false, true, false])
        XCTAssertEqual(mock.lastRequest?.method, .delete)
        XCTAssertEqual(mock.lastRequest?.url.path, "/v1/notes/6b0e2f1c-9a4d-4e8b-b3c7-5d2a1f0e9c8b")
    }
}
