"""Worker processes forked while threads are inside the library can use it.

multiprocessing with the 'fork' start method (the default on Linux before
Python 3.14; also what gunicorn, uwsgi and Celery's prefork pool do) forks
the parent as it is: here while threads run format_many over dates before
1900 (ICU, behind the library's locks) and recent ones (lock-free tables).
Every task must come back, right, within the timeout.
"""

from __future__ import annotations

import multiprocessing
import threading
from datetime import datetime, timedelta, timezone
from typing import List, Tuple

import feeddate
import pytest

CST = timezone(timedelta(hours=8))
NOW = datetime(2024, 3, 25, 14, 30, tzinfo=CST)
OLD = datetime(1850, 1, 1, tzinfo=timezone.utc)
RECENT = NOW - timedelta(hours=3)
LOCALES = ["zh_CN", "de_DE", "fr_FR", "ja_JP", "ar_EG", "ru_RU", "es_ES", "ko_KR"]
TASKS = 16
TIMEOUT_S = 60

# Made before the pool forks: its workers inherit it.
SHARED = feeddate.Formatter("feed", locale="zh_CN", tz="Asia/Shanghai")


def _task(i: int) -> Tuple[int, str, List[str]]:
    """In a forked worker: a new formatter's labels and the inherited one's."""
    f = feeddate.Formatter("chat_bubble", locale=LOCALES[i % len(LOCALES)], tz="Europe/Berlin")
    return i, f.format(OLD, NOW), [SHARED.format(RECENT, NOW), SHARED.format(OLD, NOW)]


# Python 3.12+ warns that forking a process with threads may deadlock the
# child: exactly what this test shows the library does not do.
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_forked_pool_workers_label_while_threads_format() -> None:
    expected = {
        i: (
            i,
            feeddate.Formatter("chat_bubble", locale=LOCALES[i % len(LOCALES)], tz="Europe/Berlin").format(OLD, NOW),
            [SHARED.format(RECENT, NOW), SHARED.format(OLD, NOW)],
        )
        for i in range(TASKS)
    }
    busy = [OLD - timedelta(days=37 * k) for k in range(64)] + [NOW - timedelta(minutes=7 * k) for k in range(64)]
    stop = threading.Event()
    rounds = [0, 0, 0, 0]

    def hammer(k: int) -> None:
        # Its own formatters too: new ones keep opening ICU data.
        own = feeddate.Formatter("feed", locale=LOCALES[k], tz="Asia/Tokyo")
        while not stop.is_set():
            SHARED.format_many(busy, NOW)
            own.format_many(busy, NOW)
            rounds[k] += 1
            if rounds[k] % 16 == 0:
                own = feeddate.Formatter("feed", locale=LOCALES[(k + rounds[k]) % len(LOCALES)], tz="Asia/Tokyo")

    threads = [threading.Thread(target=hammer, args=(k,), daemon=True) for k in range(4)]
    for thread in threads:
        thread.start()
    # One task per worker, so that every task runs in a process forked while the threads run.
    pool = multiprocessing.get_context("fork").Pool(4, maxtasksperchild=1)
    try:
        results = pool.map_async(_task, range(TASKS), chunksize=1).get(timeout=TIMEOUT_S)
        pool.close()
    except multiprocessing.TimeoutError:
        pytest.fail(f"the forked workers did not finish {TASKS} tasks in {TIMEOUT_S} s: a child hung or died")
    finally:
        pool.terminate()
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in threads)
    assert all(r > 0 for r in rounds), rounds
    assert {r[0]: r for r in results} == expected
