// The markup of a live label (SPEC section 11, "Semantics and screen
// readers", 1.3), written here and nowhere else:
//   <time datetime="D" title="T"><feed-date data-schedule="WIRE">text</feed-date></time>
// D: t in UTC (UTCStamp); T: t's FEED_DETAIL label with the formatter's
// locale, zone and options, seen at now; WIRE: the schedule's wire form;
// text: its entry at now. With `spoken`, `data-spoken-schedule="WIRE"` holds
// the schedule of the same options plus spoken. Every value is escaped
// (HTMLEscape), the text as well.

extension FeedDateFormatter {
    /// The markup of a live label for `t` seen from `now` (fd_schedule_html):
    /// `<time datetime="…" title="…"><feed-date data-schedule="…">text</feed-date></time>`,
    /// every value escaped; with `spoken`, the spoken schedule as well.
    /// Put it in a page as it is; `clients/web` makes it live.
    public func html(
        _ t: Int64, now: Int64, horizonMs: Int64 = FeedDateFormatter.scheduleDefaultHorizonMs,
        maxEntries: Int = FeedDateFormatter.scheduleDefaultMaxEntries, spoken: Bool = false
    ) throws(FeedDateError) -> String {
        String(
            decoding: try htmlBytes(t, now: now, horizonMs: horizonMs, maxEntries: maxEntries, spoken: spoken),
            as: UTF8.self)
    }

    /// The wire form safe inside `<script>` (fd_schedule_script_json): the
    /// same JSON object, with < > & U+2028 U+2029 as \u escapes.
    public func scriptJSON(
        _ t: Int64, now: Int64, horizonMs: Int64 = FeedDateFormatter.scheduleDefaultHorizonMs,
        maxEntries: Int = FeedDateFormatter.scheduleDefaultMaxEntries
    ) throws(FeedDateError) -> String {
        String(decoding: try scriptJSONBytes(t, now: now, horizonMs: horizonMs, maxEntries: maxEntries), as: UTF8.self)
    }

    /// The markup's bytes.
    package func htmlBytes(_ t: Int64, now: Int64, horizonMs: Int64, maxEntries: Int, spoken: Bool)
        throws(FeedDateError) -> [UInt8]
    {
        let (wire, text) = try scheduleWire(t, now: now, horizonMs: horizonMs, maxEntries: maxEntries)
        let spokenWire =
            spoken
            ? try companions.of(self, .spoken).scheduleWire(t, now: now, horizonMs: horizonMs, maxEntries: maxEntries)
                .wire : nil
        let title = try companions.of(self, .detail).format(t, now: now)
        var out: [UInt8] = []
        out.reserveCapacity(wire.count + (spokenWire?.count ?? 0) + text.count + 160)
        out += Array("<time datetime=\"".utf8)
        out += UTCStamp.bytes(t)
        out += Array("\" title=\"".utf8)
        HTMLEscape.append(title.utf8, to: &out)
        out += Array("\"><feed-date data-schedule=\"".utf8)
        HTMLEscape.append(wire, to: &out)
        if let spokenWire {
            out += Array("\" data-spoken-schedule=\"".utf8)
            HTMLEscape.append(spokenWire, to: &out)
        }
        out += Array("\">".utf8)
        HTMLEscape.append(text, to: &out)
        out += Array("</feed-date></time>".utf8)
        return out
    }

    /// The wire form made safe inside `<script>` (ScriptJSON).
    package func scriptJSONBytes(_ t: Int64, now: Int64, horizonMs: Int64, maxEntries: Int) throws(FeedDateError)
        -> [UInt8]
    {
        ScriptJSON.escaped(try scheduleWire(t, now: now, horizonMs: horizonMs, maxEntries: maxEntries).wire)
    }
}
