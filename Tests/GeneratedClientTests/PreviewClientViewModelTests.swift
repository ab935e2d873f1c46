import APIGenRuntime
import BooksAPI
import EpisodesAPI
import FeaturesAPI
import FeedAPI
import Foundation
import ObservationRecording
import PetstoreAPI
import ReadingProgressAPI
import RemotePostsAPI
import XCTest

/// Every generated view model of every module, driven by its module's `API.previewClient()`:
/// read models go idle → loading → loaded with the operation's sample response, write models
/// submit successfully and keep the sample response. Names are module-qualified because the
/// modules share type names (`API`, `Post`, `GetPostModel`, `ErrorResponse`, …).
@MainActor
final class PreviewClientViewModelTests: XCTestCase {
    // MARK: Helpers

    /// Loads a read model and checks its transitions and its loaded value.
    private func assertLoads<Value: Equatable>(
        _ state: @escaping @MainActor () -> Loadable<Value>,
        _ load: @MainActor () async -> Void,
        _ expected: Value,
        file: StaticString = #filePath,
        line: UInt = #line
    ) async {
        let states = ObservedValues { stateName(state()) }
        await load()
        XCTAssertEqual(collapsed(states.values), ["idle", "loading", "loaded"], file: file, line: line)
        XCTAssertEqual(state(), .loaded(expected), file: file, line: line)
    }

    /// Submits a write model and checks it succeeded, leaving no error and no flag behind.
    private func assertSubmits(
        _ submit: @MainActor () async -> Bool,
        isSubmitting: @MainActor () -> Bool,
        errorMessage: @MainActor () -> String?,
        file: StaticString = #filePath,
        line: UInt = #line
    ) async {
        let succeeded = await submit()
        XCTAssertTrue(succeeded, errorMessage() ?? "no message", file: file, line: line)
        XCTAssertNil(errorMessage(), file: file, line: line)
        XCTAssertFalse(isSubmitting(), file: file, line: line)
    }

    // MARK: Modules

    func testPetstoreViewModels() async {
        let client = PetstoreAPI.API.previewClient()
        let listPets = PetstoreAPI.ListPetsModel(client: client, limit: 10, tag: ["dog"])
        await assertLoads({ listPets.state }, listPets.load, [PetstoreAPI.Pet.sample])
        let showPet = PetstoreAPI.ShowPetByIDModel(client: client, petID: 42)
        await assertLoads({ showPet.state }, showPet.load, PetstoreAPI.Pet.sample)

        let createPet = PetstoreAPI.CreatePetModel(client: client)
        await assertSubmits({ await createPet.submit(body: .sample) }, isSubmitting: { createPet.isSubmitting }, errorMessage: { createPet.errorMessage })
        XCTAssertEqual(createPet.response, PetstoreAPI.Pet.sample)
        let updatePet = PetstoreAPI.UpdatePetModel(client: client)
        await assertSubmits({ await updatePet.submit(petID: 42, body: .sample) }, isSubmitting: { updatePet.isSubmitting }, errorMessage: { updatePet.errorMessage })
        XCTAssertEqual(updatePet.response, PetstoreAPI.Pet.sample)
        let deletePet = PetstoreAPI.DeletePetModel(client: client)
        await assertSubmits({ await deletePet.submit(petID: 42) }, isSubmitting: { deletePet.isSubmitting }, errorMessage: { deletePet.errorMessage })
    }

    func testEpisodesViewModels() async {
        let client = EpisodesAPI.API.previewClient()
        let list = EpisodesAPI.ListEpisodesModel(client: client)
        await assertLoads({ list.state }, list.load, EpisodesAPI.EpisodePage.sample.items)
        XCTAssertEqual(list.lastPage, EpisodesAPI.EpisodePage.sample)
        XCTAssertTrue(list.hasMore)
        let episode = EpisodesAPI.GetEpisodeModel(client: client, episodeID: EpisodesAPI.Episode.sample.id)
        await assertLoads({ episode.state }, episode.load, EpisodesAPI.Episode.sample)
        let show = EpisodesAPI.ListShowEpisodesModel(client: client, showID: "swift-by-sundell")
        await assertLoads({ show.state }, show.load, EpisodesAPI.ShowEpisodes.sample.episodes)
        XCTAssertEqual(show.lastPage, EpisodesAPI.ShowEpisodes.sample)
        XCTAssertTrue(show.hasMore)
    }

    func testBooksViewModels() async throws {
        let client = BooksAPI.API.previewClient()
        // The preview answers searchBooks with the operation's own response example (two books,
        // the second with null fields), not `SearchResults.sample`.
        let expectedSearch = try decode(BooksAPI.SearchResults.self, #"""
        {"numFound":2,"start":0,"docs":[{"isbn":"9781950325023","title":"Flight School Guide to Swift Codable","subtitle":"Encoding and decoding JSON and more","authors":[{"id":"OL7115219A","name":"Mattt","bio":"Writer and developer, formerly of NSHipster."}],"firstPublishYear":2018,"coverId":8739161,"languages":["eng"],"rating":4.6,"publishDate":"2018-11-01","pageCount":152},{"isbn":"9780000000002","title":"Notes on Swift Concurrency","authors":[{"id":"OL0000001A","name":"Anonymous","bio":null}],"rating":null}]}
        """#)
        let search = BooksAPI.SearchBooksModel(client: client, q: "swift")
        await assertLoads({ search.state }, search.load, expectedSearch.docs)
        XCTAssertEqual(search.lastPage, expectedSearch)
        let book = BooksAPI.GetBookModel(client: client, isbn: "9781950325023")
        await assertLoads({ book.state }, book.load, BooksAPI.Book.sample)
        let author = BooksAPI.GetAuthorModel(client: client, authorID: "OL7115219A")
        await assertLoads({ author.state }, author.load, BooksAPI.Author.sample)
    }

    func testFeedViewModels() async {
        let client = FeedAPI.API.previewClient()
        let feed = FeedAPI.GetFeedModel(client: client)
        await assertLoads({ feed.state }, feed.load, FeedAPI.FeedPage.sample.posts)
        XCTAssertTrue(feed.hasMore)
        let post = FeedAPI.GetPostModel(client: client, postID: "p_7Hq2Xk")
        await assertLoads({ post.state }, post.load, FeedAPI.Post.sample)
        let avatar = FeedAPI.GetAvatarModel(client: client)
        await assertLoads({ avatar.state }, avatar.load, Data())

        let create = FeedAPI.CreatePostModel(client: client)
        await assertSubmits({ await create.submit(body: .sample) }, isSubmitting: { create.isSubmitting }, errorMessage: { create.errorMessage })
        XCTAssertEqual(create.response, FeedAPI.Post.sample)
        let delete = FeedAPI.DeletePostModel(client: client)
        await assertSubmits({ await delete.submit(postID: "p_7Hq2Xk") }, isSubmitting: { delete.isSubmitting }, errorMessage: { delete.errorMessage })
        let like = FeedAPI.LikePostModel(client: client)
        await assertSubmits({ await like.submit(postID: "p_7Hq2Xk") }, isSubmitting: { like.isSubmitting }, errorMessage: { like.errorMessage })
        XCTAssertEqual(like.response, FeedAPI.LikeResult.sample)
        let unlike = FeedAPI.UnlikePostModel(client: client)
        await assertSubmits({ await unlike.submit(postID: "p_7Hq2Xk") }, isSubmitting: { unlike.isSubmitting }, errorMessage: { unlike.errorMessage })
        // The preview answers unlikePost with its own response example.
        XCTAssertEqual(unlike.response, FeedAPI.LikeResult(liked: false, likeCount: 11))
        let comment = FeedAPI.AddCommentModel(client: client)
        await assertSubmits({ await comment.submit(postID: "p_7Hq2Xk", body: .sample) }, isSubmitting: { comment.isSubmitting }, errorMessage: { comment.errorMessage })
        XCTAssertEqual(comment.response, FeedAPI.Comment.sample)
        let upload = FeedAPI.UploadMediaModel(client: client)
        await assertSubmits({ await upload.submit(body: .sample) }, isSubmitting: { upload.isSubmitting }, errorMessage: { upload.errorMessage })
        XCTAssertEqual(upload.response, FeedAPI.Media.sample)
        let setAvatar = FeedAPI.SetAvatarModel(client: client)
        await assertSubmits({ await setAvatar.submit(body: Data([0x89, 0x50])) }, isSubmitting: { setAvatar.isSubmitting }, errorMessage: { setAvatar.errorMessage })
        let report = FeedAPI.ReportPostModel(client: client)
        await assertSubmits({ await report.submit(postID: "p_7Hq2Xk", body: "Spam.") }, isSubmitting: { report.isSubmitting }, errorMessage: { report.errorMessage })
        XCTAssertEqual(report.response, "TICKET-1042")
    }

    func testReadingProgressViewModels() async {
        let client = ReadingProgressAPI.API.previewClient()
        let progress = ReadingProgressAPI.GetProgressModel(client: client, bookID: "bk_2f9c", session: "s-1")
        await assertLoads({ progress.state }, progress.load, ReadingProgressAPI.ReadingProgress.sample)
        let notes = ReadingProgressAPI.ListNotesModel(client: client, bookID: "bk_2f9c")
        await assertLoads({ notes.state }, notes.load, [ReadingProgressAPI.Note.sample])

        let update = ReadingProgressAPI.UpdateProgressModel(client: client)
        await assertSubmits({ await update.submit(bookID: "bk_2f9c", xDeviceID: "ipad-7F3A", body: .sample) }, isSubmitting: { update.isSubmitting }, errorMessage: { update.errorMessage })
        XCTAssertEqual(update.response, ReadingProgressAPI.ReadingProgress.sample)
        let create = ReadingProgressAPI.CreateNoteModel(client: client)
        await assertSubmits({ await create.submit(bookID: "bk_2f9c", body: .sample) }, isSubmitting: { create.isSubmitting }, errorMessage: { create.errorMessage })
        XCTAssertEqual(create.response, ReadingProgressAPI.Note.sample)
        let edit = ReadingProgressAPI.UpdateNoteModel(client: client)
        await assertSubmits({ await edit.submit(noteID: ReadingProgressAPI.Note.sample.id, body: .sample) }, isSubmitting: { edit.isSubmitting }, errorMessage: { edit.errorMessage })
        XCTAssertEqual(edit.response, ReadingProgressAPI.Note.sample)
        let delete = ReadingProgressAPI.DeleteNoteModel(client: client)
        await assertSubmits({ await delete.submit(noteID: ReadingProgressAPI.Note.sample.id) }, isSubmitting: { delete.isSubmitting }, errorMessage: { delete.errorMessage })
    }

    func testRemotePostsViewModels() async {
        let client = RemotePostsAPI.API.previewClient()
        let posts = RemotePostsAPI.ListPostsModel(client: client, userID: 1)
        await assertLoads({ posts.state }, posts.load, [RemotePostsAPI.Post.sample])
        let post = RemotePostsAPI.GetPostModel(client: client, id: 1)
        await assertLoads({ post.state }, post.load, RemotePostsAPI.Post.sample)
        let comments = RemotePostsAPI.ListPostCommentsModel(client: client, id: 1)
        await assertLoads({ comments.state }, comments.load, [RemotePostsAPI.Comment.sample])
        let user = RemotePostsAPI.GetUserModel(client: client, id: 1)
        await assertLoads({ user.state }, user.load, RemotePostsAPI.User.sample)
    }

    func testFeaturesViewModels() async {
        let client = FeaturesAPI.API.previewClient()
        let widgets = FeaturesAPI.ListWidgetsModel(client: client, status: .todo, priority: .minusOne)
        await assertLoads({ widgets.state }, widgets.load, [FeaturesAPI.Widget.sample])
        let widget = FeaturesAPI.GetWidgetModel(client: client, widgetID: FeaturesAPI.Widget.sample.id)
        await assertLoads({ widget.state }, widget.load, FeaturesAPI.Widget.sample)
        let legacy = await (LegacyWidgetsLoader() as any LegacyWidgetsLoading).load(client: client)
        XCTAssertEqual(legacy, .loaded([FeaturesAPI.LegacyWidget.sample]))
        let formats = FeaturesAPI.GetFormatsModel(client: client)
        await assertLoads({ formats.state }, formats.load, FeaturesAPI.Formats.sample)
        let edgeCases = FeaturesAPI.GetEdgeCasesModel(client: client)
        await assertLoads({ edgeCases.state }, edgeCases.load, FeaturesAPI.Tricky.sample)
        let renamed = FeaturesAPI.GetRenamedPropertiesModel(client: client)
        await assertLoads({ renamed.state }, renamed.load, FeaturesAPI.RenamedProperties.sample)
        let swiftNames = FeaturesAPI.GetSwiftNamesModel(client: client)
        await assertLoads({ swiftNames.state }, swiftNames.load, FeaturesAPI.SwiftNames.sample)
        let document = FeaturesAPI.GetDocumentModel(client: client, documentID: FeaturesAPI.Document.sample.id)
        await assertLoads({ document.state }, document.load, FeaturesAPI.Document.sample)
        let dogs = FeaturesAPI.ListDogsModel(client: client)
        await assertLoads({ dogs.state }, dogs.load, [FeaturesAPI.Dog.sample])
        let shapes = FeaturesAPI.ListShapesModel(client: client)
        await assertLoads({ shapes.state }, shapes.load, [FeaturesAPI.Shape.sample])
        let variants = FeaturesAPI.GetVariantsModel(client: client)
        await assertLoads({ variants.state }, variants.load, FeaturesAPI.Variants.sample)
        let nullables = FeaturesAPI.GetNullablesModel(client: client)
        await assertLoads({ nullables.state }, nullables.load, FeaturesAPI.Nullables.sample)
        let constants = FeaturesAPI.GetConstantsModel(client: client)
        await assertLoads({ constants.state }, constants.load, FeaturesAPI.Constants.sample)
        let measurements = FeaturesAPI.ListMeasurementsModel(client: client)
        await assertLoads({ measurements.state }, measurements.load, [FeaturesAPI.MeasurementModel.sample])
        let dynamic = FeaturesAPI.GetDynamicModel(client: client)
        await assertLoads({ dynamic.state }, dynamic.load, FeaturesAPI.Dynamic.sample)
        let tree = FeaturesAPI.GetTreeModel(client: client, treeID: 1)
        await assertLoads({ tree.state }, tree.load, FeaturesAPI.TreeNode.sample)
        let folder = FeaturesAPI.GetFolderModel(client: client, folderID: "documents")
        await assertLoads({ folder.state }, folder.load, FeaturesAPI.Folder.sample)
        let linkedList = FeaturesAPI.GetLinkedListModel(client: client, listID: "l1")
        await assertLoads({ linkedList.state }, linkedList.load, FeaturesAPI.LinkedNode.sample)
        let order = FeaturesAPI.GetOrderModel(client: client, orderID: 1001)
        await assertLoads({ order.state }, order.load, FeaturesAPI.Order.sample)

        let account = FeaturesAPI.CreateAccountModel(client: client)
        await assertSubmits({ await account.submit(body: .sample) }, isSubmitting: { account.isSubmitting }, errorMessage: { account.errorMessage })
        XCTAssertEqual(account.response, FeaturesAPI.Account.sample)
    }

    /// Every model above goes through `previewClient(delay:)` too: the delay shows `.loading`.
    func testPreviewClientDelayShowsLoading() async {
        let model = FeedAPI.GetPostModel(client: FeedAPI.API.previewClient(delay: 0.05), postID: "p_7Hq2Xk")
        let task = Task { await model.load() }
        await waitFor("loading") { model.state.isLoading }
        try? await Task.sleep(nanoseconds: 10_000_000)
        XCTAssertTrue(model.state.isLoading)
        await task.value
        XCTAssertEqual(model.state, .loaded(FeedAPI.Post.sample))
    }
}

/// `ListLegacyWidgetsModel` is deprecated by the spec; calling it through a protocol keeps the
/// deprecation warning out of the test build while still exercising the model.
@MainActor
private protocol LegacyWidgetsLoading {
    func load(client: APIClient) async -> Loadable<[FeaturesAPI.LegacyWidget]>
}

@MainActor
private struct LegacyWidgetsLoader: LegacyWidgetsLoading {
    @available(*, deprecated)
    func load(client: APIClient) async -> Loadable<[FeaturesAPI.LegacyWidget]> {
        let model = FeaturesAPI.ListLegacyWidgetsModel(client: client)
        let states = ObservedValues { stateName(model.state) }
        await model.load()
        XCTAssertEqual(collapsed(states.values), ["idle", "loading", "loaded"])
        return model.state
    }
}
