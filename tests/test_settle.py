"""A redraw a save left waits until the moment's saves have settled, and never for good
(decision 503): on a real event loop, saves made by other tasks as other sessions' Accepts
are; the checks compare the order things happen in, they never time (the pauses are chosen
so that a loaded machine's delays cannot change the order)."""

from __future__ import annotations

import asyncio

from scorer.ui.shell import settle

CALM = 1.0  # s: far longer than any gap between the saves below, on any machine


async def _saves(count: int, gap: float, done: list[str], first: float = 0) -> None:
    """``count`` saves, one every ``gap`` seconds (other tables' Accepts)."""
    await asyncio.sleep(first)
    for number in range(count):
        settle.saved()
        done.append(f"save {number + 1}")
        await asyncio.sleep(gap)


async def _redraw(done: list[str], calm: float = CALM, longest: float = 60) -> None:
    await settle.settled(calm, longest)
    done.append("redraw")


def test_a_redraw_waits_for_the_saves_of_the_moment() -> None:
    done: list[str] = []

    async def moment() -> None:
        settle.saved()  # this table's Accept
        # Fourteen more, one after another; this table's redraw, queued first, comes after
        # all of them.
        await asyncio.gather(_redraw(done), _saves(14, 0.005, done))

    asyncio.run(moment())
    assert done[-1] == "redraw", done
    assert len(done) == 15


def test_a_redraw_once_the_saves_have_settled_is_not_held() -> None:
    done: list[str] = []

    async def later() -> None:
        settle.saved()
        await asyncio.sleep(settle.SETTLE * 2)  # no save since: settled
        # Drawn at once: before a save that comes a little later.
        await asyncio.gather(_redraw(done, settle.SETTLE), _saves(1, 0, done,
                                                                  first=settle.SETTLE / 2))

    asyncio.run(later())
    assert done == ["redraw", "save 1"], done


def test_saves_that_never_stop_do_not_hold_a_redraw_back_for_good() -> None:
    done: list[str] = []

    async def stream() -> None:
        settle.saved()
        # A save every 5 ms, for far longer than the bound: the redraw comes in the middle
        # of them, not after the last.
        await asyncio.gather(_redraw(done, longest=0.1), _saves(80, 0.005, done))

    asyncio.run(stream())
    assert "redraw" in done
    assert done.index("redraw") < len(done) - 20, done
