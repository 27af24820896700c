"""Shared helpers for the feeddate binding tests.

The suite needs the real library: when it cannot be loaded, importing feeddate
fails and so does every test (no skips). `make test-python` points
FEEDDATE_LIBRARY at build/lib/libfeeddate.so.1.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Dict, List, Tuple

import feeddate

REPO = Path(__file__).resolve().parents[3]
HEADER = REPO / "include" / "feeddate.h"
VECTORS = REPO / "Tests" / "vectors" / "core.jsonl"
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def load_vectors() -> List[Dict[str, Any]]:
    with VECTORS.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def at(ms: int) -> datetime:
    """The aware UTC datetime of an epoch-millisecond instant (exact)."""
    return EPOCH + timedelta(milliseconds=ms)


_formatters: Dict[Tuple[str, str], feeddate.Formatter] = {}


def formatter_for(style: str, options: Dict[str, Any]) -> feeddate.Formatter:
    """One Formatter per vector configuration (creating one opens ICU data)."""
    key = (style, json.dumps(options, sort_keys=True))
    if key not in _formatters:
        _formatters[key] = feeddate.Formatter(style, **options)
    return _formatters[key]
