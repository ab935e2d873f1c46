@_spi(Generated) import APIGenRuntime
import BooksAPI
import EpisodesAPI
import FeaturesAPI
import FeedAPI
import Foundation
import PetstoreAPI
import ReadingProgressAPI
import RemotePostsAPI
import XCTest

/// Every `sample` and `samples` in Generated/*/Samples.swift (one line per `extension` there):
/// reading it must not crash (`EmbeddedJSON.decode` stops on JSON that does not decode), and the
/// value must survive `APIJSON.makeEncoder()` → `APIJSON.makeDecoder()` unchanged, readOnly
/// properties included (only a request leaves them out).
final class SampleTests: XCTestCase {
    func testPetstoreSamples() throws {
        try assertSampleRoundTrips(PetstoreAPI.NewPet.sample)
        try assertSamplesRoundTrip(PetstoreAPI.Pet.sample, PetstoreAPI.Pet.samples)
        try assertSampleRoundTrips(PetstoreAPI.PetUpdate.sample)
        try assertSampleRoundTrips(PetstoreAPI.PetStatus.sample)
        try assertSampleRoundTrips(PetstoreAPI.ErrorModel.sample)
    }

    func testEpisodesSamples() throws {
        try assertSamplesRoundTrip(EpisodesAPI.Episode.sample, EpisodesAPI.Episode.samples)
        try assertSampleRoundTrips(EpisodesAPI.EpisodePage.sample)
        try assertSampleRoundTrips(EpisodesAPI.ShowEpisodes.sample)
        try assertSampleRoundTrips(EpisodesAPI.ErrorResponse.sample)
        XCTAssertEqual(EpisodesAPI.EpisodePage.sample.nextPage, 2)
        XCTAssertEqual(EpisodesAPI.ShowEpisodes.sample.nextCursor, "eyJvZmZzZXQiOjQwfQ")
    }

    func testBooksSamples() throws {
        try assertSampleRoundTrips(BooksAPI.SearchSort.sample)
        try assertSampleRoundTrips(BooksAPI.SearchResults.sample)
        try assertSamplesRoundTrip(BooksAPI.Book.sample, BooksAPI.Book.samples)
        try assertSamplesRoundTrip(BooksAPI.Author.sample, BooksAPI.Author.samples)
        try assertSampleRoundTrips(BooksAPI.ErrorResponse.sample)
        try assertSampleRoundTrips(BooksAPI.SearchBooksPublished.sample)
    }

    func testFeedSamples() throws {
        try assertSampleRoundTrips(FeedAPI.FeedPage.sample)
        try assertSampleRoundTrips(FeedAPI.NewPost.sample)
        try assertSampleRoundTrips(FeedAPI.Visibility.sample)
        try assertSamplesRoundTrip(FeedAPI.Post.sample, FeedAPI.Post.samples)
        try assertSamplesRoundTrip(FeedAPI.Attachment.sample, FeedAPI.Attachment.samples)
        try assertSampleRoundTrips(FeedAPI.ImageAttachment.sample)
        try assertSampleRoundTrips(FeedAPI.LinkAttachment.sample)
        try assertSampleRoundTrips(FeedAPI.User.sample)
        try assertSampleRoundTrips(FeedAPI.LikeResult.sample)
        try assertSampleRoundTrips(FeedAPI.NewComment.sample)
        try assertSampleRoundTrips(FeedAPI.Comment.sample)
        try assertSampleRoundTrips(FeedAPI.MediaUpload.sample)
        try assertSampleRoundTrips(FeedAPI.Media.sample)
        try assertSampleRoundTrips(FeedAPI.Problem.sample)
    }

    func testReadingProgressSamples() throws {
        try assertSampleRoundTrips(ReadingProgressAPI.ReadingStatus.sample)
        try assertSampleRoundTrips(ReadingProgressAPI.ReadingProgress.sample)
        try assertSampleRoundTrips(ReadingProgressAPI.ProgressUpdate.sample)
        try assertSamplesRoundTrip(ReadingProgressAPI.Note.sample, ReadingProgressAPI.Note.samples)
        try assertSampleRoundTrips(ReadingProgressAPI.NewNote.sample)
        try assertSampleRoundTrips(ReadingProgressAPI.NoteUpdate.sample)
        try assertSampleRoundTrips(ReadingProgressAPI.ErrorResponse.sample)
    }

    func testRemotePostsSamples() throws {
        try assertSamplesRoundTrip(RemotePostsAPI.Post.sample, RemotePostsAPI.Post.samples)
        try assertSamplesRoundTrip(RemotePostsAPI.Comment.sample, RemotePostsAPI.Comment.samples)
        try assertSampleRoundTrips(RemotePostsAPI.User.sample)
    }

    func testFeaturesSamples() throws {
        try assertSamplesRoundTrip(FeaturesAPI.Widget.sample, FeaturesAPI.Widget.samples)
        try assertSamplesRoundTrip(FeaturesAPI.Sink.sample, FeaturesAPI.Sink.samples)
        // A look-ahead in a pattern binds the sample too: no name takes the id's prefix.
        let notAnID = try NSRegularExpression(pattern: "^(?!sink_)[a-zA-Z0-9_-]+$")
        for sink in [FeaturesAPI.Sink.sample] + FeaturesAPI.Sink.samples {
            XCTAssertNotNil(notAnID.firstMatch(in: sink.uid, range: NSRange(sink.uid.startIndex..., in: sink.uid)), sink.uid)
        }
        try assertSamplesRoundTrip(FeaturesAPI.LegacyWidget.sample, FeaturesAPI.LegacyWidget.samples)
        try assertSampleRoundTrips(FeaturesAPI.Status.sample)
        try assertSampleRoundTrips(FeaturesAPI.Priority.sample)
        try assertSampleRoundTrips(FeaturesAPI.Formats.sample)
        try assertSampleRoundTrips(FeaturesAPI.Order.sample)
        try assertSampleRoundTrips(FeaturesAPI.Account.sample)
        try assertSampleRoundTrips(FeaturesAPI.ErrorModel.sample)
        try assertSampleRoundTrips(FeaturesAPI.RenamedProperties.sample)
        try assertSampleRoundTrips(FeaturesAPI.DataModel.sample)
        try assertSampleRoundTrips(FeaturesAPI.DateModel.sample)
        try assertSampleRoundTrips(FeaturesAPI.Kind.sample)
        try assertSampleRoundTrips(FeaturesAPI.ResultModel.sample)
        try assertSampleRoundTrips(FeaturesAPI.UserProfile.sample)
        try assertSamplesRoundTrip(FeaturesAPI.OrderItem.sample, FeaturesAPI.OrderItem.samples)
        try assertSampleRoundTrips(FeaturesAPI.SwiftNames.sample)
        try assertSampleRoundTrips(FeaturesAPI.Tricky.sample)
        try assertSampleRoundTrips(FeaturesAPI.EdgeCaseEnum.sample)
        try assertSampleRoundTrips(FeaturesAPI.Animal.sample)
        try assertSamplesRoundTrip(FeaturesAPI.Dog.sample, FeaturesAPI.Dog.samples)
        try assertSampleRoundTrips(FeaturesAPI.Identified.sample)
        try assertSampleRoundTrips(FeaturesAPI.Timestamps.sample)
        try assertSampleRoundTrips(FeaturesAPI.Document.sample)
        try assertSamplesRoundTrip(FeaturesAPI.Shape.sample, FeaturesAPI.Shape.samples)
        try assertSampleRoundTrips(FeaturesAPI.Circle.sample)
        try assertSampleRoundTrips(FeaturesAPI.Square.sample)
        try assertSampleRoundTrips(FeaturesAPI.Triangle.sample)
        try assertSampleRoundTrips(FeaturesAPI.PaymentMethod.sample)
        try assertSampleRoundTrips(FeaturesAPI.Card.sample)
        try assertSampleRoundTrips(FeaturesAPI.BankTransfer.sample)
        try assertSampleRoundTrips(FeaturesAPI.StringOrInteger.sample)
        try assertSampleRoundTrips(FeaturesAPI.ContactMethod.sample)
        try assertSampleRoundTrips(FeaturesAPI.EmailContact.sample)
        try assertSampleRoundTrips(FeaturesAPI.PhoneContact.sample)
        try assertSampleRoundTrips(FeaturesAPI.Location.sample)
        try assertSampleRoundTrips(FeaturesAPI.Variants.sample)
        try assertSampleRoundTrips(FeaturesAPI.Nullables.sample)
        try assertSampleRoundTrips(FeaturesAPI.Constants.sample)
        try assertSamplesRoundTrip(FeaturesAPI.MeasurementModel.sample, FeaturesAPI.MeasurementModel.samples)
        try assertSampleRoundTrips(FeaturesAPI.Labels.sample)
        try assertSampleRoundTrips(FeaturesAPI.Point.sample)
        try assertSampleRoundTrips(FeaturesAPI.Dynamic.sample)
        try assertSamplesRoundTrip(FeaturesAPI.TreeNode.sample, FeaturesAPI.TreeNode.samples)
        try assertSamplesRoundTrip(FeaturesAPI.Folder.sample, FeaturesAPI.Folder.samples)
        try assertSamplesRoundTrip(FeaturesAPI.File.sample, FeaturesAPI.File.samples)
        try assertSampleRoundTrips(FeaturesAPI.LinkedNode.sample)
        try assertSampleRoundTrips(FeaturesAPI.UnitModel.sample)
        try assertSamplesRoundTrip(FeaturesAPI.Reading.sample, FeaturesAPI.Reading.samples)
    }

    /// Samples meet what an object's parts and unions ask together (each is also checked with
    /// jsonschema by the conformance oracle): one key where a part allows one, one alternative's
    /// key of a oneOf in an allOf, no rule short of its one key, a flag value that is one kind.
    func testSamplesMeetConstraintsOfPartsAndUnions() throws {
        let suggest = FeaturesAPI.SuggestRequest.sample
        try assertSampleRoundTrips(suggest)
        XCTAssertEqual([suggest.prefix, suggest.text, suggest.completion, suggest.phrase].compactMap { $0 }.count, 1)
        let lookup = FeaturesAPI.TermsLookup.sample
        try assertSampleRoundTrips(lookup)
        XCTAssertTrue((lookup.id == nil) != (lookup.query == nil), "id or query, not both")
        let rule = FeaturesAPI.IntervalRule.sample
        try assertSampleRoundTrips(rule)
        XCTAssertEqual(rule.allOf?.intervals, [], "a nested rule could not get its one key: none is listed")
        XCTAssertNil(rule.allOf?.filter)
        try assertSampleRoundTrips(FeaturesAPI.QueryFlags.sample)
        let flags = String(decoding: try APIJSON.makeEncoder().encode(FeaturesAPI.QueryFlags.sample), as: UTF8.self)
        XCTAssertFalse(["\"ALL\"", "\"AND\"", "\"OR\""].contains(flags), "a listed flag is a string too: \(flags)")
    }

    // MARK: Helpers

    /// `sample` and each of `samples` survive a round trip; `samples` starts with `sample`, holds
    /// more than one value, and its values differ (a list preview shows distinct rows).
    private func assertSamplesRoundTrip<T: Codable & Hashable>(
        _ sample: T,
        _ samples: [T],
        file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        try assertSampleRoundTrips(sample, file: file, line: line)
        for value in samples {
            try assertSampleRoundTrips(value, file: file, line: line)
        }
        XCTAssertGreaterThan(samples.count, 1, "\(T.self).samples", file: file, line: line)
        XCTAssertEqual(samples.first, sample, "\(T.self).samples should start with sample", file: file, line: line)
        XCTAssertEqual(Set(samples).count, samples.count, "\(T.self).samples repeats a value", file: file, line: line)
    }

    private func assertSampleRoundTrips<T: Codable & Equatable>(
        _ value: T,
        file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        let data = try APIJSON.makeEncoder().encode(value)
        let decoded = try APIJSON.makeDecoder().decode(T.self, from: data)
        XCTAssertEqual(decoded, value, "\(T.self) changed in a round trip through \(String(decoding: data, as: UTF8.self))", file: file, line: line)
    }
}
