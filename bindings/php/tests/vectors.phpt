--TEST--
Every label vector (Tests/vectors/*.jsonl or FEEDDATE_VECTORS): text, next change, parts, expired
--FILE--
<?php
require __DIR__ . '/vectors.inc';
$n = 0;
$zones = ['UTC', 'Asia/Shanghai', 'America/New_York', 'Asia/Kolkata'];
$batches = [];
foreach (vector_files('', 'FEEDDATE_VECTORS') as $file) {
    foreach (vector_lines($file) as $where => $v) {
        $f = formatter_for($v, $where);
        $t = need($v, 't_ms', $where);
        $now = need($v, 'now_ms', $where);
        $text = need($v, 'text', $where);
        [$d0, $d1] = need($v, 'day_part', $where);
        [$t0, $t1] = need($v, 'time_part', $where);
        // DateTimeInterface inputs, in a zone that changes nothing (the instant is the instant).
        $zone = $zones[$n % count($zones)];
        $label = $f->label(dt_ms($t, $zone), dt_ms($now, $zones[($n + 1) % count($zones)]));
        check($label->text === $text, $where, "text " . json_encode($label->text) . " != " . json_encode($text));
        check($label->nextChangeMs === need($v, 'next_change_ms', $where), $where,
              "next change " . var_export($label->nextChangeMs, true) . " != " . var_export($v['next_change_ms'], true));
        check(ms_of($label->nextChange) === $label->nextChangeMs, $where, "nextChange is not nextChangeMs");
        check($label->dayPart === substr($text, $d0, $d1 - $d0), $where, "day part " . json_encode($label->dayPart));
        check($label->timePart === substr($text, $t0, $t1 - $t0), $where, "time part " . json_encode($label->timePart));
        check($label->expired === need($v, 'expired', $where), $where, "expired");
        // Seconds: the float m / 1000 of a whole millisecond is m (SPEC 11, 1.3), an int exact.
        check($f->format($t / 1000, $now / 1000) === $text, $where, "format(float seconds)");
        if ($t % 1000 === 0 && $now % 1000 === 0) {
            check($f->format(intdiv($t, 1000), intdiv($now, 1000)) === $text, $where, "format(int seconds)");
        }
        $batches[json_encode([$v['style'], $v['options'], $now])][] = [$t, $text, $where];
        $n++;
    }
}
// formatMany: one call per style, options and now, under the caller's keys.
foreach ($batches as $key => $rows) {
    [$style, $options, $now] = json_decode($key, true);
    $f = new FeedDate\Formatter($style, $options);
    $ts = [];
    foreach ($rows as $i => [$t]) $ts["k$i"] = $t / 1000;
    $got = $f->formatMany($ts, dt_ms($now));
    foreach ($rows as $i => [, $text, $where]) check(($got["k$i"] ?? null) === $text, $where, "formatMany");
    check(array_keys($got) === array_keys($ts), $key, "formatMany keys");
}
echo $n > 0 ? "ran $n vectors\n" : "no vectors\n";
echo $failures === 0 ? "ok\n" : "$failures failures\n";
?>
--EXPECTF--
ran %d vectors
ok
