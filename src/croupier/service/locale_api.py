"""The room's locale: the language, time zone and clock the screens write dates and times in.

A casino's screens show its own local time, in the 24-hour clock the gaming records of the
rulebooks' countries (Australia, New Zealand) use, whatever the browser's settings; the server's
own times stay UTC seconds. ``croupier serve --locale --time-zone`` (or ``CROUPIER_LOCALE``,
``CROUPIER_TIME_ZONE``) set it; by default ``en-AU`` and the server machine's zone.
"""

from __future__ import annotations

import os
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from fastapi import FastAPI, Request

#: A BCP 47 language tag as the screens take it: en-AU, en-NZ, fr, zh-Hant-TW.
_TAG = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}")


class LocaleError(ValueError):
    """A locale or time zone the screens cannot use."""


@dataclass(frozen=True)
class Locale:
    language: str = "en-AU"
    time_zone: str = "UTC"
    hour_cycle: str = "h23"  # the 24-hour clock

    def public(self) -> dict[str, Any]:
        return asdict(self)


def machine_zone() -> str:
    """The server machine's IANA time zone ($TZ, else /etc/localtime's), else UTC."""
    candidates = [os.environ.get("TZ", "").lstrip(":")]
    try:
        target = str(Path("/etc/localtime").resolve())
        candidates.append(target.split("zoneinfo/", 1)[1] if "zoneinfo/" in target else "")
    except OSError:
        pass
    for name in candidates:
        if name and _zone_ok(name):
            return name
    return "UTC"


def _zone_ok(name: str) -> bool:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def room_locale(language: str | None = None, time_zone: str | None = None) -> Locale:
    """The room's locale from the options given, else the environment, else the defaults; a
    tag or zone the screens cannot use is refused naming it."""
    lang = language or os.environ.get("CROUPIER_LOCALE") or "en-AU"
    zone = time_zone or os.environ.get("CROUPIER_TIME_ZONE") or machine_zone()
    if not _TAG.fullmatch(lang):
        raise LocaleError(f"locale {lang!r} is not a language tag such as en-AU or en-NZ")
    if not _zone_ok(zone):
        raise LocaleError(f"time zone {zone!r} is not an IANA zone such as Australia/Brisbane")
    return Locale(lang, zone)


def register(app: FastAPI) -> None:
    """``GET /locale`` on ``app``: the room's locale (public: the log-in page uses it too)."""
    app.state.locale = room_locale()

    @app.get("/locale")
    async def locale(request: Request) -> dict[str, Any]:
        """The language, time zone and hour cycle the room's screens write times in."""
        found: Locale = request.app.state.locale
        return found.public()
