"""Users, their roles and dealers' tables (a router that :mod:`croupier.service.api`
includes).

* ``POST /users`` (admin) adds a user: a name that :mod:`croupier.service.names` allows, a
  role, a password (kept only as an argon2 hash) and, for the demo's bots, ``bot``.
* ``PUT /users/{name}/role`` (admin) changes a role.
* ``POST /users/{name}/tables`` and ``DELETE /users/{name}/tables/{table}`` (admin, floor)
  assign a dealer to a table (a tournament's table as ``TOURNAMENT/N``) and relieve them.

Who may call each is the policy's (:mod:`croupier.service.policy`); a change the directory
refuses answers 409 naming why.
"""

from __future__ import annotations

import asyncio
import datetime
from collections.abc import Callable
from typing import Protocol

from fastapi import Request
from pydantic import BaseModel, Field, field_validator

from croupier.service import names
from croupier.service.auth import (
    DealerAssigned,
    DealerRelieved,
    Directory,
    Role,
    RoleChanged,
    User,
    UserError,
)
from croupier.service.deps import Refused, area, caller, need


class NewUser(BaseModel):
    name: str = Field(min_length=1, max_length=64, json_schema_extra={"pattern": names.PATTERN})
    role: Role
    password: str = Field(min_length=1, max_length=256)
    bot: bool = False  # a bot account: the day report tells its money from people's

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        why = names.why_not(v)
        if why is not None:
            raise ValueError(why)
        return v


class RoleChange(BaseModel):
    role: Role


class Assignment(BaseModel):
    table: str = Field(min_length=1, max_length=64, json_schema_extra={"pattern": names.ASSIGNABLE})

    @field_validator("table")
    @classmethod
    def _table(cls, v: str) -> str:
        why = names.why_not_assignable(v)
        if why is not None:
            raise ValueError(why)
        return v


class _Service(Protocol):
    directory: Directory
    users_lock: asyncio.Lock


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat()


router = area("users")


async def user_change(request: Request, change: Callable[[User, str], None]) -> None:
    svc: _Service = request.app.state.service
    user = caller(request)
    async with svc.users_lock:
        try:
            await asyncio.to_thread(change, user, _now())
        except UserError as e:
            raise Refused(409, str(e)) from e


def directory(request: Request) -> Directory:
    svc: _Service = request.app.state.service
    return svc.directory


@router.post("/users")
async def add_user(body: NewUser, request: Request) -> dict[str, str]:
    users = directory(request)

    def change(user: User, at: str) -> None:
        need(user, "POST /users")
        users.add(body.name, body.role, body.password, user.name, at, body.bot)

    await user_change(request, change)
    return {"added": body.name, "role": body.role.value}


@router.put("/users/{name}/role")
async def set_role(name: str, body: RoleChange, request: Request) -> dict[str, str]:
    users = directory(request)

    def change(user: User, at: str) -> None:
        need(user, "PUT /users/{name}/role")
        users.change(RoleChanged(name, body.role, at), user.name)

    await user_change(request, change)
    return {"user": name, "role": body.role.value}


@router.post("/users/{name}/tables")
async def assign(name: str, body: Assignment, request: Request) -> dict[str, str]:
    users = directory(request)

    def change(user: User, at: str) -> None:
        need(user, "POST /users/{name}/tables")
        users.change(DealerAssigned(name, body.table, at), user.name)

    await user_change(request, change)
    return {"dealer": name, "table": body.table}


@router.delete("/users/{name}/tables/{table}")
async def relieve(name: str, table: str, request: Request) -> dict[str, str]:
    users = directory(request)

    def change(user: User, at: str) -> None:
        need(user, "DELETE /users/{name}/tables/{table}")
        users.change(DealerRelieved(name, table, at), user.name)

    await user_change(request, change)
    return {"dealer": name, "relieved": table}
