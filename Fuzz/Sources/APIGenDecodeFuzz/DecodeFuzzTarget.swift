@_spi(Generated) import APIGenRuntime
import Foundation

/// The libFuzzer entry point of the decoders: the first byte picks what the rest goes to.
///
/// - One of the generated models of `FeaturesAPI` and `HostileAPI` (unions, recursion, dates,
///   open enums, `Nullable`, `JSONValue`, `Indirect`): decoded with the client's decoder. A
///   value is compared with and hashed like itself, encoded, and decoded
///   again, which must give an equal value (what a client reads, it sends back unchanged), unless
///   keys no schema declares were dropped: then the encoding must be stable.
/// - `ErrorReason.extract`, with JSON, text and no content type: the message of an error body.
/// - `DecodingFailure` from a decoding failure of that body (its path and nesting-depth description).
/// - The parameter serializers: the bytes as JSON, written in every style and explode setting.
///
/// A thrown error is the expected outcome for most inputs; a crash, a hang or a value that does
/// not survive its own round trip is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    let body = Data(bytes: data + 1, count: size - 1)
    let choice = Int(data[0])
    if choice < decoders.count {
        decodeModel(decoders[choice], body)
    } else {
        switch (choice - decoders.count) % 3 {
        case 0: extractReason(body)
        case 1: describeDecodingFailure(body)
        default: serializeParameters(body)
        }
    }
    return 0
}

private func decodeModel<Model: APIModel>(_ type: Model.Type, _ body: Data) {
    guard let value = try? APIJSON.makeDecoder().decode(Model.self, from: body) else { return }
    // Foundation's decoder checks strings and numbers only as it reads them: a body that is not
    // JSON decodes when the broken part is somewhere the model does not read (a key no schema
    // declares, or one whose value is of another type). Such a body is held to a stable encoding
    // only; the broken strings that unions used to skip are `DecoderFuzzRegressionTests`.
    let json = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
    check(value == value, "\(Model.self) is not equal to itself")
    var hasher = Hasher()
    value.hash(into: &hasher)
    _ = hasher.finalize()
    guard let encoded = try? APIJSON.makeEncoder().encode(value) else { return }
    let again: Model
    do {
        again = try APIJSON.makeDecoder().decode(Model.self, from: encoded)
    } catch {
        fatalError("\(Model.self) encoded as \(String(decoding: encoded, as: UTF8.self)) does not decode: \(error)")
    }
    guard again != value else { return }
    // Keys no schema declares are dropped by design, and a value without them may match more
    // alternatives of a union; then the encoding must at least be stable.
    let written = try? JSONSerialization.jsonObject(with: encoded, options: [.fragmentsAllowed])
    check(
        json.map { !keepsEveryKey(of: $0, in: written) } ?? true,
        "\(Model.self) changed in its round trip: \(String(decoding: encoded, as: UTF8.self))")
    let rewritten = try? APIJSON.makeEncoder().encode(again)
    check(rewritten == encoded, "\(Model.self) encodes differently after a round trip: \(String(decoding: encoded, as: UTF8.self))")
}

/// Whether every object key of `original`, at every depth, is in `written` too.
private func keepsEveryKey(of original: Any, in written: Any?) -> Bool {
    switch (original, written) {
    case (let object as [String: Any], let other as [String: Any]):
        return object.allSatisfy { key, value in other[key].map { keepsEveryKey(of: value, in: $0) } ?? false }
    case (let array as [Any], let other as [Any]):
        return array.count == other.count && zip(array, other).allSatisfy { keepsEveryKey(of: $0, in: $1) }
    default:
        return true
    }
}

private func extractReason(_ body: Data) {
    for contentType in ["application/json", "application/problem+json", "text/plain", "text/html", nil] {
        var headers = HTTPFields()
        if let contentType { headers["Content-Type"] = contentType }
        let reason = ErrorReason.extract(status: 400, headers: headers, body: body)
        check(!reason.isEmpty, "an empty reason")
    }
}

private func describeDecodingFailure(_ body: Data) {
    do {
        _ = try APIJSON.makeDecoder().decode([String: Int].self, from: body)
    } catch {
        let failure = DecodingFailure(error, body: body)
        _ = APIError.decoding(failure).userMessage(using: UserMessages())
        _ = failure.description
    }
}

private func serializeParameters(_ body: Data) {
    guard let json = try? APIJSON.makeDecoder().decode(JSONValue.self, from: body),
        let value = ParameterSerializer.serialize(json)
    else { return }
    for style in [ParameterStyle.form, .spaceDelimited, .pipeDelimited, .deepObject] {
        for explode in [false, true] {
            _ = ParameterSerializer.queryItems(name: "name", value: value, style: style, explode: explode, allowReserved: explode)
        }
    }
    _ = ParameterSerializer.simple(value, explode: false, encode: true)
    _ = ParameterSerializer.simple(value, explode: true, encode: false)
}

/// A finding, with its message also in release builds (where `precondition` drops it).
private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// As in `APIGenFuzz`: SwiftPM's `main` for an executable target is `<Target>_main`, which
/// hands over to libFuzzer's driver.
@_cdecl("APIGenDecodeFuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput)
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
