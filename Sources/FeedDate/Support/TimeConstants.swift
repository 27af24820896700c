// Milliseconds per unit of time, for every file of the library.
let msPerSecond: Int64 = 1_000
let msPerMinute: Int64 = 60_000
let msPerHour: Int64 = 3_600_000
/// Milliseconds in a day of 24 hours (local days can be 23 or 25 hours long).
let msPerDay: Int64 = 86_400_000
