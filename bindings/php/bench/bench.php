<?php
// make bench-php (issue 41 item 5): feeddate's format and formatMany against what a PHP backend
// uses instead, per label, on the same instants: Carbon's diffForHumans (Debian's
// php-nesbot-carbon; "5 minutes ago", relative to Carbon::now(), set with setTestNow) against
// RELATIVE, and IntlDateFormatter (php8.2-intl; a date and a time, MEDIUM/SHORT) against
// FEED_DETAIL, in en_US and zh_CN. Each round runs every contender once over the whole set, in an
// order that alternates between rounds; the figures are medians of the rounds, in ns per label.
// Carbon and IntlDateFormatter get what they are usually given (Carbon objects, int seconds),
// feeddate int seconds (and, a row apart, Carbon objects: any DateTimeInterface).
//   php -d extension=.../feeddate.so bench.php [out.json]
// BENCH_ROUNDS (21) and BENCH_N (2,000 instants) change the size.

require '/usr/share/php/Carbon/autoload.php';

use Carbon\Carbon;
use FeedDate\Formatter;

$rounds = (int)(getenv('BENCH_ROUNDS') ?: 21);
$n = (int)(getenv('BENCH_N') ?: 2000);
$now = 1711348200; // 2024-03-25T06:30:00Z
// The mix: instants from a few seconds to 400 days before now, spread as a feed's are.
mt_srand(41);
$ts = [];
for ($i = 0; $i < $n; $i++) {
    $ts[] = $now - (int)round(exp(mt_rand(0, 1000000) / 1000000 * log(400 * 86400)));
}

$results = [];
foreach (['en_US' => 'America/New_York', 'zh_CN' => 'Asia/Shanghai'] as $locale => $zone) {
    $relative = new Formatter('relative', ['locale' => $locale, 'tz' => $zone]);
    $detail = new Formatter('feed_detail', ['locale' => $locale, 'tz' => $zone]);
    $intl = new IntlDateFormatter($locale, IntlDateFormatter::MEDIUM, IntlDateFormatter::SHORT, $zone);
    Carbon::setTestNow(Carbon::createFromTimestamp($now, $zone));
    Carbon::setLocale($locale);
    $carbons = array_map(fn ($t) => Carbon::createFromTimestamp($t, $zone), $ts);
    $sink = 0;
    $contenders = [
        'carbon diffForHumans' => function () use ($carbons, &$sink) {
            foreach ($carbons as $c) $sink += strlen($c->diffForHumans());
        },
        'feeddate format (relative)' => function () use ($relative, $ts, $now, &$sink) {
            foreach ($ts as $t) $sink += strlen($relative->format($t, $now));
        },
        'feeddate format (relative, Carbon in)' => function () use ($relative, $carbons, $now, &$sink) {
            foreach ($carbons as $c) $sink += strlen($relative->format($c, $now));
        },
        'feeddate formatMany (relative)' => function () use ($relative, $ts, $now, &$sink) {
            $sink += count($relative->formatMany($ts, $now));
        },
        'IntlDateFormatter format' => function () use ($intl, $ts, &$sink) {
            foreach ($ts as $t) $sink += strlen($intl->format($t));
        },
        'feeddate format (feed_detail)' => function () use ($detail, $ts, $now, &$sink) {
            foreach ($ts as $t) $sink += strlen($detail->format($t, $now));
        },
        'feeddate formatMany (feed_detail)' => function () use ($detail, $ts, $now, &$sink) {
            $sink += count($detail->formatMany($ts, $now));
        },
    ];
    $samples = [];
    foreach ([$ts[0], $ts[(int)($n / 2)], $ts[$n - 1]] as $t) {
        $samples[] = [Carbon::createFromTimestamp($t, $zone)->diffForHumans(), $relative->format($t, $now),
                      $intl->format($t), $detail->format($t, $now)];
    }
    foreach ($contenders as $f) $f(); // warm up: ICU data, Carbon's translations, opcache-less PHP
    $times = array_fill_keys(array_keys($contenders), []);
    $names = array_keys($contenders);
    for ($r = 0; $r < $rounds; $r++) {
        $order = $r % 2 ? array_reverse($names) : $names;
        foreach ($order as $name) {
            $start = hrtime(true);
            $contenders[$name]();
            $times[$name][] = (hrtime(true) - $start) / $n;
        }
    }
    $median = function (array $xs): float { sort($xs); return $xs[intdiv(count($xs), 2)]; };
    $row = [];
    foreach ($times as $name => $xs) $row[$name] = round($median($xs), 1);
    $row['ratio diffForHumans / format'] = round($row['carbon diffForHumans'] / $row['feeddate format (relative)'], 1);
    $row['ratio diffForHumans / formatMany'] = round($row['carbon diffForHumans'] / $row['feeddate formatMany (relative)'], 1);
    $row['ratio IntlDateFormatter / format'] = round($row['IntlDateFormatter format'] / $row['feeddate format (feed_detail)'], 1);
    $row['ratio IntlDateFormatter / formatMany'] = round($row['IntlDateFormatter format'] / $row['feeddate formatMany (feed_detail)'], 1);
    $row['samples (diffForHumans, relative, IntlDateFormatter, feed_detail)'] = $samples;
    $results[$locale] = $row;
}
Carbon::setTestNow();

$meta = ['php' => PHP_VERSION, 'carbon' => trim((string)shell_exec('dpkg-query -W -f=\$\{Version\} php-nesbot-carbon 2>/dev/null')) ?: '?', 'intl icu' => INTL_ICU_VERSION,
         'feeddate' => FeedDate\version(), 'data' => FeedDate\data_version(), 'instants' => $n, 'rounds' => $rounds,
         'unit' => 'ns per label, median of rounds', 'opcache' => (bool)ini_get('opcache.enable_cli')];
$out = ['meta' => $meta, 'results' => $results];
printf("PHP %s, Carbon %s, intl ICU %s, feeddate %s (%s); %d instants, %d alternating rounds, medians in ns per label\n",
       PHP_VERSION, $meta['carbon'], INTL_ICU_VERSION, $meta['feeddate'], $meta['data'], $n, $rounds);
foreach ($results as $locale => $row) {
    echo "\n$locale\n";
    foreach ($row as $k => $v) {
        if (is_array($v)) {
            foreach ($v as $s) echo '  sample: ', implode(' | ', $s), "\n";
        } else {
            printf("  %-40s %10s\n", $k, str_starts_with($k, 'ratio') ? $v . 'x' : number_format($v, 1));
        }
    }
}
if (isset($argv[1])) {
    @mkdir(dirname($argv[1]), 0777, true);
    file_put_contents($argv[1], json_encode($out, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE) . "\n");
    echo "\nwrote $argv[1]\n";
}
