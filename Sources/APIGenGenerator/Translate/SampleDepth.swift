/// How deep a sample's walk is. A union's alternative is the same JSON value as the union, so
/// choosing one does not bring the depth limit nearer (OpenAI's eval runs: a oneOf whose
/// alternatives each require another oneOf); the optional keys still stop one level per union,
/// which keeps samples of large APIs small.
struct SampleDepth: Equatable {
    /// Values nested in values: objects, arrays and maps, held to `SampleSynthesizer.maxDepth`.
    private(set) var nesting = 0
    /// Nesting and unions both, held to `SampleSynthesizer.optionalDepth`.
    private(set) var level = 0

    static let top = SampleDepth()

    /// A value inside this one.
    var inner: SampleDepth { SampleDepth(nesting: nesting + 1, level: level + 1) }
    /// An alternative of this union, or of a union an object takes on beside its own keys.
    var alternative: SampleDepth { SampleDepth(nesting: nesting, level: level + 1) }
}
