--TEST--
SPEC 11's conversion rule (1.3) in PHP's types: Tests/vectors/conversion/conversion-1.3.jsonl (FEEDDATE_CONVERSION_VECTORS)
--FILE--
<?php
require __DIR__ . '/vectors.inc';
// PHP's forms of an instant: "iso" as a DateTimeImmutable (which holds microseconds: a 7th digit
// is cut, which floors, as the rule does) and "seconds" as a float. "millis", "since_2001" and
// the horizon forms are no PHP type (horizons are int milliseconds): not run.
$file = getenv('FEEDDATE_CONVERSION_VECTORS') ?: vectors_root() . '/conversion/conversion-1.3.jsonl';

function php_instant(array $form, string $where): DateTimeInterface|float|null
{
    if (array_key_exists('iso', $form)) {
        $iso = preg_replace('/(\.\d{6})\d+/', '$1', $form['iso']);
        $d = DateTimeImmutable::createFromFormat('Y-m-d\TH:i:s.uP', str_replace('Z', '+00:00', $iso))
          ?: DateTimeImmutable::createFromFormat('Y-m-d\TH:i:sP', str_replace('Z', '+00:00', $iso));
        if ($d === false) throw new RuntimeException("$where: cannot read {$form['iso']}");
        return $d;
    }
    if (array_key_exists('seconds', $form)) return (float)$form['seconds'];
    return null;
}

// A formatter whose label is the instant itself: COUNTDOWN with precision 3 from a fixed now
// shows the milliseconds left; a schedule's wire carries "now" in ms exactly.
$probe = new FeedDate\Formatter('relative', ['locale' => 'en_US', 'tz' => 'UTC']);
$n = $skipped = 0;
foreach (vector_lines($file) as $where => $v) {
    switch (need($v, 'case', $where)) {
    case 'instant':
        $x = php_instant($v, $where);
        if ($x === null) { $skipped++; break; }
        $wire = json_decode($probe->schedule(0, $x, 0)->toJson(), true);
        check($wire['now'] === need($v, 'expect_ms', $where), $where, "now {$wire['now']} != {$v['expect_ms']}");
        $n++;
        break;
    case 'schedule':
    case 'label':
        $t = php_instant(need($v, 't', $where), $where);
        $now = php_instant(need($v, 'now', $where), $where);
        if ($t === null || $now === null) { $skipped++; break; }
        $f = formatter_for($v, $where);
        if ($v['case'] === 'label') {
            check($f->format($t, $now) === need($v, 'text', $where), $where, "text " . $f->format($t, $now));
        } else {
            $s = $f->schedule($t, $now, need($v, 'horizon_ms', $where), need($v, 'max_entries', $where));
            check($s->toJson() === need($v, 'json', $where), $where, "wire " . $s->toJson());
        }
        $n++;
        break;
    case 'horizon':
        $skipped++;
        break;
    default:
        throw new RuntimeException("$where: malformed vector: case " . json_encode($v['case']));
    }
}
// Ints are seconds, exact; one too big for int64 milliseconds is clamped, and the library names
// it out of range.
check($probe->schedule(0, 1711348200, 0)->nowMs === 1711348200000, 'int', 'int seconds');
check($probe->schedule(0, -1, 0)->nowMs === -1000, 'int', 'negative int seconds');
foreach ([PHP_INT_MAX, PHP_INT_MIN, 1e300, -INF, INF, 253402300800] as $big) {
    try { $probe->format($big, 0); check(false, 'range', "no error for $big"); }
    catch (FeedDate\Exception $e) { check($e->getStatus() === FeedDate\Exception::RANGE, 'range', $e->getMessage()); }
}
try { $probe->format(NAN, 0); check(false, 'nan', 'no error'); }
catch (FeedDate\Exception $e) { check($e->getStatus() === FeedDate\Exception::RANGE, 'nan', $e->getMessage()); }
// The float of a whole millisecond is that millisecond, at the ends of the range too.
foreach ([-62135596800000, -62135596799999, 253402300799999, 253402300799001, 1711348200123, -1] as $ms) {
    check($probe->schedule(0, $ms / 1000, 0)->nowMs === $ms, 'round trip', "$ms");
    check($probe->schedule(0, dt_ms($ms, 'Pacific/Chatham'), 0)->nowMs === $ms, 'DateTime', "$ms");
}
echo "ran $n conversion vectors\n";
echo $failures === 0 ? "ok\n" : "$failures failures\n";
?>
--EXPECTF--
ran %d conversion vectors
ok
