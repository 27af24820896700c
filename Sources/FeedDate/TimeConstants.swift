/// Milliseconds in a day of 24 hours (local days can be 23 or 25 hours long).
let msPerDay: Int64 = 86_400_000
