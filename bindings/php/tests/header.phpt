--TEST--
The extension's constants and names against include/feeddate.h: every status, schedule limit and enum value of the header has its counterpart, of the header's value
--FILE--
<?php
require __DIR__ . '/vectors.inc';
// The header of the checkout whose vectors run (FEEDDATE_VECTORS_DIR/../../include), read as
// bindings/rust/src/sys.rs reads it: enum values and numeric #defines, the version ones left out.
$path = vectors_root() . '/../../include/feeddate.h';
$text = file_get_contents($path);
if ($text === false) throw new RuntimeException("cannot read $path");
$header = [];
foreach (explode("\n", $text) as $line) {
    $line = trim(explode('/*', $line)[0]);
    if (!preg_match('/^#define (FD_\w+) (.+)$/', $line, $m) && !preg_match('/^(FD_\w+) = (.+?),?$/', $line, $m)) continue;
    if (str_starts_with($m[1], 'FD_VERSION_') || str_starts_with($m[1], 'FD_STRINGIFY')) continue;
    $v = trim($m[2], '()');
    $v = $v === 'INT64_MAX' ? PHP_INT_MAX : intval(rtrim(preg_replace('/^INT64_C\(/', '', $v), 'LUlu'), 0);
    $header[$m[1]] = $v;
}
$failures = 0;
check(count($header) >= 40, 'header', count($header) . " constants read from $path");

$statuses = (new ReflectionClass(FeedDate\Exception::class))->getConstants();
$enums = ['FD_STYLE_' => [], 'FD_HOUR_CYCLE_' => [], 'FD_WIDTH_' => [], 'FD_UNIT_' => []];
foreach ($header as $name => $value) {
    if (str_starts_with($name, 'FD_ERR_')) {
        $short = substr($name, strlen('FD_ERR_'));
        check(($statuses[$short] ?? null) === $value, $name, "FeedDate\\Exception::$short is " .
              json_encode($statuses[$short] ?? null) . ", the header's $value");
        unset($statuses[$short]);
    } elseif (str_starts_with($name, 'FD_SCHEDULE_')) {
        $const = 'FeedDate\\' . substr($name, strlen('FD_SCHEDULE_'));
        check(defined($const) && constant($const) === $value, $name, "$const is " .
              (defined($const) ? constant($const) : 'not defined') . ", the header's $value");
    }
    foreach ($enums as $prefix => $_) if (str_starts_with($name, $prefix)) $enums[$prefix][$value] = strtolower(substr($name, strlen($prefix)));
}
check($statuses === [], 'FeedDate\Exception', 'constants the header has no FD_ERR_ for: ' . json_encode($statuses));

// Enum values by name: each header value's name is taken (the extension's tables are indexed by
// the header's enum values, so a name that is taken is that value's).
foreach ($enums['FD_STYLE_'] as $value => $style) {
    try {
        $f = new FeedDate\Formatter($style, ['locale' => 'en_US', 'tz' => 'UTC']);
        check($f->style === $style, "FD_STYLE_ $style = $value", "the formatter's style is $f->style");
    } catch (FeedDate\Exception $e) {
        check(false, "FD_STYLE_ $style = $value", $e->getMessage());
    }
}
foreach (['FD_HOUR_CYCLE_' => 'hour_cycle', 'FD_WIDTH_' => 'width', 'FD_UNIT_' => 'max_unit'] as $prefix => $option) {
    check(count($enums[$prefix]) >= 3, $prefix, json_encode($enums[$prefix]));
    foreach ($enums[$prefix] as $value => $name) {
        try {
            new FeedDate\Formatter('relative', [$option => $name, 'locale' => 'en_US', 'tz' => 'UTC']);
        } catch (FeedDate\Exception $e) {
            check(false, "$prefix $name = $value", $e->getMessage());
        }
    }
}
echo count($enums['FD_STYLE_']), " styles, ", count($enums['FD_UNIT_']), " units\n";
echo $failures === 0 ? "ok\n" : "$failures failures\n";
?>
--EXPECT--
7 styles, 7 units
ok
