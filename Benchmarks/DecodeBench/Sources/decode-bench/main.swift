import APIGenRuntime
import BenchModels
import Foundation

/// A hand-written struct of the same shape as the generated `Article`, with the Codable,
/// Equatable and Hashable conformances the compiler synthesises: the baseline generated code
/// must keep up with.
struct HandArticle: Codable, Hashable {
    struct Author: Codable, Hashable {
        var id: Int64
        var name: String
        var email: String?
    }

    var id: Int64
    var title: String
    var body: String
    var summary: String?
    var tags: [String]
    var createdAt: Date
    var updatedAt: Date?
    var score: Double
    var published: Bool
    var views: Int?
    var author: Author
}

func makeJSON(count: Int) -> Data {
    var text = "["
    for index in 0..<count {
        if index > 0 { text += "," }
        let optional = index % 2 == 0 ? #","summary":"A short summary of article \#(index)","updatedAt":"2024-06-01T10:00:00.250Z","views":\#(index * 3)"# : ""
        text += #"{"id":\#(index),"title":"Article number \#(index)","body":"Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.","tags":["swift","ios","codable"],"createdAt":"2024-05-01T09:30:00Z","score":\#(Double(index) / 7),"published":\#(index % 3 == 0),"author":{"id":\#(index % 97),"name":"Author \#(index % 97)","email":"a\#(index % 97)@example.com"}\#(optional)}"#
    }
    return Data((text + "]").utf8)
}

func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// The same shape declared `APIModel` by hand, without a generated `_visitStoredValues`: equality
/// and hashing through the runtime's reflection fallback, what every generated model used before.
struct ReflectedArticle: APIModel {
    struct Author: APIModel {
        var id: Int64
        var name: String
        var email: String?
    }

    var id: Int64
    var title: String
    var body: String
    var summary: String?
    var tags: [String]
    var createdAt: Date
    var updatedAt: Date?
    var score: Double
    var published: Bool
    var views: Int?
    var author: Author
}

/// What `compare` measured: each side's median CPU time, and the baseline's time over the
/// generated side's within each run (the speed ratio), as their median and range.
struct Comparison {
    var generated: Double
    var baseline: Double
    var ratio: Double
    var ratios: ClosedRange<Double>

    /// `ratio 0.98 (pairwise median, 0.91–1.04)`.
    var ratioText: String {
        String(format: "speed ratio %.2f (pairwise median, %.2f–%.2f)", ratio, ratios.lowerBound, ratios.upperBound)
    }
}

/// Runs `generated` and `baseline` alternately `runs` times, after one pair that warms both up
/// and is not counted. Each run runs both, the order swapped every run, so that a warm heap
/// helps neither side. The ratio is taken within each run and its median reported: the machine's
/// speed drifts over a benchmark, and a pair run back to back sees the same machine.
func compare(runs: Int, _ generated: () throws -> Void, _ baseline: () throws -> Void) rethrows -> Comparison {
    try generated()
    try baseline()
    var generatedTimes: [Double] = []
    var baselineTimes: [Double] = []
    for run in 0..<runs {
        for side in run % 2 == 0 ? [0, 1] : [1, 0] {
            let start = cpuSeconds()
            if side == 0 {
                try generated()
                generatedTimes.append(cpuSeconds() - start)
            } else {
                try baseline()
                baselineTimes.append(cpuSeconds() - start)
            }
        }
    }
    let ratios = zip(baselineTimes, generatedTimes).map { $0 / $1 }
    return Comparison(
        generated: median(generatedTimes), baseline: median(baselineTimes), ratio: median(ratios),
        ratios: ratios.min()!...ratios.max()!)
}

let arguments = CommandLine.arguments.dropFirst()
let runs = Int(arguments.first ?? "7") ?? 7
let sections = Set(arguments.dropFirst().first.map { $0.split(separator: ",").map(String.init) } ?? ["decode"])
let json = makeJSON(count: 40_000)
let decoder = APIJSON.makeDecoder()
let encoder = APIJSON.makeEncoder()
let articles = try decoder.decode([Article].self, from: json)
let hand = try decoder.decode([HandArticle].self, from: json)
precondition(articles.count == hand.count && articles[7].author.name == hand[7].author.name)
let megabytes = Double(json.count) / 1_000_000

if sections.contains("decode") {
    var decoded = 0
    let result = try compare(
        runs: runs, { decoded += try decoder.decode([Article].self, from: json).count },
        { decoded += try decoder.decode([HandArticle].self, from: json).count })
    precondition(decoded == 2 * (runs + 1) * articles.count)
    let times = String(format: "generated %.3f s, hand-written %.3f s", result.generated, result.baseline)
    print(String(format: "decode %.1f MB: ", megabytes) + times + ", " + result.ratioText + " (target >= 1.00)")
}
if sections.contains("encode") {
    var bytes = 0
    let result = try compare(runs: runs, { bytes += try encoder.encode(articles).count }, { bytes += try encoder.encode(hand).count })
    precondition(bytes > 0)
    let times = String(format: "generated %.3f s, hand-written %.3f s", result.generated, result.baseline)
    print(String(format: "encode %.1f MB: ", megabytes) + times + ", " + result.ratioText + " (target >= 0.95)")
}
if sections.contains("equality") {
    // Equal values, separately decoded, so that every property is compared.
    let otherArticles = try decoder.decode([Article].self, from: json)
    let otherHand = try decoder.decode([HandArticle].self, from: json)
    var equal = 0
    let equality = compare(
        runs: runs, { for index in articles.indices where articles[index] == otherArticles[index] { equal += 1 } },
        { for index in hand.indices where hand[index] == otherHand[index] { equal += 1 } })
    precondition(equal == 2 * (runs + 1) * articles.count)
    var sizes = 0
    let sets = compare(runs: runs, { sizes += Set(articles).count }, { sizes += Set(hand).count })
    precondition(sizes == 2 * (runs + 1) * articles.count)
    // Reflection is hundreds of times slower: a sample of 2 000 values, per value below.
    let reflected = try decoder.decode([ReflectedArticle].self, from: json).prefix(2_000)
    let otherReflected = Array(try decoder.decode([ReflectedArticle].self, from: json).prefix(2_000))
    let reflection = compare(runs: 3, { for index in reflected.indices where reflected[index] == otherReflected[index] { equal += 1 } }, {})
    let perValue = { (seconds: Double, count: Int) in seconds / Double(count) * 1e9 }
    let count = articles.count
    let comparisons = String(
        format: "generated %.0f ns, synthesized %.0f ns", perValue(equality.generated, count), perValue(equality.baseline, count))
    let fallback = String(format: "reflection fallback %.0f ns", perValue(reflection.generated, reflected.count))
    print("equality of \(count) values: " + comparisons + ", " + equality.ratioText + " (target >= 0.90); " + fallback)
    let setTimes = String(format: "generated %.1f ms, synthesized %.1f ms", sets.generated * 1000, sets.baseline * 1000)
    print("Set of \(count) values: " + setTimes + ", " + sets.ratioText + " (target >= 0.90)")
}
