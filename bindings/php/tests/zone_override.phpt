--TEST--
A DateTimeZone subclass's getName() never runs while the options are read: an override that reassigns a referenced option cannot free a string the formatter is about to read
--FILE--
<?php
$locale = str_repeat('zh_', 1) . 'CN'; // not interned: freed when reassigned
$zone = new class('Asia/Shanghai') extends DateTimeZone {
    public function getName(): string
    {
        global $locale;
        $locale = str_repeat('x', 3);
        return 'Europe/Paris';
    }
};
$options = ['locale' => &$locale, 'tz' => $zone];
$f = new FeedDate\Formatter('chat_list', $options);
var_dump($f->locale, $f->tz, $locale);
echo $f->format(1711348200, 1711434600), "\n";
?>
--EXPECT--
string(5) "zh_CN"
string(13) "Asia/Shanghai"
string(5) "zh_CN"
昨天
