"""``import feeddate`` and a first label stay cheap: bench/wheel_first_label.py times
them in fresh processes (wheel-check's limit is 50 ms), and modules that cost
milliseconds to import but that no first label needs are imported only when used:
dataclasses (which imports inspect, ~10 ms) not at all, difflib (~5 ms) only for
the "did you mean" of a wrong name."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

SLOW = ("dataclasses", "inspect", "difflib")


def _new_modules(code: str) -> str:
    """What ``code`` printed, run in a fresh interpreter after noting its modules in ``before``."""
    program = "import sys\nbefore = set(sys.modules)\n" + textwrap.dedent(code)
    done = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_first_label_imports_none_of_the_slow_modules() -> None:
    out = _new_modules(f"""
        import feeddate
        f = feeddate.Formatter("chat_list", locale="zh_CN", tz="Asia/Shanghai")
        assert f.format(1711242000, now=1711339200) == "昨天"
        print(sorted(m for m in {SLOW!r} if m in sys.modules and m not in before))
    """)
    assert out == "[]"


def test_a_wrong_name_still_gets_its_suggestion() -> None:
    out = _new_modules("""
        import feeddate
        try:
            feeddate.Formatter("feeed")
        except ValueError as e:
            print(e)
    """)
    assert "did you mean 'feed'?" in out
