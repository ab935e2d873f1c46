/// A command line apigen cannot run: printed as `Error: …`, the usage line and where the help
/// is, with exit status 2.
struct UsageError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }

    /// `unknown option '--outpt'; did you mean '--output'?` when one of `known` is a typo away.
    static func unknownOption(_ option: String, known: [String]) -> UsageError {
        let close = known.map { (name: $0, distance: editDistance(option, $0)) }.filter { $0.distance <= 2 }
        guard let nearest = close.min(by: { $0.distance < $1.distance }) else { return UsageError("unknown option '\(option)'") }
        return UsageError("unknown option '\(option)'; did you mean '\(nearest.name)'?")
    }

    /// Prints the error for `help`'s command; returns its exit status.
    func report(for help: CommandHelp, errors: (String) -> Void) -> Int32 {
        errors("Error: \(message)\n\(help.usageHint)")
        return 2
    }

    /// Levenshtein distance, for the short words of an option name.
    private static func editDistance(_ left: String, _ right: String) -> Int {
        let a = Array(left)
        let b = Array(right)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
