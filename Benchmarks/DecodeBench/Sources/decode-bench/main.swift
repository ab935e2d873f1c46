import APIGenRuntime
import BenchModels
import Foundation

/// A hand-written struct of the same shape as the generated `Article`, with the Codable
/// conformance the compiler synthesises: the baseline generated code must keep up with.
struct HandArticle: Codable {
    struct Author: Codable {
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

let runs = Int(CommandLine.arguments.dropFirst().first ?? "7") ?? 7
let json = makeJSON(count: 40_000)
let decoder = APIJSON.makeDecoder()
var generated: [Double] = []
var handWritten: [Double] = []
// Alternate the two so that machine noise hits both alike.
// Each run decodes both, in alternating order, so neither side always meets a warm or a cold heap.
for run in 0..<runs {
    var articles: [Article] = []
    var hand: [HandArticle] = []
    for side in run % 2 == 0 ? [0, 1] : [1, 0] {
        let start = cpuSeconds()
        if side == 0 {
            articles = try decoder.decode([Article].self, from: json)
            generated.append(cpuSeconds() - start)
        } else {
            hand = try decoder.decode([HandArticle].self, from: json)
            handWritten.append(cpuSeconds() - start)
        }
    }
    precondition(articles.count == hand.count && articles[7].author.name == hand[7].author.name)
}
let megabytes = Double(json.count) / 1_000_000
print(String(format: "decode %.1f MB: generated %.3f s, hand-written %.3f s, speed ratio %.2f (generated / hand-written throughput)", megabytes, median(generated), median(handWritten), median(handWritten) / median(generated)))
