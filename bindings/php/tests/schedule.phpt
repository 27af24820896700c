--TEST--
Every schedule vector (Tests/vectors/schedule or FEEDDATE_SCHEDULE_VECTORS): entries, until, the wire byte for byte
--FILE--
<?php
require __DIR__ . '/vectors.inc';
$n = 0;
foreach (vector_files('schedule', 'FEEDDATE_SCHEDULE_VECTORS') as $file) {
    foreach (vector_lines($file) as $where => $v) {
        $f = formatter_for($v, $where);
        $t = need($v, 't_ms', $where);
        $now = need($v, 'now_ms', $where);
        $s = $f->schedule(dt_ms($t, 'Asia/Tokyo'), $now / 1000, need($v, 'horizon_ms', $where), need($v, 'max_entries', $where));
        $entries = array_map(fn ($e) => [$e->text, $e->startMs], $s->entries);
        check($entries === need($v, 'entries', $where), $where, "entries " . json_encode($entries));
        foreach ($s->entries as $e) check(ms_of($e->start) === $e->startMs, $where, "start is not startMs");
        check($s->untilMs === need($v, 'until_ms', $where), $where, "until " . var_export($s->untilMs, true));
        check(ms_of($s->until) === $s->untilMs, $where, "until is not untilMs");
        check($s->nowMs === $now && ms_of($s->now) === $now, $where, "now");
        check($s->toJson() === need($v, 'json', $where), $where, "wire " . $s->toJson());
        $script = $s->scriptJson();
        check(json_decode($script, true) === json_decode($v['json'], true), $where, "scriptJson parses to another object");
        check(strpbrk($script, '<>&') === false, $where, "scriptJson holds < > or &");
        $n++;
    }
}
// The defaults are the header's (one day, 1,000 entries).
$f = new FeedDate\Formatter('relative', ['locale' => 'en_US', 'tz' => 'UTC']);
$a = $f->schedule(1711348141, 1711348200);
$b = $f->schedule(1711348141, 1711348200, FeedDate\DEFAULT_HORIZON_MS, FeedDate\DEFAULT_MAX_ENTRIES);
check($a->toJson() === $b->toJson(), 'defaults', 'null is not the header\'s defaults');
check(FeedDate\DEFAULT_HORIZON_MS === 86400000 && FeedDate\DEFAULT_MAX_ENTRIES === 1000, 'defaults', 'constants');
check(count($f->schedule(1711348141, 1711348200, 0)->entries) === 1, 'horizon 0', 'one entry');
echo $n > 0 ? "ran $n schedule vectors\n" : "no vectors\n";
echo $failures === 0 ? "ok\n" : "$failures failures\n";
?>
--EXPECTF--
ran %d schedule vectors
ok
