/// Path parameters as generated request builders write them: `"/pets/\(PathParameter.encode(petId))"`.
@_spi(Generated)
public enum PathParameter {
    /// Style `simple`, percent-encoded so that no value can change the path: `/`, `?`, `#`,
    /// spaces and a whole `.` or `..` segment are all escaped.
    public static func encode<Value: Encodable>(_ value: Value, explode: Bool = false) -> String {
        guard let serialized = ParameterSerializer.serialize(value) else { return "" }
        let text = ParameterSerializer.simple(serialized, explode: explode, encode: true)
        if text == "." { return "%2E" }
        if text == ".." { return "%2E%2E" }
        return text
    }
}
