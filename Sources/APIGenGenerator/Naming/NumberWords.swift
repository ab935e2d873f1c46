/// Integers in English words, for enum case names: `42` → "forty two", `-1` → "minus one".
enum NumberWords {
    private static let small = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    private static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    private static let scales: [(value: UInt64, name: String)] = [
        (1_000_000_000_000_000_000, "quintillion"), (1_000_000_000_000_000, "quadrillion"), (1_000_000_000_000, "trillion"),
        (1_000_000_000, "billion"), (1_000_000, "million"), (1_000, "thousand"),
    ]

    static func spelledOut(_ value: Int64) -> String {
        value < 0 ? "minus " + words(value.magnitude) : words(value.magnitude)
    }

    private static func words(_ value: UInt64) -> String {
        if value < 20 { return small[Int(value)] }
        if value < 100 {
            let unit = value % 10
            return tens[Int(value / 10)] + (unit == 0 ? "" : " " + small[Int(unit)])
        }
        if value < 1_000 {
            let rest = value % 100
            return small[Int(value / 100)] + " hundred" + (rest == 0 ? "" : " " + words(rest))
        }
        let scale = scales.first { value >= $0.value }!
        let rest = value % scale.value
        return words(value / scale.value) + " " + scale.name + (rest == 0 ? "" : " " + words(rest))
    }
}
