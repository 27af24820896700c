"""The ``feeddate`` command (also ``python3 -m feeddate``).

    feeddate format [INSTANT ... | -] [--style S] [--locale L] [--tz Z] [--now T|now] [--json] ...
    feeddate schedule [INSTANT ... | -] [--horizon SECONDS] [--max-entries N] [--style S] [--now T|now] ...
    feeddate demo [--locale L] [--tz Z] [--now T|now]

Without INSTANTs, or where an INSTANT is ``-``, instants are read from
standard input, one per line. ``--now now`` is the clock, as no ``--now``.

Exit status: 0 when every label was printed, 1 when the library refused
something (bad locale or zone, an option out of range, an instant out of
range, an unreadable line on stdin) or the output could not be written (a
full disk: one line on stderr, no traceback), 2 for a wrong command line or
when the library cannot be loaded. A reader that goes away (``| head -1``)
ends the command quietly with 141, as SIGPIPE ends other Unix tools.

Output lines stay aligned with the inputs: an input that cannot be labelled
gives an empty line (its error on stderr) or, with --json, an error object in
its place, and the exit status is 1 at the end. ``feeddate schedule`` prints
the wire form of each input's schedule (SPEC section 11), the library's bytes
as they are, one line each; an input it cannot schedule gets the error object.
"""

from __future__ import annotations

import argparse
import calendar
import json
import os
import re
import sys
import unicodedata
from datetime import datetime, timedelta, timezone, tzinfo
from typing import Any, Callable, Iterable, List, NamedTuple, Optional, Sequence, Tuple

from . import _ffi
from ._errors import Error
from ._formatter import Formatter, Label
from ._instant import Instant, to_datetime, to_ms
from ._options import ENUM, FLAG, ID, INT, OPTIONS, STYLES, TEXT, Option, did_you_mean
from ._schedule import DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES, check_limits
from ._version import __version__

PROG = "feeddate"
EXIT_OK, EXIT_LIBRARY, EXIT_USAGE = 0, 1, 2
EXIT_BROKEN_PIPE = 128 + 13  # what a shell reports for a tool that SIGPIPE ended
STDIN = "-"  # an INSTANT that means: read instants from standard input here

_EPOCH_SECONDS = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)\Z")


def parse_instant(text: str) -> Instant:
    """An instant from the command line: ISO 8601 with an offset or 'Z'
    ("2024-03-25T14:30:00+08:00", "2024-03-25T06:30Z") or epoch seconds
    ("1711348200", "1711348200.5")."""
    text = text.strip()
    if _EPOCH_SECONDS.match(text):
        return float(text) if "." in text else int(text)
    iso = text[:-1] + "+00:00" if text[-1:] in ("Z", "z") else text
    try:
        value = datetime.fromisoformat(iso)
    except ValueError:
        raise ValueError(
            f"{text!r} is not an instant: use ISO 8601 with an offset or Z "
            "(2024-03-25T14:30:00+08:00, 2024-03-25T06:30:00Z) or epoch seconds"
        ) from None
    if value.utcoffset() is None:
        raise ValueError(f"{text!r} has no offset: add one (+08:00) or Z for UTC")
    return value


class Given(NamedTuple):
    """An instant of the command line with the text it was written as (for --json)."""

    text: str
    instant: Instant


def _instant_arg(text: str) -> Instant:
    try:
        return parse_instant(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _given_arg(text: str) -> Given:
    if text == STDIN:
        return Given(text, None)  # type: ignore[arg-type]  # read by _inputs
    return Given(text, _instant_arg(text))


def _seconds_arg(text: str) -> float:
    """--horizon: seconds, an int or a decimal number ("86400", "0.5"); the
    library checks the range."""
    if not _EPOCH_SECONDS.match(text.strip()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds (e.g. 86400, 90.5)")
    return float(text) if "." in text else int(text)


def _now_arg(text: str) -> Optional[Instant]:
    """--now: an instant, or "now" (any case) for the clock, as without --now."""
    if text.strip().lower() == "now":
        return None
    return _instant_arg(text)


class OutputError(Exception):
    """Standard output could not be written (a full disk, a closed pipe):
    ``cause`` is the OSError."""

    def __init__(self, cause: OSError) -> None:
        super().__init__(str(cause))
        self.cause = cause


def emit(text: str) -> None:
    """One line on standard output, at once (stdin's labels stream); a write
    error becomes an :class:`OutputError`."""
    try:
        print(text, flush=True)
    except OSError as exc:
        raise OutputError(exc) from None


def _enum_arg(option: Option) -> Callable[[str], str]:
    """The type of an enum flag: a name in any case, or an error with a "did you mean"."""
    names = list(option.choices or ())

    def convert(text: str) -> str:
        if text.lower() in names:
            return text.lower()
        guess = did_you_mean(text, names)
        hint = f"did you mean {guess!r}? " if guess else ""
        raise argparse.ArgumentTypeError(
            f"invalid choice: {_ffi.quote(text)}: {hint}choose from "
            + ", ".join(repr(n) for n in names)
            + " (any case)"
        )

    convert.__name__ = option.name  # argparse names the type in some messages
    return convert


def _iso(value: Optional[datetime]) -> Optional[str]:
    if value is None:
        return None
    return value.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _label_json(label: Label, given: str) -> str:
    return json.dumps(
        {
            "input": given,
            "text": label.text,
            "next_change": _iso(label.next_change),
            "day_part": label.day_part,
            "time_part": label.time_part,
            "expired": label.expired,
        },
        ensure_ascii=False,
    )


# ---- argument parsing -------------------------------------------------------------


def _add_now(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--now", type=_now_arg, metavar="INSTANT", help="the viewer's current instant; default (or 'now'): the clock"
    )


def _add_option(parser: argparse.ArgumentParser, option: Option) -> None:
    """The flag of one Formatter option (_options.OPTIONS), with Formatter's default.
    Values are passed to Formatter as given (enum names in any case); the library
    checks ranges."""
    if option.kind == FLAG:
        assert option.default is False  # the flag turns it on
        parser.add_argument(option.flag, action="store_true", help=option.help, dest=option.name)
    elif option.kind == ENUM:
        assert option.choices is not None
        parser.add_argument(
            option.flag,
            type=_enum_arg(option),
            default=option.default,
            metavar="{" + ",".join(option.choices) + "}",
            help=f"{option.help} (any case); default: {option.default}",
            dest=option.name,
        )
    elif option.kind == INT:
        parser.add_argument(
            option.flag,
            type=int,
            default=option.default,
            metavar="N",
            help=f"{option.help}; default: {option.default}",
            dest=option.name,
        )
    elif option.kind == TEXT:
        parser.add_argument(option.flag, metavar="TEXT", help=f"{option.help}; default: the locale's", dest=option.name)
    else:
        assert option.kind == ID
        parser.add_argument(
            option.flag, metavar=option.name.upper(), help=f"{option.help}; default: the host's", dest=option.name
        )


class _Parser(argparse.ArgumentParser):
    """argparse's parser, except that a failed write of --help or --version to
    stdout is an :class:`OutputError` (argparse drops it without a word)."""

    def _print_message(self, message: str, file: Any = None) -> None:
        if not message:
            return
        out = file or sys.stderr
        try:
            out.write(message)
            if out is sys.stdout:
                out.flush()
        except OSError as exc:
            if out is sys.stdout:
                raise OutputError(exc) from None
        except AttributeError:  # no stream (pythonw): as argparse does
            pass


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Feed, chat and countdown labels for timestamps, in any locale.",
        epilog="Run 'feeddate COMMAND --help' for a command's options.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"{PROG} {__version__} (library {_ffi.library_version()} at {_ffi.library_path}; "
        f"{_ffi.data_version()})",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    fmt = commands.add_parser(
        "format",
        help="label instants",
        description="Label each INSTANT (ISO 8601 with offset or Z, or epoch seconds). "
        "Without INSTANTs (or for an INSTANT '-'), read one per line from stdin and print each label at once.",
    )
    fmt.add_argument("instants", nargs="*", type=_given_arg, metavar="INSTANT")
    _add_now(fmt)
    for option in OPTIONS:
        _add_option(fmt, option)
    fmt.add_argument(
        "--json",
        action="store_true",
        help="print JSON lines: input, text, next_change, day_part, time_part, expired "
        "(an input that cannot be labelled: input and error)",
    )
    fmt.set_defaults(run=run_format)

    sched = commands.add_parser(
        "schedule",
        help="the labels instants will show from now on, as wire JSON",
        description="For each INSTANT (as for 'format'; none or '-': one per line from stdin, each printed at "
        "once), print its schedule's wire form (SPEC section 11) on one line: "
        '{"v":1,"now":N,"labels":[[text,d0],...],"until":U}, the bytes every client reads. '
        'An input that cannot be scheduled prints an {"input", "error"} object in its place.',
    )
    sched.add_argument("instants", nargs="*", type=_given_arg, metavar="INSTANT")
    _add_now(sched)
    sched.add_argument(
        "--horizon",
        type=_seconds_arg,
        default=int(DEFAULT_HORIZON.total_seconds()),
        metavar="SECONDS",
        help="stop at the first label whose next change is this far after now or later, floored to the "
        f"millisecond (0 .. {timedelta(milliseconds=_ffi.FD_SCHEDULE_MAX_HORIZON_MS).days} days; "
        f"0: one label and its until); default: {int(DEFAULT_HORIZON.total_seconds())}",
    )
    sched.add_argument(
        "--max-entries",
        type=int,
        default=DEFAULT_MAX_ENTRIES,
        metavar="N",
        help=f"at most N labels (1 .. {_ffi.FD_SCHEDULE_MAX_ENTRIES}); default: {DEFAULT_MAX_ENTRIES}",
    )
    for option in OPTIONS:
        _add_option(sched, option)
    sched.set_defaults(run=run_schedule)

    demo = commands.add_parser(
        "demo",
        help="show every style for a ladder of instants before now",
        description="Print every style's label for instants 30 s, 5 min, 3 h, 1, 2 and 5 days, "
        "a month and a year before now (countdowns: that far ahead), with when each label changes next.",
    )
    _add_now(demo)
    for option in OPTIONS[1:]:  # every style is shown
        _add_option(demo, option)
    demo.set_defaults(run=run_demo)
    return parser


def _formatter(args: argparse.Namespace, style: str) -> Formatter:
    """A Formatter with every option of the command line."""
    return Formatter(style, **{option.name: getattr(args, option.name) for option in OPTIONS[1:]})


# ---- feeddate format --------------------------------------------------------------


def run_format(args: argparse.Namespace) -> int:
    formatter = _formatter(args, args.style)

    def line(instant: Instant, text: str) -> str:
        label = formatter.label(instant, args.now)
        return _label_json(label, text) if args.json else label.text

    return _each_input(args.instants, line, args.json)


# ---- feeddate schedule ------------------------------------------------------------


def run_schedule(args: argparse.Namespace) -> int:
    formatter = _formatter(args, args.style)
    # A horizon or max_entries out of range is one error before any input is read.
    horizon, max_entries = check_limits(formatter, args.horizon, args.max_entries)
    horizon_ms = timedelta(milliseconds=horizon)  # exact: the same milliseconds again
    return _each_input(
        args.instants,
        lambda instant, text: formatter.schedule(
            instant, args.now, horizon=horizon_ms, max_entries=max_entries
        ).to_json(),
        True,
    )


def _each_input(instants: Sequence[Given], line: Callable[[Instant, str], str], json_errors: bool) -> int:
    """Writes ``line(instant, text)`` for each input. An input that fails is
    reported on stderr and its output line stays in place (empty, or a JSON
    error object when ``json_errors``), so that line N of the output is input
    N's; the exit status then says so."""
    status = EXIT_OK
    for where, text, instant in _inputs(instants):
        try:
            if instant is None:
                if not text:
                    raise ValueError("an empty line is not an instant")
                instant = parse_instant(text)
            out = line(instant, text)
        except (Error, ValueError) as exc:
            print(f"{PROG}: {where}: {exc}", file=sys.stderr, flush=True)
            emit(json.dumps({"input": text, "error": str(exc)}, ensure_ascii=False) if json_errors else "")
            status = EXIT_LIBRARY
            continue
        emit(out)
    return status


def _inputs(instants: Sequence[Given]) -> Iterable[Tuple[str, str, Optional[Instant]]]:
    """(where, text, instant): the command line's instants (parsed), and for none
    or for each ``-`` among them stdin's lines (instant None: parsed by the
    caller), every line, so outputs stay aligned."""
    for i, given in enumerate(instants or [Given(STDIN, None)], 1):  # type: ignore[arg-type]
        if given.text != STDIN:
            yield f"instant {i}", given.text, given.instant
            continue
        for number, line in enumerate(iter(sys.stdin.readline, ""), 1):
            yield f"stdin line {number}", line.strip(), None


# ---- feeddate demo ----------------------------------------------------------------

#: (row name, countdown row name, unit, amount before now): "days" and "months"
#: are calendar steps on the viewer's wall clock, "seconds" elapsed time.
LADDER: List[Tuple[str, str, str, int]] = [
    ("30 s ago", "in 30 s", "seconds", 30),
    ("5 min ago", "in 5 min", "seconds", 300),
    ("3 h ago", "in 3 h", "seconds", 3 * 3600),
    ("yesterday", "tomorrow", "days", 1),
    ("2 days ago", "in 2 days", "days", 2),
    ("5 days ago", "in 5 days", "days", 5),
    ("last month", "next month", "months", 1),
    ("last year", "next year", "months", 12),
]


def _zone(name: str) -> tzinfo:
    """The viewer's zone for wall-clock steps and display (UTC when Python has no tz data)."""
    try:
        from zoneinfo import ZoneInfo

        return ZoneInfo(name)
    except Exception:  # no tz database for Python, or a zone only ICU knows
        return timezone.utc


def _step(now: datetime, zone: tzinfo, unit: str, amount: int) -> datetime:
    """now moved ``amount`` units back (negative: ahead) on the wall clock of ``zone``."""
    if unit == "seconds":
        return now - timedelta(seconds=amount)
    local = now.astimezone(zone)
    if unit == "days":
        wall = local.replace(tzinfo=None) - timedelta(days=amount)
    else:
        year, month0 = divmod(local.year * 12 + local.month - 1 - amount, 12)
        day = min(local.day, calendar.monthrange(year, month0 + 1)[1])
        wall = local.replace(tzinfo=None, year=year, month=month0 + 1, day=day)
    return wall.replace(tzinfo=zone).astimezone(timezone.utc)


def _width(text: str) -> int:
    """Terminal columns of text: wide East Asian characters take two, marks none."""
    return sum(
        0 if unicodedata.category(c) in ("Mn", "Me", "Cf") else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in text
    )


def _pad(text: str, columns: int) -> str:
    return text + " " * max(0, columns - _width(text))


def _wall(value: datetime) -> str:
    """Local date and time, with milliseconds only when there are some."""
    millis = value.microsecond // 1000
    return f"{value:%Y-%m-%d %H:%M:%S}" + (f".{millis:03d}" if millis else "")


def _in(delta: timedelta) -> str:
    seconds = int(delta.total_seconds())
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = [f"{v}{u}" for v, u in ((days, "d"), (hours, "h"), (minutes, "m"), (seconds, "s")) if v]
    return "in " + (" ".join(parts[:2]) if parts else f"{delta.total_seconds() * 1000:.0f}ms")


def run_demo(args: argparse.Namespace) -> int:
    formatters = {style: _formatter(args, style) for style in STYLES}
    first = formatters["feed"]
    zone = _zone(first.tz)
    now = to_datetime(to_ms(args.now)) if args.now is not None else datetime.now(timezone.utc)
    emit(f"{PROG} demo: locale {first.locale}, zone {first.tz} ({first.tz_source})")
    emit(f"now: {now.astimezone(zone):%Y-%m-%d %H:%M:%S %Z} ({_iso(now)})")
    rows: List[Tuple[str, str, str]] = []
    for style, formatter in formatters.items():
        ahead = style == "countdown"  # a countdown's t is a deadline: put it ahead of now
        rows.append(("", "", ""))
        rows.append((style + (" (deadlines ahead)" if ahead else ""), "", ""))
        for before, after, unit, amount in LADDER:
            row = "  " + (after if ahead else before)
            try:
                t = _step(now, zone, unit, -amount if ahead else amount)
            except (ValueError, OverflowError):  # before year 1 or after 9999
                rows.append((row, "-", "outside the supported range"))
                continue
            label = formatter.label(t, now)
            change = label.next_change
            when = (
                "never changes" if change is None else f"changes {_wall(change.astimezone(zone))} ({_in(change - now)})"
            )
            rows.append((row, label.text, when))
    first_col = max(_width(r[0]) for r in rows) + 2
    second_col = max(_width(r[1]) for r in rows) + 2
    for name, text, when in rows:
        emit((_pad(name, first_col) + _pad(text, second_col) + when).rstrip() if text else name)
    return EXIT_OK


# ---- entry point ------------------------------------------------------------------


def _run(argv: Optional[Sequence[str]]) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    try:
        return int(args.run(args))
    except Error as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return EXIT_LIBRARY


def _flush() -> None:
    """What is left in stdout's buffer, written now (so that a write error is
    seen here, not when the interpreter exits)."""
    try:
        sys.stdout.flush()
    except OSError as exc:
        raise OutputError(exc) from None


def _drop_output() -> None:
    """Standard output pointed at /dev/null, so that the interpreter's last flush
    of what could not be written fails no more (no "Exception ignored", no 120)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no file descriptor behind sys.stdout
        pass


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the command; returns the exit status."""
    try:
        try:
            status = _run(argv)
        except SystemExit:  # argparse: --help, --version, a wrong command line
            _flush()
            raise
        _flush()
        return status
    except OutputError as exc:
        _drop_output()
        if isinstance(exc.cause, BrokenPipeError):  # `feeddate format ... | head -1`: stop quietly
            return EXIT_BROKEN_PIPE
        print(f"{PROG}: cannot write the output: {exc.cause.strerror or exc.cause}", file=sys.stderr)
        return EXIT_LIBRARY
    except KeyboardInterrupt:
        return 130
