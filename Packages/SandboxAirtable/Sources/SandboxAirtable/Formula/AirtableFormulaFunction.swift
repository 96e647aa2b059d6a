import Foundation
import SandboxCore

/// The functions of Airtable's formula reference, by the name a formula
/// calls them (any letter case), with the number of arguments each takes.
enum AirtableFormulaFunction: String, Sendable, Hashable, CaseIterable {
    // Text
    case concatenate = "CONCATENATE"
    case encodeURLComponent = "ENCODE_URL_COMPONENT"
    case find = "FIND"
    case search = "SEARCH"
    case left = "LEFT"
    case right = "RIGHT"
    case mid = "MID"
    case len = "LEN"
    case lower = "LOWER"
    case upper = "UPPER"
    case replace = "REPLACE"
    case rept = "REPT"
    case substitute = "SUBSTITUTE"
    case t = "T"
    case trim = "TRIM"
    case regexMatch = "REGEX_MATCH"
    case regexExtract = "REGEX_EXTRACT"
    case regexReplace = "REGEX_REPLACE"
    // Logical
    case and = "AND"
    case or = "OR"
    case xor = "XOR"
    case not = "NOT"
    case `if` = "IF"
    case `switch` = "SWITCH"
    case `true` = "TRUE"
    case `false` = "FALSE"
    case blank = "BLANK"
    case error = "ERROR"
    case isError = "ISERROR"
    // Numeric
    case abs = "ABS"
    case average = "AVERAGE"
    case ceiling = "CEILING"
    case count = "COUNT"
    case countA = "COUNTA"
    case countAll = "COUNTALL"
    case even = "EVEN"
    case exp = "EXP"
    case floor = "FLOOR"
    case int = "INT"
    case log = "LOG"
    case max = "MAX"
    case min = "MIN"
    case mod = "MOD"
    case odd = "ODD"
    case power = "POWER"
    case round = "ROUND"
    case roundDown = "ROUNDDOWN"
    case roundUp = "ROUNDUP"
    case sqrt = "SQRT"
    case sum = "SUM"
    case value = "VALUE"
    // Date and time
    case createdTime = "CREATED_TIME"
    case dateAdd = "DATEADD"
    case dateString = "DATESTR"
    case datetimeDiff = "DATETIME_DIFF"
    case datetimeFormat = "DATETIME_FORMAT"
    case datetimeParse = "DATETIME_PARSE"
    case day = "DAY"
    case hour = "HOUR"
    case minute = "MINUTE"
    case month = "MONTH"
    case second = "SECOND"
    case year = "YEAR"
    case weekday = "WEEKDAY"
    case weekNumber = "WEEKNUM"
    case isAfter = "IS_AFTER"
    case isBefore = "IS_BEFORE"
    case isSame = "IS_SAME"
    case lastModifiedTime = "LAST_MODIFIED_TIME"
    case now = "NOW"
    case today = "TODAY"
    case setLocale = "SET_LOCALE"
    case setTimeZone = "SET_TIMEZONE"
    case timeString = "TIMESTR"
    case toNow = "TONOW"
    case fromNow = "FROMNOW"
    case workday = "WORKDAY"
    case workdayDiff = "WORKDAY_DIFF"
    // Arrays
    case arrayCompact = "ARRAYCOMPACT"
    case arrayFlatten = "ARRAYFLATTEN"
    case arrayJoin = "ARRAYJOIN"
    case arrayUnique = "ARRAYUNIQUE"
    case arraySlice = "ARRAYSLICE"
    // Records
    case recordID = "RECORD_ID"

    /// How many arguments the function takes.
    var arity: ClosedRange<Int> {
        switch self {
        case .true, .false, .blank, .error, .now, .today, .recordID, .createdTime: 0...0
        case .len, .lower, .upper, .t, .trim, .encodeURLComponent, .not, .isError, .abs, .even, .exp, .int, .odd,
            .sqrt, .value, .dateString, .day, .hour, .minute, .month, .second, .year, .timeString, .toNow, .fromNow,
            .arrayCompact, .arrayFlatten, .arrayUnique:
            1...1
        case .left, .right, .rept, .mod, .power, .regexMatch, .regexExtract, .setLocale, .setTimeZone, .isAfter,
            .isBefore:
            2...2
        case .find, .search, .regexReplace, .dateAdd: 2...3
        case .mid: 3...3
        case .replace: 4...4
        case .substitute: 3...4
        case .if: 2...3
        case .switch: 2...Int.max
        case .round, .roundDown, .roundUp: 2...2
        case .ceiling, .floor, .log: 1...2
        case .datetimeDiff, .isSame: 2...3
        case .datetimeFormat, .weekday, .weekNumber, .arrayJoin: 1...2
        case .datetimeParse: 1...3
        case .workday, .workdayDiff: 2...3
        case .arraySlice: 2...3
        case .lastModifiedTime: 0...Int.max
        case .concatenate, .and, .or, .xor, .average, .count, .countA, .countAll, .max, .min, .sum: 1...Int.max
        }
    }
}
