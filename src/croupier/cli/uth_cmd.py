"""``croupier uth``: Ultimate Texas Hold'em (act-uth-2025) — the exact Trips math."""

from __future__ import annotations

import json
from typing import Annotated

import typer

import croupier.cli.uth_analyze_cmd as uth_analyze_cmd
from croupier.cli import uth_play_cmd
from croupier.cli.usage import fail
from croupier.hands import Category
from croupier.rules.books.act_uth_2025 import ACT_UTH_2025_RULES

app = typer.Typer(help="Ultimate Texas Hold'em (act-uth-2025).")
app.command("analyze")(uth_analyze_cmd.analyze)
app.command("play")(uth_play_cmd.play)


@app.command("trips")
def trips_cmd(
    paytable: Annotated[
        str,
        typer.Option(
            "--paytable",
            help="Trips odds from royal flush down to three of a kind, e.g. 50-40-30-8-7-4-3",
        ),
    ] = "50-40-30-8-7-4-3",
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """The Trips bet's exact probabilities and house edge (act-uth-2025 9.7, 10.1), from the
    exact distribution of all 133,784,560 seven-card hands."""
    from croupier.uth import PayTable, PayTableError
    from croupier.uth.trips import seven_card_counts, trips_house_edge

    try:
        table = PayTable.from_spec("trips", paytable, Category.THREE_OF_A_KIND)
    except PayTableError as e:
        raise fail(str(e)) from e
    counts = seven_card_counts()
    total = sum(counts.values())
    edge = trips_house_edge(table)
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "paytable": paytable,
                    "trips_house_edge": float(edge),
                    "trips_house_edge_fraction": f"{int(edge * total)}/{total}",
                    "hands": total,
                    "counts": {c.key: n for c, n in counts.items()},
                }
            )
        )
        return
    clause = ACT_UTH_2025_RULES.settlement.paytable_clause
    typer.echo(f"Trips pay table {paytable} ({clause}), over {total:,} seven-card hands")
    for line in table.lines:
        n = counts[line.category]
        typer.echo(f"  {line.category.words:<16} {line.odds!s:>9}  {n:>12,}  {n / total:10.6%}")
    per_hand = edge * total  # an integer: the house's net over every hand, per chip staked
    typer.echo(f"house edge {float(edge):.4%} = {int(per_hand):,}/{total:,}")
