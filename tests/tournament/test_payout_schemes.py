"""One registry of payout schemes, used by poker and UTH tournaments alike."""

from __future__ import annotations

import pytest

from croupier.tournament.payouts import PAYOUT_SCHEMES, find_payout_scheme, schedule


def test_an_unknown_scheme_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown payout scheme 'tontine'; choose one of"):
        find_payout_scheme("tontine")


@pytest.mark.parametrize("name", sorted(PAYOUT_SCHEMES))
@pytest.mark.parametrize("pool", [0, 1, 999, 12_345])
def test_every_scheme_pays_the_whole_pool(name: str, pool: int) -> None:
    paid = find_payout_scheme(name).amounts(pool, 40, (50, 30, 20))
    assert sum(paid) == pool and all(a >= 0 for a in paid)


def test_shares_pay_in_proportion_rounding_to_first_place() -> None:
    assert find_payout_scheme("shares").amounts(100, 7, (2, 1)) == [67, 33]
    assert find_payout_scheme("shares").amounts(100, 7, (0, 0)) == [0, 0]


def test_the_poker_schedule_is_the_registry_scheme() -> None:
    prizes = schedule(1000, 2, (50, 30, 20))
    assert [p.cash for p in prizes] == find_payout_scheme("percent").amounts(1000, 2, (50, 30, 20))
    assert [p.cash for p in prizes] == [625, 375]
