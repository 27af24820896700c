--TEST--
Messages quote what the caller passed by the library's one rule: Tests/vectors/quote/quote-1.3.jsonl (FEEDDATE_QUOTE_VECTORS)
--FILE--
<?php
require __DIR__ . '/vectors.inc';
// PHP strings are bytes: every case applies, invalid UTF-8 included.
$file = getenv('FEEDDATE_QUOTE_VECTORS') ?: vectors_root() . '/quote/quote-1.3.jsonl';
$n = 0;
foreach (vector_lines($file) as $where => $v) {
    $value = hex2bin(need($v, 'bytes', $where));
    $quoted = need($v, 'quoted', $where);
    $nul = need($v, 'nul', $where);
    check(FeedDate\quote($value) === $quoted, $where, "quote " . FeedDate\quote($value));
    try {
        new FeedDate\Formatter('feed', [$value => 1]);
        check(false, $where, 'an unknown option is accepted');
    } catch (FeedDate\Exception $e) {
        check($e->getStatus() === FeedDate\Exception::ARGUMENT, $where, $e->getMessage());
        check(str_starts_with($e->getMessage(), "unknown option $quoted: "), $where, $e->getMessage());
    }
    try {
        new FeedDate\Formatter('feed', ['locale' => 'en_US', 'tz' => $value]);
        check(false, $where, 'the zone is accepted');
    } catch (FeedDate\Exception $e) {
        check($e->getStatus() === ($nul ? FeedDate\Exception::ARGUMENT : FeedDate\Exception::TIME_ZONE), $where, $e->getMessage());
        check(str_contains($e->getMessage(), $quoted), $where, json_encode($e->getMessage()) . " does not hold $quoted");
        if ($nul) check(str_contains($e->getMessage(), 'NUL'), $where, $e->getMessage());
    }
    $n++;
}
check(FeedDate\quote(str_repeat('y', 1000000)) === '"' . str_repeat('y', 64) . '…"', 'long', 'a long value');
check(FeedDate\quote('') === '""', 'empty', 'the empty value');
echo "ran $n quote vectors\n";
echo $failures === 0 ? "ok\n" : "$failures failures\n";
?>
--EXPECTF--
ran %d quote vectors
ok
