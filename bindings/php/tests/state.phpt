--TEST--
A Formatter kept in a static is immutable and shares nothing; labels, schedules and errors leave no state behind
--FILE--
<?php
final class Labels
{
    public static function feed(): FeedDate\Formatter
    {
        static $f = null;
        return $f ??= new FeedDate\Formatter('feed', ['locale' => 'en_US', 'tz' => 'America/New_York', 'recent_relative' => true]);
    }
}
$a = Labels::feed();
$b = Labels::feed();
var_dump($a === $b, $a->style, $a->locale, $a->tz);
echo $a->format(1711348170, 1711348200), "\n";
// An error on one formatter changes nothing on another, nor on the next call.
try { new FeedDate\Formatter('feed', ['tz' => 'Nowhere/Else']); } catch (FeedDate\Exception $e) { echo $e->getMessage(), "\n"; }
try { $a->format(1e15, 0); } catch (FeedDate\Exception $e) { echo $e->getStatus(), "\n"; }
echo $a->format(1711348170, 1711348200), "\n";
// A schedule keeps its formatter alive; the formatter gives the same texts after.
$s = (new FeedDate\Formatter('relative', ['locale' => 'de_DE', 'tz' => 'Europe/Berlin']))->schedule(1711348170, 1711348200, 120000);
gc_collect_cycles();
echo $s->toJson(), "\n", count($s->entries), ' ', $s->entries[0]->text, "\n";
// Formatters made and dropped by the thousand: nothing kept (memory back where it was).
$before = memory_get_usage();
for ($i = 0; $i < 2000; $i++) {
    $f = new FeedDate\Formatter('chat_bubble', ['locale' => $i % 2 ? 'ja_JP' : 'fr_FR', 'tz' => 'Asia/Tokyo']);
    $f->label($i * 86400, 1711348200);
    $f->schedule($i * 86400, 1711348200);
    $f->html($i * 86400, 1711348200, true);
    $f->formatMany(range(0, 9), 1711348200);
}
unset($f);
echo memory_get_usage() - $before < 4096 ? "memory back\n" : "memory grew by " . (memory_get_usage() - $before) . "\n";
?>
--EXPECT--
bool(true)
string(4) "feed"
string(5) "en_US"
string(16) "America/New_York"
Just now
unknown time zone "Nowhere/Else": pass an IANA zone id like "Asia/Shanghai"
4
Just now
{"v":1,"now":1711348200000,"labels":[["Gerade eben",0],["Vor 1 Minute",30000],["Vor 2 Minuten",60000]],"until":1711348350000}
3 Gerade eben
memory back
