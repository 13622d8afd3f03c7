"""Leases name the holder's URL: where the standbys forward the commands sent to them.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("leases", sa.Column("url", sa.String(500), nullable=True))


def downgrade() -> None:
    op.drop_column("leases", "url")
