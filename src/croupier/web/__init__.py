"""The web console: one page per role, served by ``croupier serve`` from files inside the
package (no CDN, no build step). The pages are static HTML with a little plain JavaScript that
uses only the service's public API (``POST /login``, ``POST /commands``, the views and the
websockets), so the API stays complete: nothing here reaches into the room directly."""

from __future__ import annotations

from importlib import resources

from fastapi import FastAPI
from fastapi.responses import RedirectResponse
from fastapi.staticfiles import StaticFiles

#: Where the pages live in the URL space.
PREFIX = "/ui"


def static_dir() -> str:
    return str(resources.files("croupier.web") / "static")


def mount(app: FastAPI) -> None:
    """Serve the console at ``/ui/`` and send ``/`` there."""

    @app.get("/", include_in_schema=False)
    async def home() -> RedirectResponse:
        return RedirectResponse(f"{PREFIX}/")

    app.mount(PREFIX, StaticFiles(directory=static_dir(), html=True), name="ui")
