import APIGenRuntime
import Foundation
import PetstoreClient

/// A small command-line app over the client the build plugin generates from openapi.yaml.
///
/// With no argument it talks to the generated preview client (samples, no network); with a
/// base URL (e.g. a mock server of the spec) it talks to that server.
@MainActor
func run() async -> Int32 {
    let arguments = CommandLine.arguments.dropFirst()
    let client: APIClient
    if let base = arguments.first, let url = URL(string: base) {
        client = APIClient(baseURL: url, authentication: .bearer("example-token"))
    } else {
        client = API.previewClient()
    }

    // A screen's view model: load the list of pets.
    let pets = ListPetsModel(client: client, limit: 10)
    await pets.load()
    switch pets.state {
    case .loaded(let list):
        print("pets: \(list.map(\.name).joined(separator: ", "))")
    case .failed(let error):
        print("could not load pets: \(error.userMessage)")
        return 1
    default:
        print("unexpected state: \(pets.state)")
        return 1
    }

    // A form's view model: add a pet.
    let form = CreatePetModel(client: client)
    let added = await form.submit(body: NewPet(name: "Biscuit", tag: "dog"))
    print(added ? "added: \(form.response?.name ?? "?")" : "could not add: \(form.errorMessage ?? "?")")

    // A request sent directly.
    do {
        let pet = try await client.send(API.showPetByID(petID: 42))
        print("pet 42: \(pet.name), \(pet.status?.rawValue ?? "no status")")
    } catch {
        print("could not fetch pet 42: \(error.userMessage)")
        return 1
    }
    print("sample: \(Pet.sample.name)")
    return added ? 0 : 1
}

exit(await run())
