import APIGenRuntime
import Foundation
import HostileAPI
import PetstoreAPI
import XCTest

/// A server variable with an `enum` is a Swift enum parameter: only the spec's values compile.
final class ServerVariableTests: XCTestCase {
    func testAnEnumVariableTakesOnlyItsValues() {
        XCTAssertEqual(PetstoreAPI.API.Servers.Environment.allCases.map(\.rawValue), ["production", "staging"])
        XCTAssertEqual(PetstoreAPI.API.Servers.hostedPetstoreAPI().url.absoluteString, "https://production.petstore.example.com/v1")
        XCTAssertEqual(
            PetstoreAPI.API.Servers.hostedPetstoreAPI(environment: .staging).url.absoluteString, "https://staging.petstore.example.com/v1")
    }

    func testValuesThatAreNotIdentifiersKeepTheirRawValue() {
        XCTAssertEqual(HostileAPI.API.Servers.Env.allCases.map(\.rawValue), [#"pro"d\(pwned())\"#, #"dev#""#, #""""#])
        XCTAssertEqual(HostileAPI.API.Servers.Env.proDPwned.rawValue, #"pro"d\(pwned())\"#)
    }
}
