#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU and wall time per pipeline stage (read, model, resolve, validate, filter, catalog,
/// translate, render, write), so a benchmark can show which stage is slow. Measuring costs two
/// clock reads per stage.
public struct StageTimings: Sendable {
    public struct Entry: Sendable {
        public var stage: String
        /// Seconds of CPU time of the whole process during the stage.
        public var cpu: Double
        public var wall: Double
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    /// Runs `body`, adding its time to `stage` (a stage measured twice is summed).
    public mutating func measure<Result, Failure: Error>(_ stage: String, _ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let cpuStart = Self.now(CLOCK_PROCESS_CPUTIME_ID)
        let wallStart = Self.now(CLOCK_MONOTONIC)
        defer { add(stage, cpu: Self.now(CLOCK_PROCESS_CPUTIME_ID) - cpuStart, wall: Self.now(CLOCK_MONOTONIC) - wallStart) }
        return try body()
    }

    public mutating func add(_ stage: String, cpu: Double, wall: Double) {
        if let index = entries.firstIndex(where: { $0.stage == stage }) {
            entries[index].cpu += cpu
            entries[index].wall += wall
        } else {
            entries.append(Entry(stage: stage, cpu: cpu, wall: wall))
        }
    }

    static func now(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
