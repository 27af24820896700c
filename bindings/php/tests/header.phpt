--TEST--
The extension's constants and names against include/feeddate.h (Tests/vectors/header/header.jsonl): every status, schedule limit and enum value of the header has its counterpart, of the header's value
--FILE--
<?php
require __DIR__ . '/vectors.inc';
// The header's integer constants (enum values and numeric #defines, the version's left out) as
// Tests/vectors/header/header.jsonl, or FEEDDATE_HEADER_VECTORS, holds them: make check-vectors
// holds that file to include/feeddate.h and to the compiler, so no binding parses C.
$path = getenv('FEEDDATE_HEADER_VECTORS') ?: vectors_root() . '/header/header.jsonl';
$header = [];
foreach (vector_lines($path) as $where => $c) {
    $text = need($c, 'value', $where);
    $value = is_string($text) ? filter_var($text, FILTER_VALIDATE_INT) : false;
    if ($value === false) throw new RuntimeException("$where: value " . json_encode($text) . ' is no 64-bit integer text');
    $header[need($c, 'name', $where)] = $value;
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
