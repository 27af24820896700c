"""Test of python3-feeddate (autopkgtest python-import and the build-time check of
debian/rules): the module imports, loads the system's libfeeddate.so.1 and gives
the right label. Same case as label.c: a chat list in Shanghai on Monday
2024-03-25 12:00 (+08:00) shows Sunday 09:00 as "昨天" until the next midnight."""

import sys
from datetime import datetime, timedelta, timezone

import feeddate
import feeddate._ffi as ffi

CST = timezone(timedelta(hours=8))
now = datetime(2024, 3, 25, 12, 0, tzinfo=CST)
t = datetime(2024, 3, 24, 9, 0, tzinfo=CST)


def check(cond, what):
    if not cond:
        sys.exit(f"label.py: FAIL: {what}")


check(
    ffi.library_path == "libfeeddate.so.1",
    f"loaded {ffi.library_path}, not the system's libfeeddate.so.1 (package libfeeddate1)",
)
# ICU 78.3 is inside the library (SPEC section 13): no libicu* is mapped.
check(feeddate.icu_version() == "78.3", f"ICU {feeddate.icu_version()}, expected 78.3 (inside libfeeddate.so.1)")
fmt = feeddate.Formatter("chat_list", locale="zh_CN", tz="Asia/Shanghai")
text = fmt.format(t, now=now)
label = fmt.label(t, now=now)
print(
    f"label.py: {text!r} next change {label.next_change} (feeddate {feeddate.__version__}, {fmt.tz}, {fmt.tz_source})"
)
check(text == "昨天", f"label {text!r}, expected '昨天'")
check(label.day_part == "昨天" and label.time_part == "", "day/time parts")
check(label.next_change == datetime(2024, 3, 26, 0, 0, tzinfo=CST), "next change")
check(fmt.format(t, now=label.next_change) == "星期日", "label after the next change")
icu = sorted({line.split()[-1] for line in open("/proc/self/maps") if "/libicu" in line})
check(not icu, f"a system ICU is mapped: {icu}")
print(f"label.py: ok (ICU {feeddate.icu_version()} inside libfeeddate.so.1, no libicu mapped)")
