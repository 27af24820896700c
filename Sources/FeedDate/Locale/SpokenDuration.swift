// A COUNTDOWN duration read out (spoken): ICU's measure formats at full
// width joined by its list of units, made each time under the ICU lock.
import CICU

extension LocaleServices {
    /// A duration read out (spoken COUNTDOWN): each non-zero unit as ICU's
    /// measure format writes it at wide width, joined by ICU's list of units,
    /// "0 seconds" when all are zero; after the locale's minus sign when
    /// `minus`. From ICU each time, under the lock: too many texts to table.
    func writeSpoken(_ parts: [(CompactUnit, Int64)], minus: Bool, to sink: inout Sink) throws(FeedDateError) {
        let text = try locked { (s: inout ICUState) throws(ICUError) -> [UInt8] in
            var shown = parts.filter { $0.1 != 0 }
            if shown.isEmpty { shown = [(.second, 0)] }
            var items: [[UInt8]] = []
            for (unit, n) in shown {
                if s.spokenUnits[unit] == nil {
                    s.spokenUnits[unit] = try ICUNumberFormat(
                        locale: locale.icu, skeleton: "measure-unit/duration-\(unit.cldr) unit-width-full-name")
                }
                items.append(try s.spokenUnits[unit]!.format(n))
            }
            if s.unitList == nil { s.unitList = try ICUUnitList(locale: locale.icu) }
            var text = items.count == 1 ? items[0] : try s.unitList!.format(items)
            if minus {
                if s.symbols == nil { s.symbols = try icuNumberSymbols(locale: locale.icu) }
                text = s.symbols![11] + text
            }
            return texts.shaped(text)
        }
        sink.append(text)
    }
}
