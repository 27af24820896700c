"""Host defaults (SPEC 1-2): only locale=None means the host's locale, and an
explicit locale without data is an error, never the host's language. Each case
runs in a child process with the environment set (ICU reads it once)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Dict

import pytest

_PROBE = """
import json, feeddate
out = {}
try:
    f = feeddate.Formatter("feed", locale=%r, tz="UTC")
    out["locale"] = f.locale
except feeddate.Error as e:
    out["error"] = type(e).__name__
    out["message"] = str(e)
print(json.dumps(out))
"""


def _probe(locale: "str | None", **env: str) -> Dict[str, str]:
    child_env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    child_env.update(env, PYTHONPATH=os.pathsep.join(sys.path))
    result = subprocess.run(
        [sys.executable, "-c", _PROBE % (locale,)], capture_output=True, text=True, env=child_env, timeout=60
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.mark.parametrize(
    "env", [{"LANG": "de_DE.UTF-8"}, {"LC_ALL": "de_DE.UTF-8"}, {"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"}]
)
def test_locale_none_is_the_hosts(env: Dict[str, str]) -> None:
    assert _probe(None, **env) == {"locale": "de_DE"}


@pytest.mark.parametrize("env", [{"LANG": "de_DE.UTF-8"}, {"LC_ALL": "de_DE.UTF-8"}])
def test_a_locale_without_data_is_an_error_naming_it_never_the_hosts(env: Dict[str, str]) -> None:
    out = _probe("tlh", **env)
    assert out["error"] == "LocaleError"
    assert '"tlh"' in out["message"] and "de_DE" not in out["message"] and "German" not in out["message"]


def test_a_list_falls_to_its_next_entry_not_to_the_host() -> None:
    assert _probe("tlh, fr-CA;q=0.9", LANG="de_DE.UTF-8") == {"locale": "fr_CA"}
