--TEST--
A page served by php-fpm8.2 (reached with cgi-fcgi) renders a feed with html(), without and with opcache
--FILE--
<?php
// php-fpm8.2 -F with a configuration of this test's own (a unix socket in a temporary folder, one
// worker, no php.ini: -n), the extension given with -d; as root it needs -R. Each page is asked
// for twice: the worker serves both, and the second must be the first byte for byte (no state
// kept between requests).
$ext = getenv('FEEDDATE_PHP_EXT');
if (!$ext || !is_file($ext)) { echo "FEEDDATE_PHP_EXT names no extension\n"; exit(1); }
$fpm = trim((string)shell_exec('command -v php-fpm8.2'));
$cgi = trim((string)shell_exec('command -v cgi-fcgi'));
if ($fpm === '' || $cgi === '') { echo "needs php-fpm8.2 (php8.2-fpm) and cgi-fcgi (libfcgi-bin)\n"; exit(1); }
$dir = sys_get_temp_dir() . '/feeddate-fpm-' . getmypid();
@mkdir($dir, 0700, true);
$page = <<<'PAGE'
<?php
use FeedDate\Formatter;
function feed(): Formatter
{
    static $f = null; // the static-formatter pattern
    return $f ??= new Formatter('chat_list', ['locale' => 'zh_CN', 'tz' => 'Asia/Shanghai']);
}
$now = 1711434600; // 2024-03-26 14:30 in Shanghai
$posts = ['今天' => $now - 3600, '昨天' => 1711348200, '上周' => $now - 5 * 86400, '去年' => 1671000000];
header('Content-Type: text/html; charset=UTF-8');
echo "<!doctype html><ul>\n";
foreach ($posts as $title => $t) {
    echo '<li>', htmlspecialchars($title), ' ', feed()->html($t, $now, $title === '昨天'), "</li>\n";
}
echo "</ul>\n<script>const s = ", feed()->schedule(1711348200, $now)->scriptJson(), ";</script>\n";
echo '<p>opcache ', function_exists('opcache_get_status') && (opcache_get_status(false)['opcache_enabled'] ?? false) ? 'on' : 'off', "</p>\n";
PAGE;
file_put_contents("$dir/page.php", $page);

function serve(string $fpm, string $cgi, string $dir, string $ext, array $ini): array
{
    $conf = "[global]\nerror_log = $dir/fpm.log\ndaemonize = no\n[www]\nlisten = $dir/fpm.sock\n"
          . "pm = static\npm.max_children = 1\ncatch_workers_output = yes\n";
    file_put_contents("$dir/fpm.conf", $conf);
    @unlink("$dir/fpm.sock");
    $cmd = [$fpm, '-n', '-F', '-y', "$dir/fpm.conf", '-d', "extension=$ext", '-d', 'display_errors=stderr'];
    foreach ($ini as $i) array_push($cmd, '-d', $i);
    if (function_exists('posix_getuid') && posix_getuid() === 0) $cmd[] = '-R';
    $p = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => ['file', "$dir/fpm.out", 'w'], 2 => ['file', "$dir/fpm.err", 'w']], $pipes);
    for ($i = 0; $i < 100 && !file_exists("$dir/fpm.sock"); $i++) usleep(50000);
    $pages = [];
    if (file_exists("$dir/fpm.sock")) {
        foreach ([1, 2] as $_) {
            $env = "SCRIPT_FILENAME=$dir/page.php REQUEST_METHOD=GET QUERY_STRING= SERVER_PROTOCOL=HTTP/1.1";
            $pages[] = (string)shell_exec("env -i $env " . escapeshellarg($cgi) . ' -bind -connect ' . escapeshellarg("$dir/fpm.sock") . ' 2>&1');
        }
    } else {
        echo "php-fpm did not start:\n", @file_get_contents("$dir/fpm.err"), @file_get_contents("$dir/fpm.log");
    }
    proc_terminate($p, 15);
    proc_close($p);
    return $pages;
}

// What the page must hold: the same calls in this process.
$f = new FeedDate\Formatter('chat_list', ['locale' => 'zh_CN', 'tz' => 'Asia/Shanghai']);
$now = 1711434600;
$expect = [$f->html(1711348200, $now, true), $f->html($now - 3600, $now), $f->html(1671000000, $now),
           $f->schedule(1711348200, $now)->scriptJson()];
$opcache = ini_get('extension_dir') . '/opcache.so';
foreach (['off' => [], 'on' => ["zend_extension=$opcache", 'opcache.enable=1', 'opcache.enable_cli=1']] as $mode => $ini) {
    $pages = serve($fpm, $cgi, $dir, $ext, $ini);
    if (count($pages) !== 2) { echo "opcache $mode: no page\n"; continue; }
    [$head, $body] = explode("\r\n\r\n", $pages[0], 2) + [1 => ''];
    $ok = str_contains($head, 'Content-Type: text/html; charset=UTF-8') && str_contains($body, '>昨天</feed-date></time>')
       && str_contains($body, "<p>opcache $mode</p>") && $pages[1] === $pages[0];
    foreach ($expect as $e) $ok = $ok && str_contains($body, $e);
    echo "opcache $mode: ", $ok ? "page as expected" : "unexpected page:\n" . $pages[0] . "\n" . @file_get_contents("$dir/fpm.log"), "\n";
}
foreach (glob("$dir/*") as $file) unlink($file);
rmdir($dir);
?>
--EXPECT--
opcache off: page as expected
opcache on: page as expected
