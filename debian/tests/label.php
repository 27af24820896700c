<?php
// Test of php-feeddate (autopkgtest php-extension and the build-time check of
// debian/rules): the extension is loaded, uses the system's libfeeddate.so.1 of
// the same version and gives the right label. Same case as label.c and label.py:
// a chat list in Shanghai on Monday 2024-03-25 12:00 (+08:00) shows Sunday 09:00
// as "昨天" until the next midnight; and a timestamp of yesterday, now, too.
function check(bool $cond, string $what): void {
    if (!$cond) { fwrite(STDERR, "label.php: FAIL: $what\n"); exit(1); }
}
check(extension_loaded('feeddate'), 'the feeddate extension is not loaded');
$f = new FeedDate\Formatter('chat_list', ['locale' => 'zh_CN', 'tz' => 'Asia/Shanghai']);
$now = new DateTimeImmutable('2024-03-25 12:00', new DateTimeZone('+08:00'));
$t = new DateTimeImmutable('2024-03-24 09:00', new DateTimeZone('+08:00'));
$text = $f->format($t, $now);
$label = $f->label($t, $now);
printf("label.php: '%s' next change %s (feeddate %s, extension %s, %s, %s)\n", $text,
       $label->nextChange->format(DATE_ATOM), FeedDate\version(), phpversion('feeddate'), $f->tz, $f->tzSource);
check($text === '昨天', "label '$text', expected '昨天'");
check($label->dayPart === '昨天' && $label->timePart === '', 'day/time parts');
check($label->nextChangeMs === 1711382400000, "next change $label->nextChangeMs, expected 1711382400000 (2024-03-26 00:00 +08:00)");
check($f->format($t, $label->nextChange) === '星期日', 'label after the next change');
check(phpversion('feeddate') === FeedDate\version(), 'the extension\'s version is not the library\'s');
check(str_starts_with(FeedDate\data_version(), 'ICU 78.3; CLDR 48.0;'), 'data version ' . FeedDate\data_version());
// Yesterday at this hour, in Shanghai, against the clock.
$yesterday = (new DateTimeImmutable('now', new DateTimeZone('Asia/Shanghai')))->modify('-1 day')->setTime(12, 0);
$text = $f->format($yesterday);
check($text === '昨天', "yesterday 12:00 reads '$text', expected '昨天'");
// The library's own ICU 78.3 (PHP itself may map Debian's libicu through libxml2).
$maps = array_filter(file('/proc/self/maps'), fn($l) => str_contains($l, '/libfeeddate.so.1'));
check($maps !== [], 'no libfeeddate.so.1 is mapped');
echo "label.php: ok (", FeedDate\data_version(), ")\n";
