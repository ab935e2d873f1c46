import XCTest

/// Which writes a read view model of a list sends optimistically: those whose path parameter
/// names one of its items, by name and by the type of the items' `id`.
final class OptimisticWriteMappingTests: XCTestCase {
    private let spec = """
        openapi: 3.0.3
        info: {title: T, version: "1"}
        paths:
          /notes:
            get:
              operationId: listNotes
              responses:
                '200':
                  description: The notes.
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: '#/components/schemas/Note'}}
          /notes/{id}:
            parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
            delete:
              operationId: deleteNote
              responses:
                '204': {description: Gone.}
          /notes/{noteId}/pin:
            parameters: [{name: noteId, in: path, required: true, schema: {type: integer}}]
            delete:
              operationId: unpinNote
              responses:
                '204': {description: Unpinned.}
          /notes/{noteId}/share:
            parameters: [{name: noteId, in: path, required: true, schema: {type: string}}]
            post:
              operationId: shareNote
              responses:
                '204': {description: Shared.}
          /archive/{id}:
            parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
            delete:
              operationId: deleteArchived
              responses:
                '204': {description: Gone.}
        components:
          schemas:
            Note:
              type: object
              required: [id]
              properties:
                id: {type: integer}
                pinned: {type: boolean}
        """

    func testWritesNamingAnItemAreSentOptimistically() throws {
        let (text, _) = try generate(spec)
        assertContains(
            text,
            [
                // `id` under the list's own path, a DELETE of the item: it leaves the list.
                "public func deleteNote(id: Int) async -> Result<Void, any Error> {",
                "await sendOptimistically(API.deleteNote(id: id), removing: id)",
                // Named after the item; a DELETE of something of the item changes it.
                "public func unpinNote(noteID: Int, optimistically change: (inout Note) -> Void) async -> Result<Void, any Error> {",
                "await sendOptimistically(API.unpinNote(noteID: noteID), changing: noteID, change)",
            ])
        let model = try XCTUnwrap(text.range(of: "final class ListNotesModel")).upperBound
        let rest = String(text[model...])
        XCTAssertFalse(rest.contains("func shareNote("), "a String parameter cannot name an Int id")
        XCTAssertFalse(rest.contains("func deleteArchived("), "`id` outside the list's path names something else")
    }
}
