/// Repeated measurements of one quantity, and the statistics the table
/// reports: the median, and the smallest and largest value as its spread.
///
/// Medians rather than means, because a busy machine adds outliers in one
/// direction only; the range shows how noisy a figure was.
struct Samples: Sendable {
    /// The values, in increasing order.
    let sorted: [Double]

    /// Keeps `values`, which must not be empty.
    init(_ values: [Double]) {
        sorted = values.sorted()
    }

    /// The middle value (the mean of the middle two for an even count).
    var median: Double {
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// The smallest value.
    var min: Double { sorted.first ?? .nan }

    /// The largest value.
    var max: Double { sorted.last ?? .nan }

    /// The value below which `fraction` of the samples fall, by the
    /// nearest-rank method, so a p99 is always a latency that happened.
    func percentile(_ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }

    /// The same samples with every value transformed, such as seconds per
    /// run turned into requests per second.
    func map(_ transform: (Double) -> Double) -> Samples {
        Samples(sorted.map(transform))
    }
}
