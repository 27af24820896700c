--TEST--
html() and scriptJson() give the bytes of Tests/vectors/html/html-1.3.jsonl (FEEDDATE_HTML_VECTORS)
--FILE--
<?php
require __DIR__ . '/vectors.inc';
$file = getenv('FEEDDATE_HTML_VECTORS') ?: vectors_root() . '/html/html-1.3.jsonl';
$n = 0;
foreach (vector_lines($file) as $where => $v) {
    $f = formatter_for($v, $where);
    $t = need($v, 't_ms', $where) / 1000;
    $now = need($v, 'now_ms', $where) / 1000;
    $h = need($v, 'horizon_ms', $where);
    $m = need($v, 'max_entries', $where);
    check($f->html($t, $now, need($v, 'spoken', $where), $h, $m) === need($v, 'html', $where), $where, "html");
    check($f->schedule($t, $now, $h, $m)->scriptJson() === need($v, 'script_json', $where), $where, "scriptJson");
    if ($h === FeedDate\DEFAULT_HORIZON_MS && $m === FeedDate\DEFAULT_MAX_ENTRIES) {
        check($f->html($t, $now, $v['spoken']) === $v['html'], $where, "html with the defaults");
    }
    $n++;
}
// Errors of the arguments are the library's.
$f = new FeedDate\Formatter('feed', ['locale' => 'en_US', 'tz' => 'UTC']);
try { $f->html(0, 0, false, -1); echo "no error\n"; } catch (FeedDate\Exception $e) { echo $e->getStatus(), ' ', $e->getMessage(), "\n"; }
try { $f->html(0, 0, false, null, 0); echo "no error\n"; } catch (FeedDate\Exception $e) { echo $e->getStatus(), ' ', $e->getMessage(), "\n"; }
echo $n > 0 ? "ran $n html vectors\n" : "no vectors\n";
echo $failures === 0 ? "ok\n" : "$failures failures\n";
?>
--EXPECTF--
1 horizon -1 ms is out of range 0...31622400000 (366 days)
1 max_entries 0 is out of range 1...100000
ran %d html vectors
ok
