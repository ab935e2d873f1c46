import Foundation

/// Decodes the JSON that generated code holds as text: the JSON of `sample` values, and the
/// `default` of a property whose type is a union, which no Swift literal can spell.
///
/// apigen writes that JSON from the schema (an example or default only when it fits, else a
/// synthesised valid value) and the tests decode every sample, so a failure here is a bug in
/// apigen: it stops with the decoding error rather than hand the app a half-built value.
@_spi(Generated)
public enum EmbeddedJSON {
    /// Decodes `json` with `APIJSON.makeDecoder()`.
    ///
    /// Stops the program with the decoding error when it does not decode, which is a bug in the
    /// generated code rather than in the app.
    public static func decode<Value: Decodable>(_ json: String, as type: Value.Type = Value.self) -> Value {
        do {
            return try APIJSON.makeDecoder().decode(Value.self, from: Data(json.utf8))
        } catch {
            fatalError("apigen JSON for \(Value.self) does not decode: \(error)")
        }
    }
}
