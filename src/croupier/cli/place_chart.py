"""Charts of a tournament Monte Carlo (:mod:`croupier.tournament.montecarlo`): a one-line
sparkline of the finishing places for the terminal, and an SVG file with the place
distribution of each starting stack (lines) and its equity beside the ICM's (bars)."""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from croupier.tournament.montecarlo import Summary

BLOCKS = " ▁▂▃▄▅▆▇█"
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")


def sparkline(values: Sequence[float], top: float) -> str:
    """One block character per value, scaled to ``top`` (the largest value drawn full)."""
    scale = len(BLOCKS) - 1
    return "".join(BLOCKS[round(v / top * scale) if top > 0 else 0] for v in values)


def svg(summary: Summary, title: str) -> str:
    """The chart as a standalone SVG document."""
    w, left, right, top = 760, 60, 200, 40
    plot_h = 240
    groups = summary.by_stack
    bar_h = 18
    bars_top = top + plot_h + 60
    h = bars_top + len(groups) * (2 * bar_h + 8) + 30
    depth = max(len(g.places) for g in groups)
    ymax = max(max(g.places) for g in groups) or 1.0
    span = w - left - right

    def x(place: int) -> float:
        return left + (place - 1) * span / max(depth - 1, 1)

    def y(p: float) -> float:
        return top + plot_h - p / ymax * plot_h

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
        f'height="{h}" font-family="sans-serif" font-size="12">',
        f'<text x="{left}" y="20" font-size="14">{escape(title)}</text>',
        f'<line x1="{left}" y1="{top + plot_h}" x2="{left + span}" y2="{top + plot_h}" '
        'stroke="#000"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#000"/>',
        f'<text x="{left + span / 2}" y="{top + plot_h + 32}" text-anchor="middle">'
        "finishing place</text>",
        f'<text x="{left + 6}" y="{top - 6}">share of runs</text>',
    ]
    for frac in (0.0, 0.5, 1.0):
        out.append(
            f'<text x="{left - 6}" y="{y(ymax * frac) + 4:.1f}" text-anchor="end">'
            f"{ymax * frac:.1%}</text>"
        )
    step = max(1, depth // 10)
    for place in range(1, depth + 1, step):
        out.append(
            f'<text x="{x(place):.1f}" y="{top + plot_h + 16}" text-anchor="middle">{place}</text>'
        )
    for k, g in enumerate(groups):
        colour = COLOURS[k % len(COLOURS)]
        points = " ".join(f"{x(i + 1):.1f},{y(p):.1f}" for i, p in enumerate(g.places))
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"/>')
        ly = top + 14 + 18 * k
        out.append(
            f'<rect x="{left + span + 20}" y="{ly - 10}" width="12" height="12" fill="{colour}"/>'
        )
        label = f"stack {g.stack:,} ({g.players} player{'s' if g.players != 1 else ''})"
        out.append(f'<text x="{left + span + 38}" y="{ly}">{escape(label)}</text>')
    out.append(
        f'<text x="{left}" y="{bars_top - 12}">equity (solid) and ICM (outline), '
        "share of the prize pool per player</text>"
    )
    emax = max(max(g.equity, g.icm or 0.0) for g in groups) or 1.0
    for k, g in enumerate(groups):
        colour = COLOURS[k % len(COLOURS)]
        by = bars_top + k * (2 * bar_h + 8)
        eq = g.equity / emax * span
        out.append(
            f'<text x="{left - 6}" y="{by + bar_h + 4}" text-anchor="end">{g.stack:,}</text>'
        )
        out.append(f'<rect x="{left}" y="{by}" width="{eq:.1f}" height="{bar_h}" fill="{colour}"/>')
        out.append(f'<text x="{left + eq + 6:.1f}" y="{by + 13}">{g.equity:.2%}</text>')
        if g.icm is not None:
            icm = g.icm / emax * span
            out.append(
                f'<rect x="{left}" y="{by + bar_h}" width="{icm:.1f}" height="{bar_h}" '
                f'fill="none" stroke="{colour}" stroke-width="1.5"/>'
            )
            out.append(
                f'<text x="{left + icm + 6:.1f}" y="{by + bar_h + 13}">{g.icm:.2%} ICM</text>'
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"
