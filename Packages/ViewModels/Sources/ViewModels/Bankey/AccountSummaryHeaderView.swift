import Foundation

/// The lesson's account summary header, as a namespace: the UIKit view does
/// not exist here, its ``ViewModel`` does.
public enum AccountSummaryHeaderView {
    /// What the header shows: a greeting, the customer's first name and the
    /// date.
    ///
    /// ```swift
    /// let header = AccountSummaryHeaderView.ViewModel(
    ///     welcomeMessage: "Good morning,", name: "Kevin", date: Date(),
    ///     locale: Locale(identifier: "en_US"))
    /// header.dateFormatted  // "Jun 21, 2010" on that day in Denver
    /// ```
    public struct ViewModel: Sendable, Hashable {
        /// The zone the lesson pins dates to, `TimeZone(abbreviation: "MDT")`:
        /// Mountain Time, which Foundation resolves to `America/Denver`
        /// (daylight time in summer, standard time in winter).
        public static let lessonTimeZone: TimeZone =
            TimeZone(identifier: "America/Denver") ?? TimeZone(secondsFromGMT: -6 * 3600) ?? .gmt

        /// The greeting, such as `Good morning,`.
        public var welcomeMessage: String
        /// The customer's first name, such as `Kevin`.
        public var name: String
        /// The day to show.
        public var date: Date
        /// The zone ``date`` is shown in; the lesson's is ``lessonTimeZone``.
        public var timeZone: TimeZone
        /// The locale month names come from.
        public var locale: Locale

        /// Creates a header.
        ///
        /// - Parameters:
        ///   - welcomeMessage: The greeting, such as `Good morning,`.
        ///   - name: The customer's first name.
        ///   - date: The day to show.
        ///   - timeZone: Where the day is read; defaults to the lesson's MDT.
        ///   - locale: Defaults to the user's; pin it (`en_US`) for the
        ///     lesson's `Jun 21, 2010`.
        public init(
            welcomeMessage: String,
            name: String,
            date: Date,
            timeZone: TimeZone = ViewModel.lessonTimeZone,
            locale: Locale = .current
        ) {
            self.welcomeMessage = welcomeMessage
            self.name = name
            self.date = date
            self.timeZone = timeZone
            self.locale = locale
        }

        /// ``date`` as `MMM d, yyyy`, such as `Jun 21, 2010`: the lesson's
        /// `monthDayYearString`.
        public var dateFormatted: String {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = timeZone
            formatter.dateFormat = "MMM d, yyyy"
            return formatter.string(from: date)
        }
    }
}
