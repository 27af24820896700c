// Milliseconds per unit of time, for every file of the library. msPerDay is
// still defined at the bottom of Zone.swift; it belongs here with the others.
let msPerSecond: Int64 = 1_000
let msPerMinute: Int64 = 60_000
let msPerHour: Int64 = 3_600_000
