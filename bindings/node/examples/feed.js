// A small feed in Chinese and when to redraw it.
const { Formatter, version, icuVersion } = require('..');

const now = new Date('2024-03-25T06:30:00Z'); // 14:30 in Shanghai
const f = new Formatter({ style: 'feed', locale: 'zh_CN', timeZone: 'Asia/Shanghai' });
console.log(`feeddate ${version} on ICU ${icuVersion}, ${f.locale} ${f.timeZone} (${f.tzSource})`);
const l = f.label(now.getTime() - 20 * 3600e3, now);
console.log(`${l.text} (day part "${l.dayPart}"), changes at ${l.nextChange.toISOString()}`);
const { texts, nextChange } = f.formatMany([now - 90e3, now - 2 * 86400e3, now - 400 * 86400e3], now);
console.log(texts, 'redraw at', nextChange.toISOString());
f.close();
