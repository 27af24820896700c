"""One Formatter shared by 8 threads gives every thread the single-threaded labels."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone
from typing import List

import feeddate

CST = timezone(timedelta(hours=8))
NOW = datetime(2024, 3, 25, 14, 30, tzinfo=CST)
# Instants from 1 s to about 3 years back, so that every branch of the style shows up.
INSTANTS = [NOW - timedelta(seconds=int(1.37**k)) for k in range(1, 60)]


def test_eight_threads_share_one_formatter() -> None:
    f = feeddate.Formatter("chat_bubble", locale="zh_CN", tz="Asia/Shanghai")
    expected = [f.label(t, NOW) for t in INSTANTS]
    expected_many = f.format_many(INSTANTS, NOW)
    assert len(set(label.text for label in expected)) > 5
    failures: List[str] = []
    start = threading.Barrier(8)

    def work(seed: int) -> None:
        start.wait()
        for round_ in range(60):
            order = INSTANTS[seed + round_ :] + INSTANTS[: seed + round_]  # threads interleave differently
            got = {t: f.label(t, NOW) for t in order}
            for t, want in zip(INSTANTS, expected):
                if got[t] != want or f.format(t, NOW) != want.text:
                    failures.append(f"thread {seed}: {t} gave {got[t]} instead of {want}")
            if f.format_many(INSTANTS, NOW) != expected_many:
                failures.append(f"thread {seed}: format_many differs")

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    assert failures == []
