--TEST--
DateTimeInterface inputs in several zones (DateTime, DateTimeImmutable, subclasses, Carbon when installed) are their instant
--FILE--
<?php
$f = new FeedDate\Formatter('chat_list', ['locale' => 'zh_CN', 'tz' => 'Asia/Shanghai']);
$t = 1711348200; // 2024-03-25 14:30 in Shanghai
$now = 1711434600; // a day later
$expect = $f->format($t, $now);
echo $expect, "\n";
$bad = 0;
foreach (['UTC', 'Asia/Shanghai', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'America/St_Johns', '+05:45', '-09:30'] as $zone) {
    $z = new DateTimeZone($zone);
    foreach ([DateTime::class, DateTimeImmutable::class] as $class) {
        $a = (new $class("@$t"))->setTimezone($z);
        $b = (new $class("@$now"))->setTimezone($z);
        if ($f->format($a, $b) !== $expect) { $bad++; echo "$class $zone: ", $f->format($a, $b), "\n"; }
        if ($f->label($a, $now)->nextChangeMs !== $f->label($t, $now)->nextChangeMs) { $bad++; echo "$class $zone: next change\n"; }
    }
    // A wall time in that zone, microseconds included: floored to the millisecond.
    $d = new DateTimeImmutable('2024-03-25 14:30:00.999999', new DateTimeZone('Asia/Shanghai'));
    if ($f->schedule(0, $d->setTimezone($z), 0)->nowMs !== 1711348200999) { $bad++; echo "$zone: microseconds\n"; }
}
// A DateTime changed after it was made (modify, setTime, setTimestamp) is read as it is now.
$d = new DateTime('2024-03-25 00:00', new DateTimeZone('Europe/Paris'));
$d->modify('+14 hours 30 minutes')->setTimezone(new DateTimeZone('Asia/Tokyo'));
$d->setTimestamp($t);
echo $f->format($d, $now), "\n";
// Before 1970: seconds floor, microseconds count up.
$old = new DateTimeImmutable('1969-12-31 23:59:59.250000', new DateTimeZone('UTC'));
echo $f->schedule(0, $old, 0)->nowMs, "\n";
// A subclass is a DateTimeInterface too.
class MyDate extends DateTimeImmutable {}
echo $f->format(new MyDate("@$t"), new MyDate("@$now")), "\n";
// Carbon (php-nesbot-carbon) when it is installed: its objects and its timestamp.
$carbon = '/usr/share/php/Carbon/autoload.php';
if (is_file($carbon)) {
    require $carbon;
    $c = Carbon\Carbon::createFromTimestamp($t, 'America/Los_Angeles');
    $ok = $f->format($c, Carbon\CarbonImmutable::createFromTimestamp($now, 'Asia/Tokyo')) === $expect
       && $f->format($c->timestamp, $now) === $expect;
    if (!$ok) { $bad++; echo "Carbon\n"; }
}
// nextChange is a DateTimeImmutable in UTC at that instant.
$l = $f->label($t, $now);
echo $l->nextChange->format(DATE_RFC3339_EXTENDED), ' ', $l->nextChangeMs, "\n";
echo $bad === 0 ? "ok\n" : "$bad differences\n";
?>
--EXPECT--
昨天
昨天
-750
昨天
2024-03-26T16:00:00.000+00:00 1711468800000
ok
