"""The one table of options (feeddate._options.OPTIONS) and what is made from it."""

from __future__ import annotations

import argparse
import ctypes
import inspect
from typing import Any, Dict, Set

import feeddate
import pytest
from feeddate import _ffi, _options, cli
from feeddate._options import OPTIONS


def test_options_cover_every_field_of_the_struct() -> None:
    fields = [name for name, _ in _ffi.fd_options._fields_ if name != "size"]
    assert [option.c_field for option in OPTIONS] == fields
    assert len({option.name for option in OPTIONS}) == len(OPTIONS)
    for option in OPTIONS:
        assert option.kind in (_options.ENUM, _options.FLAG, _options.INT, _options.ID, _options.TEXT)
        assert (option.choices is not None) == (option.kind == _options.ENUM), option.name
        assert option.help, option.name


def test_formatter_signature_is_the_table() -> None:
    params = list(inspect.signature(feeddate.Formatter.__init__).parameters.values())[1:]  # without self
    style, keywords, clock = params[0], params[1:-1], params[-1]
    assert (style.name, style.kind, style.default) == ("style", style.POSITIONAL_OR_KEYWORD, style.empty)
    assert [(p.name, p.kind, p.default) for p in keywords] == [
        (option.name, inspect.Parameter.KEYWORD_ONLY, option.default) for option in OPTIONS[1:]
    ]
    assert (clock.name, clock.default) == ("clock", None)


def test_formatter_docstring_lists_every_option() -> None:
    doc = feeddate.Formatter.__doc__ or ""
    for option in OPTIONS:
        assert f"``{option.name}``: {option.help}" in doc


@pytest.mark.parametrize("style", list(feeddate.STYLES))
def test_table_defaults_are_the_library_defaults(style: str) -> None:
    opts = _ffi.fd_options()
    assert _ffi.fd_options_init_sized(ctypes.byref(opts), ctypes.sizeof(opts), feeddate.STYLES[style]) == 0
    for option in OPTIONS[1:]:
        assert getattr(opts, option.c_field) == option.convert(option.default), option.name


def _flags(parser: argparse.ArgumentParser) -> Set[str]:
    return {flag for action in parser._actions for flag in action.option_strings}


def _subparsers(parser: argparse.ArgumentParser) -> Dict[str, argparse.ArgumentParser]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_command_flags_are_exactly_the_table() -> None:
    commands = _subparsers(cli.build_parser())
    not_options = {"-h", "--help", "--now", "--json"}
    assert _flags(commands["format"]) - not_options == {option.flag for option in OPTIONS}
    assert _flags(commands["demo"]) - not_options == {option.flag for option in OPTIONS[1:]}  # all styles shown
    assert "--json" in _flags(commands["format"]) and "--now" in _flags(commands["demo"])


def test_command_defaults_are_formatter_defaults() -> None:
    args = cli.build_parser().parse_args(["format"])
    for option in OPTIONS:
        assert getattr(args, option.name) == option.default, option.name


def test_command_enum_flags_ignore_case() -> None:
    args = cli.build_parser().parse_args(["format", "--style", "FEED", "--hour-cycle", "H12", "--width", "Short"])
    assert (args.style, args.hour_cycle, args.width) == ("feed", "h12", "short")


@pytest.mark.parametrize(
    "name, value",
    [("precision", 2**31), ("precision", -(2**31) - 1), ("just_now_ms", 2**63)],
)
def test_values_that_do_not_fit_the_c_field_are_refused_not_wrapped(name: str, value: int) -> None:
    with pytest.raises(feeddate.ArgumentError, match=f"{name}={value}: does not fit"):
        feeddate.Formatter("countdown", locale="en_US", tz="UTC", **{name: value})


def test_no_range_is_checked_in_python() -> None:
    # Any value that fits the C field reaches the library, which says what is wrong.
    opts: Any = _options.fill("countdown", {"precision": 99, "weekday_window_days": -5})
    assert (opts.precision, opts.weekday_window_days) == (99, -5)
