--TEST--
Bad input: wrong types are TypeError, bad values FeedDate\Exception with the library's message
--FILE--
<?php
$f = new FeedDate\Formatter('feed', ['locale' => 'en_US', 'tz' => 'UTC']);
function show(callable $c): void
{
    try {
        $c();
        echo "no error\n";
    } catch (FeedDate\Exception $e) {
        echo 'FeedDate\Exception ', $e->getStatus(), '=', $e->getCode(), ': ', $e->getMessage(), "\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
echo "-- options: the library's messages\n";
show(fn () => new FeedDate\Formatter('feed', ['precision' => 4]));
show(fn () => new FeedDate\Formatter('feed', ['precision' => PHP_INT_MAX]));
show(fn () => new FeedDate\Formatter('feed', ['just_now_ms' => -1]));
show(fn () => new FeedDate\Formatter('feed', ['weekday_window_days' => 7]));
show(fn () => new FeedDate\Formatter('feed', ['tz' => 'Asia/Nowhere']));
show(fn () => new FeedDate\Formatter('feed', ['locale' => 'xx-!!']));
show(fn () => new FeedDate\Formatter('feed', ['yesterday_text' => '']));
show(fn () => new FeedDate\Formatter('feed', ['yesterday_text' => "a\tb"]));
echo "-- names the binding maps\n";
show(fn () => new FeedDate\Formatter('weekly'));
show(fn () => new FeedDate\Formatter('feed', ['hour_cycle' => 'h25']));
show(fn () => new FeedDate\Formatter('feed', ['width' => 'wide']));
show(fn () => new FeedDate\Formatter('feed', ['max_unit' => 'decade']));
show(fn () => new FeedDate\Formatter('feed', ['timeZone' => 'UTC']));
show(fn () => new FeedDate\Formatter('feed', [0 => 'UTC']));
show(fn () => new FeedDate\Formatter('feed', ['locale' => "en\0US"]));
echo "-- PHP types\n";
show(fn () => new FeedDate\Formatter('feed', ['spoken' => 1]));
show(fn () => new FeedDate\Formatter('feed', ['precision' => '2']));
show(fn () => new FeedDate\Formatter('feed', ['precision' => 2.0]));
show(fn () => new FeedDate\Formatter('feed', ['tz' => 8]));
show(fn () => new FeedDate\Formatter('feed', ['hour_cycle' => null]));
show(fn () => new FeedDate\Formatter('feed', 'UTC'));
show(fn () => new FeedDate\Formatter());
show(fn () => $f->format('2024-03-25'));
show(fn () => $f->format(null));
show(fn () => $f->format(true));
show(fn () => $f->format(1711348200, '1711348200'));
show(fn () => $f->format(new stdClass()));
show(fn () => $f->formatMany([1, 'x']));
show(fn () => $f->formatMany(['a' => 1, 'b' => [2]]));
show(fn () => $f->formatMany(1));
show(fn () => $f->schedule(1, 2, 'x'));
echo "-- values\n";
show(fn () => $f->format(1e12, 0));
show(fn () => $f->formatMany([1, 2, 1e12], 0));
show(fn () => $f->schedule(1, 2, -1));
show(fn () => $f->schedule(1, 2, FeedDate\MAX_HORIZON_MS + 1));
show(fn () => $f->schedule(1, 2, null, 0));
show(fn () => $f->schedule(1, 2, null, -5));
show(fn () => $f->schedule(1, 2, null, PHP_INT_MIN));
show(fn () => $f->schedule(1, 2, null, FeedDate\MAX_ENTRIES + 1));
echo "-- the objects\n";
show(fn () => clone $f);
show(fn () => serialize($f));
show(fn () => $f->__construct('relative'));
show(fn () => $f->locale = 'de_DE');
show(fn () => $f->extra = 1);
show(fn () => (new ReflectionClass(FeedDate\Formatter::class))->newInstanceWithoutConstructor()->format(0));
show(fn () => (new ReflectionClass(FeedDate\Schedule::class))->newInstanceWithoutConstructor()->toJson());
var_dump((new ReflectionClass(FeedDate\Exception::class))->isFinal(), new FeedDate\Exception('x') instanceof Exception);
echo $f->format(1711348200, 1711348260), "\n";
?>
--EXPECT--
-- options: the library's messages
FeedDate\Exception 1=1: precision 4 is out of range 0..3
FeedDate\Exception 1=1: precision 2147483647 is out of range 0..3
FeedDate\Exception 1=1: just_now_ms -1 is out of range 0..86400000
FeedDate\Exception 1=1: weekday_window_days 7 is out of range 1..6
FeedDate\Exception 3=3: unknown time zone "Asia/Nowhere": pass an IANA zone id like "Asia/Shanghai"
FeedDate\Exception 2=2: malformed locale id "xx-!!": pass an ICU id like "zh_CN" or a BCP 47 tag like "zh-Hans-CN"
FeedDate\Exception 1=1: yesterday_text is 0 bytes of UTF-8: pass 1..64 bytes (or NULL for the locale's word)
FeedDate\Exception 1=1: yesterday_text contains the control character U+9: pass text without control characters (category Cc)
-- names the binding maps
FeedDate\Exception 1=1: unknown style "weekly": one of feed, feed_detail, chat_list, chat_bubble, relative, compact, countdown
FeedDate\Exception 1=1: unknown hour_cycle "h25": one of locale, h23, h12
FeedDate\Exception 1=1: unknown width "wide": one of long, short, narrow
FeedDate\Exception 1=1: unknown max_unit "decade": one of year, month, week, day, hour, minute, second
FeedDate\Exception 1=1: unknown option "timeZone": the options are locale, tz, hour_cycle, width, recent_relative, just_now_ms, skew_tolerance_ms, cross_year_grace_days, weekday_window_days, precision, countdown_days, plain_spaces, spoken, overtime, max_unit, just_now_text, yesterday_text, day_before_yesterday_text, tomorrow_text
FeedDate\Exception 1=1: unknown option 0: the options are locale, tz, hour_cycle, width, recent_relative, just_now_ms, skew_tolerance_ms, cross_year_grace_days, weekday_window_days, precision, countdown_days, plain_spaces, spoken, overtime, max_unit, just_now_text, yesterday_text, day_before_yesterday_text, tomorrow_text
FeedDate\Exception 1=1: locale "en\x00US" contains a NUL character, which no C string carries
-- PHP types
TypeError: FeedDate\Formatter::__construct(): Argument #2 ($options) option "spoken" must be of type bool, int given
TypeError: FeedDate\Formatter::__construct(): Argument #2 ($options) option "precision" must be of type int, string given
TypeError: FeedDate\Formatter::__construct(): Argument #2 ($options) option "precision" must be of type int, float given
TypeError: FeedDate\Formatter::__construct(): Argument #2 ($options) option "tz" must be of type DateTimeZone|string|null, int given
TypeError: FeedDate\Formatter::__construct(): Argument #2 ($options) option "hour_cycle" must be of type string, null given
TypeError: FeedDate\Formatter::__construct(): Argument #2 ($options) must be of type array, string given
ArgumentCountError: FeedDate\Formatter::__construct() expects at least 1 argument, 0 given
TypeError: FeedDate\Formatter::format(): Argument #1 ($t) must be of type DateTimeInterface|int|float, string given
TypeError: FeedDate\Formatter::format(): Argument #1 ($t) must be of type DateTimeInterface|int|float, null given
TypeError: FeedDate\Formatter::format(): Argument #1 ($t) must be of type DateTimeInterface|int|float, bool given
TypeError: FeedDate\Formatter::format(): Argument #2 ($now) must be of type DateTimeInterface|int|float, string given
TypeError: FeedDate\Formatter::format(): Argument #1 ($t) must be of type DateTimeInterface|int|float, stdClass given
TypeError: FeedDate\Formatter::formatMany(): Argument #1 ($ts) must hold DateTimeInterface|int|float values, string given at key 1
TypeError: FeedDate\Formatter::formatMany(): Argument #1 ($ts) must hold DateTimeInterface|int|float values, array given at key "b"
TypeError: FeedDate\Formatter::formatMany(): Argument #1 ($ts) must be of type array, int given
TypeError: FeedDate\Formatter::schedule(): Argument #3 ($horizonMs) must be of type ?int, string given
-- values
FeedDate\Exception 4=4: instant 1000000000000000 ms is outside the supported range -62135596800000...253402300799999 ms (0001-01-01T00:00:00Z ... 9999-12-31T23:59:59.999Z)
FeedDate\Exception 4=4: instant 1000000000000000 ms is outside the supported range -62135596800000...253402300799999 ms (0001-01-01T00:00:00Z ... 9999-12-31T23:59:59.999Z)
FeedDate\Exception 1=1: horizon -1 ms is out of range 0...31622400000 (366 days)
FeedDate\Exception 1=1: horizon 31622400001 ms is out of range 0...31622400000 (366 days)
FeedDate\Exception 1=1: max_entries 0 is out of range 1...100000
FeedDate\Exception 1=1: max_entries -5 is out of range 1...100000
FeedDate\Exception 1=1: max_entries -9223372036854775808 is out of range 1...100000
FeedDate\Exception 1=1: max_entries 100001 is out of range 1...100000
-- the objects
Error: Trying to clone an uncloneable object of class FeedDate\Formatter
Exception: Serialization of 'FeedDate\Formatter' is not allowed
Error: FeedDate\Formatter is immutable: it cannot be constructed again
Error: Cannot modify readonly property FeedDate\Formatter::$locale
Error: Cannot create dynamic property FeedDate\Formatter::$extra
ReflectionException: Class FeedDate\Formatter is an internal class marked as final that cannot be instantiated without invoking its constructor
ReflectionException: Class FeedDate\Schedule is an internal class marked as final that cannot be instantiated without invoking its constructor
bool(true)
bool(true)
6:30 AM
