import Foundation

/// Decodes the sample JSON that generated `sample` values are built from.
///
/// apigen writes that JSON from the schema (its example when the example fits, else a
/// synthesised valid value) and the tests decode every sample, so a failure here is a bug in
/// apigen: it stops with the decoding error rather than hand a preview a half-built value.
@_spi(Generated)
public enum SampleData {
    /// Decodes `json` with `APIJSON.makeDecoder()`.
    ///
    /// Stops the program with the decoding error when it does not decode, which is a bug in the
    /// generated code rather than in the app.
    public static func decode<Value: Decodable>(_ json: String, as type: Value.Type = Value.self) -> Value {
        do {
            return try APIJSON.makeDecoder().decode(Value.self, from: Data(json.utf8))
        } catch {
            fatalError("apigen sample for \(Value.self) does not decode: \(error)")
        }
    }
}
