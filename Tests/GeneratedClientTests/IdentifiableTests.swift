import APIGenRuntime
import EpisodesAPI
import Foundation
import PetstoreAPI
import XCTest

/// Models with an `id` property are `Identifiable`, as `List(pets)` and `ForEach` need.
final class IdentifiableTests: XCTestCase {
    private func ids<Element: Identifiable>(_ elements: [Element]) -> [Element.ID] {
        elements.map(\.id)
    }

    func testModelsWithAnIDAreIdentifiableByIt() throws {
        let pets = [PetstoreAPI.Pet(name: "Rex", id: 1), PetstoreAPI.Pet(name: "Tom", id: 2)]
        XCTAssertEqual(ids(pets), [1, 2])
        let episode = EpisodesAPI.Episode.sample
        XCTAssertEqual(ids([episode]), [episode.id])
    }

    func testModelsWithoutAnIDAreNot() {
        XCTAssertFalse((PetstoreAPI.NewPet(name: "Rex") as Any) is any Identifiable)
        XCTAssertTrue((PetstoreAPI.Pet(name: "Rex", id: 1) as Any) is any Identifiable)
    }
}
