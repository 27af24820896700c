--TEST--
The API of SPEC 14: names, versions, options by their Python names, DateTimeZone as tz, parts, countdowns
--FILE--
<?php
$expected = getenv('FEEDDATE_EXPECTED_VERSION');
var_dump(phpversion('feeddate') === FeedDate\version(), !$expected || FeedDate\version() === $expected);
var_dump(str_starts_with(FeedDate\data_version(), 'ICU 78.3; CLDR 48.0; tzdata '));
// Every option under its SPEC 6 (Python) name; enum names in any case, with - or _.
$f = new FeedDate\Formatter('CHAT-BUBBLE', [
    'locale' => 'en-US', 'tz' => new DateTimeZone('Europe/Paris'), 'hour_cycle' => 'H23', 'width' => 'Short',
    'recent_relative' => false, 'just_now_ms' => 30000, 'skew_tolerance_ms' => 1000, 'cross_year_grace_days' => 10,
    'weekday_window_days' => 3, 'precision' => 2, 'countdown_days' => true, 'plain_spaces' => true,
    'spoken' => false, 'overtime' => false, 'max_unit' => 'WEEK', 'just_now_text' => 'now',
    'yesterday_text' => 'Yday', 'day_before_yesterday_text' => null, 'tomorrow_text' => 'Tmrw',
]);
var_dump($f->style, $f->locale, $f->tz, $f->tzSource === explode('; ', FeedDate\data_version())[2]);
$l = $f->label(1711348200 - 86400, 1711348200);
var_dump($l->text, $l->dayPart, $l->timePart, $l->expired);
try { new FeedDate\Formatter('feed', ['tz' => new DateTimeZone('+08:00')]); } catch (FeedDate\Exception $e) { echo $e->getMessage(), "\n"; }
// COUNTDOWN: expired, and a next change a tenth of a second on.
$c = new FeedDate\Formatter('countdown', ['locale' => 'en_US', 'tz' => 'UTC']);
$l = $c->label(1711348500, 1711348200.25);
var_dump($l->text, $l->nextChangeMs, $l->expired, $c->label(1711348200, 1711348201)->expired);
// A label that never changes: nextChange null.
$d = new FeedDate\Formatter('feed_detail', ['locale' => 'zh_CN', 'tz' => 'Asia/Shanghai']);
var_dump($d->label(1000000000, 1711348200)->nextChange);
// microtime(true) and time() are instants; $now = null is the clock.
var_dump(is_string($d->format(microtime(true))), $d->format(time(), null) === $d->format(time()));
var_dump($c->formatMany([]), FeedDate\MAX_ENTRIES, FeedDate\MAX_HORIZON_MS);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
string(11) "chat_bubble"
string(5) "en_US"
string(12) "Europe/Paris"
bool(true)
string(11) "Yday, 07:30"
string(4) "Yday"
string(5) "07:30"
bool(false)
unknown time zone "+08:00": pass an IANA zone id like "Asia/Shanghai"
string(9) "0:04:59.8"
int(1711348200300)
bool(false)
bool(true)
NULL
bool(true)
bool(true)
array(0) {
}
int(100000)
int(31622400000)
