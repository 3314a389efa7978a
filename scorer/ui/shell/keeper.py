"""One browser tab's keeper (``app.keeper``): the saving policy, apart from any screen.

Every change goes through the store and is on disk before the screen moves on. Other sessions
showing the same game are told over pubsub and redraw; a save based on an old revision is
refused by the store (:class:`StaleGame`), the player is told, and the scoreboard is shown as
stored. What a player is typing (a draft) is kept with the game, so a reload, a restart or
another phone picks it up: not on the tap's path, but once the taps pause (:data:`DRAFT_DELAY`)
and at once when the player leaves the entry or the page hides; a draft is a convenience, so a
store that cannot take it does not stop the entry.

The keeper does not import flet: it talks to the screens through :class:`KeeperUI` (the
app, or a fake in unit tests) and to the other sessions through a pubsub hub with Flet's
``subscribe_topic`` / ``send_others_on_topic`` calls.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from ...game import Game
from ...i18n import Translator
from ...rules import InvalidInput, Msg
from ...stats import PlayerStats
from ...store import GameSummary, ImportReport, Kept, StaleGame, Store, StoreError
from ...store.pairs import PairsShelf
from ...store.rooms import RoomsRecord, RoomsShelf
from ..entry import DealDraft, Evaluation, draft_for_game, draft_of_deal, problem_of
from ..screens import addresses
from .hearing import Hearing

__all__ = ["TOPIC", "Keeper", "KeeperUI", "PubSub"]

TOPIC = "games"  # what sessions tell each other: the id of a game that changed ("*": any)
# A changed draft is written this long after the tap that changed it (taps meanwhile are
# written with it): a tap shows its result without waiting for a write to disk or IndexedDB.
DRAFT_DELAY = 0.3

Persist = Callable[[], Awaitable[None]]
DraftKey = tuple[str, str, int | None]  # game id, "new" or "edit", deal number


class KeeperUI(Protocol):
    """What the saving policy needs from the screens."""

    t: Translator
    message: str  # shown on top of the next screen drawn

    def go(self, route: str) -> None: ...

    def snack(self, text: str) -> None: ...

    def not_kept(self, reason: str, game: Game) -> None:
        """The browser's storage did not keep a Save: say so at once, and offer ``game`` (as
        saved, still in memory) as a download."""

    def run_task(self, handler: Callable[..., Awaitable[Any]], *args: Any) -> None: ...

    def drawn_later(self) -> None:
        """The screen is drawn again by a task just started: nothing to update now."""

    def held(self) -> Callable[[], None] | None:
        """From now on what the page is sent waits (the browser build, issue 33); the
        function returned sends it, in order. None where nothing can wait."""

    def changed_elsewhere(self, game_id: str) -> None: ...


class PubSub(Protocol):
    """The part of Flet's ``page.pubsub`` the session uses."""

    def subscribe_topic(self, topic: str, handler: Callable[[str, Any], Awaitable[None]],
                        ) -> None: ...

    def send_others_on_topic(self, topic: str, message: Any) -> None: ...


class Keeper:
    """The store, the game and the draft of one browser tab (Flet's session), and how
    changes are saved: the tab's scorekeeper."""

    def __init__(self, store: Store, ui: KeeperUI, pubsub: PubSub, *,
                 persist: Persist | None = None, serverless: bool = False) -> None:
        self.store = store
        self.ui = ui
        self.pubsub = pubsub
        # In the browser build (scorer publish) every change is made durable by ``persist``
        # before the screen moves on, and what needs a server (joining) is not offered.
        self.persist = persist
        self.serverless = serverless
        self.saving = False  # the browser build is still persisting a save
        self.remind_backup: set[str] = set()  # games that just ended here: remind once
        self.game: Game | None = None  # the game as last loaded or saved
        self.draft: DealDraft | None = None  # the deal being entered or corrected
        self.draft_key: DraftKey | None = None
        self.draft_due: tuple[Game, int | None] | None = None  # changed, not yet kept
        self.draft_timer = False  # a write of the draft is scheduled
        # What other sessions changed, answered on the page's loop between its events, in
        # order (decisions 361, 420, 421)
        pubsub.subscribe_topic(TOPIC, Hearing(
            lambda game_id: self.ui.changed_elsewhere(game_id)).heard)

    # --- other sessions -------------------------------------------------------------------
    def tell_others(self, game_id: str) -> None:
        """Tell the other sessions that ``game_id`` changed ("*": any game)."""
        self.pubsub.send_others_on_topic(TOPIC, game_id)

    # --- games ----------------------------------------------------------------------------
    def open(self, game_id: str) -> Game | None:
        """The game as stored now (None if there is no such game or it cannot be read): the
        one this session last loaded or saved while the store still has that revision (a
        scoreboard after a Save is drawn without reading the game back), else read again."""
        game = self.game
        if game is not None and game.id.casefold() == game_id.casefold() \
                and self.store_call(self.store.revision, game_id) == game.revision:
            return game
        try:
            self.game = self.store.load(game_id)
        except StoreError:
            self.game = None
        return self.game

    def save_and_go(self, changed: Game, then: str) -> bool:
        """Save ``changed``; on success go to ``then``. A stale game is refused and reloaded."""
        if self.saving:  # a second tap while the browser build is still persisting the first
            return False
        saved = self.write(changed)
        if saved is None:
            return False
        before = self.game
        if self.serverless and saved.is_over and not (
                before is not None and before.id == saved.id and before.is_over):
            self.remind_backup.add(saved.id)
        self.game = saved
        if self.persist is not None:
            self.saving = True
            self.ui.run_task(self._persist_then, saved.id, then)
            self.ui.drawn_later()
            return True
        self.tell_others(saved.id)
        self.ui.go(then)
        return True

    async def _persist_then(self, game_id: str, then: str) -> None:
        """The browser build: move on only once the change is in the browser's storage. The
        next screen is drawn while the browser writes, and what it sends the page waits until
        the write is done (issue 33, decision 374): the page shows it only then."""
        assert self.persist is not None
        release = self.ui.held()
        if release is not None:
            self.ui.go(then)
        try:
            await self.durable_then_tell(game_id)
        except OSError as error:
            if release is not None:
                release()  # the screen as drawn (the game as in memory), the warning on top
            if self.game is not None and self.game.id == game_id:
                self.ui.not_kept(str(error), self.game)
            else:
                self.ui.snack(self.ui.t("ui.not_saved", reason=str(error)))
            return
        finally:
            self.saving = False
        if release is not None:
            release()
        else:
            self.ui.go(then)

    def write(self, changed: Game) -> Game | None:
        """``changed`` through the store: the saved game, or None after telling the player why
        (a game changed elsewhere meanwhile is shown as it is stored)."""
        try:
            return self.store.save(changed)
        except StaleGame:
            self.ui.message = self.ui.t("ui.stale")
            self.draft = None
            self.ui.go(addresses.game(changed.id))
        except (StoreError, OSError) as error:
            self.ui.snack(self.ui.t("ui.not_saved", reason=str(error)))
        return None

    def delete(self, game_id: str) -> bool:
        """Delete a game; False after telling the player why it could not be."""
        try:
            self.store.delete(game_id)
        except (StoreError, OSError) as error:
            self.ui.snack(self.ui.t("ui.not_saved", reason=str(error)))
            return False
        self.sync_soon()
        self.tell_others(game_id)
        return True

    def sync_soon(self) -> None:
        """The browser build: copy writes made outside :meth:`save_and_go` (a round's calls, a
        draft, a deletion) to the browser's storage too."""
        if self.persist is not None:
            self.ui.run_task(self._sync_quietly)

    async def _sync_quietly(self) -> None:
        assert self.persist is not None
        try:
            await self.persist()
        except OSError as error:
            self.ui.snack(self.ui.t("ui.not_saved", reason=str(error)))

    # --- deals ----------------------------------------------------------------------------
    def forget_draft(self) -> None:
        """The next deal entry starts again from the draft kept with the game (or afresh)."""
        self.flush_draft()
        self.draft = None

    def draft_for(self, game: Game, number: int | None) -> DealDraft:
        """The deal being entered: this session's, else the one kept with the game (typed
        before a reload, a restart, or on another phone), else a fresh one."""
        key = (game.id, "edit" if number else "new", number)
        if self.draft is None or self.draft_key != key:
            self.flush_draft()  # another deal's draft, changed just now, is kept first
            self.draft = (draft_of_deal(game, number) if number
                          else draft_for_game(game))
            self.draft_key = key
            kept = self.store_call(self.store.load_draft, game.id)
            if kept and kept.get("for") == self.draft_target(game, number) \
                    and isinstance(kept.get("draft"), dict):
                self.draft.restore(kept["draft"])
            elif not number:
                self._fill_waiting(game)
        return self.draft

    def _fill_waiting(self, game: Game) -> None:
        """A team match's next board: the other table's result, merged from its phone and
        waiting for this board, filled in (issue 32, decision 364)."""
        tables = getattr(self.draft, "tables", None)
        if not game.variant.teams or not isinstance(tables, list):
            return
        kept = self.store_call(self.store.rooms.load, game.id)
        if not isinstance(kept, RoomsRecord):
            return
        for (board, table), result in kept.kept.waiting.items():
            if board == len(game.deals) + 1 and 1 <= table <= len(tables):
                tables[table - 1].fill(result)

    def kept_draft(self, game: Game) -> int | None:
        """The deal a draft kept with ``game`` continues, when something was entered in it:
        0 for the next deal, ``n`` for a correction of deal ``n``; None when there is none (or
        it is for a deal since saved or changed elsewhere, or holds the deal as it was)."""
        kept = self.store_call(self.store.load_draft, game.id)
        if not kept or not isinstance(kept.get("draft"), dict) \
                or not isinstance(kept.get("for"), dict):
            return None
        number = kept["for"].get("deal")
        if number == len(game.deals) + 1:
            number = None
        elif not isinstance(number, int) or not 1 <= number <= len(game.deals):
            return None
        if kept["for"] != self.draft_target(game, number):
            return None
        draft = draft_of_deal(game, number) if number else draft_for_game(game)
        untouched = draft.to_dict()
        if not draft.restore(kept["draft"]) or draft.to_dict() == untouched:
            return None
        return number or 0

    @staticmethod
    def draft_target(game: Game, number: int | None) -> dict[str, Any]:
        """Which deal a draft is for: the next one (while no deal was added since), or a
        recorded one (while it is as it was)."""
        if number is None:
            return {"deal": len(game.deals) + 1}
        return {"deal": number, "was": game.deals[number - 1].to_dict()}

    def draft_changed(self, game: Game, number: int | None) -> None:
        """A tap changed the draft: keep it with the game :data:`DRAFT_DELAY` from now (taps
        meanwhile are kept with it), or sooner if the player leaves (:meth:`flush_draft`)."""
        self.draft_due = (game, number)
        if not self.draft_timer:
            self.draft_timer = True
            self.ui.run_task(self._keep_draft_soon)

    async def _keep_draft_soon(self) -> None:
        await asyncio.sleep(DRAFT_DELAY)
        self.draft_timer = False
        self.flush_draft()

    def flush_draft(self) -> None:
        """Keep a changed draft now (leaving the entry, the page hiding)."""
        due, self.draft_due = self.draft_due, None
        if due is not None:
            self.keep_draft(*due)

    def keep_draft(self, game: Game, number: int | None) -> None:
        """Keep what is typed with the game; a blank one is not kept."""
        self.draft_due = None
        draft = self.draft
        if draft is None:
            return
        if draft.is_blank():
            self.store_call(self.store.discard_draft, game.id)
        else:
            self.store_call(self.store.write_draft, game.id,
                            {"for": self.draft_target(game, number), "draft": draft.to_dict()})
        self.sync_soon()

    def discard_draft(self, game_id: str) -> None:
        """The player threw away what they typed."""
        self.draft_due = None
        self.store_call(self.store.discard_draft, game_id)
        self.sync_soon()
        self.draft = None

    def store_call(self, call: Callable[..., Any], *args: Any) -> Any:
        """A draft is a convenience: if the folder cannot take it, the entry goes on."""
        try:
            return call(*args)
        except (StoreError, OSError, InvalidInput):
            return None

    def keep_calls(self, calls: dict[str, Any]) -> bool:
        """Keep a round's calls with the game as soon as they are made (a round in play is
        stored like a deal); False if they could not be kept (the player is told)."""
        game = self.game
        assert game is not None
        try:
            changed = game.announce(calls)
        except InvalidInput as error:
            self.ui.snack(self.ui.t.sentence(problem_of(error)))
            return False
        if changed is game:
            return True
        saved = self.write(changed)
        if saved is None:
            return False
        self.game = saved
        if self.draft is not None:
            self.draft.follow(saved)  # the calls are now where the deal stands, not typed
        self.sync_soon()
        self.tell_others(game.id)
        return True

    def save_deal(self, number: int | None, evaluation: Evaluation | None = None) -> None:
        """Save the deal being entered (or corrected) to the game as last loaded or saved;
        ``evaluation``: the draft's, as the entry shows it (so the deal is not scored again
        for the Save, issue 33)."""
        assert self.draft is not None and self.game is not None
        game = self.game
        if evaluation is None:
            evaluation = self.draft.evaluate()
        if not evaluation.can_save:
            return
        try:
            changed = (game.correct(number, evaluation.deal) if number
                       else game.add_deal(evaluation.deal))
        except InvalidInput as error:
            self.ui.snack(self.ui.t.sentence(problem_of(error)))
            return
        due, self.draft_due = self.draft_due, None  # no use keeping a draft being saved
        if not self.save_and_go(changed, addresses.game(game.id)):
            self.draft_due = due
        else:
            self.draft = None
            self.store_call(self.store.discard_draft, game.id)

    # --- made durable, then told: the one path of every write a screen makes ---------------
    async def durable_then_tell(self, game_id: str) -> None:
        """What was just written is made durable (the browser build: in the browser's
        storage; OSError when it could not be), then the other sessions are told that
        ``game_id`` ("*": any game) changed."""
        if self.persist is not None:
            await self.persist()
        self.tell_others(game_id)

    def written_then(self, game_id: str, then: Callable[[], None]) -> bool:
        """A change written to the store outside :meth:`save` (a pairs evening's result): as a
        game's Save, the browser build moves on (``then``) only once the change is in the
        browser's storage, and a second tap meanwhile is refused (False). When the browser's
        storage cannot take it the player is told and the screen stays: the same tap again
        writes nothing new and tries the browser's storage once more (decision 350)."""
        if self.saving:
            return False
        if self.persist is None:
            self.tell_others(game_id)
            then()
            return True
        self.saving = True
        self.ui.run_task(self._written_then, game_id, then)
        self.ui.drawn_later()
        return True

    async def _written_then(self, game_id: str, then: Callable[[], None]) -> None:
        try:
            await self.durable_then_tell(game_id)
        except OSError as error:
            self.ui.snack(self.ui.t("ui.not_saved", reason=str(error)))
            return
        finally:
            self.saving = False
        then()

    async def import_games(self, data: bytes) -> ImportReport:
        """Games from an export file, kept (InvalidImport, StoreError or OSError if not)."""
        report = self.store.import_data(data)
        await self.durable_then_tell("*")
        return report

    async def keep_linked(self, game: Game, history: bool = True) -> Kept:
        """A game opened from a link, kept on this phone (:meth:`Store.keep_linked`)."""
        kept = self.store.keep_linked(game, history)
        if kept.written:
            await self.durable_then_tell("*")
        return kept

    # --- what the screens read (they never reach the store themselves) -----------------------
    @property
    def notices(self) -> list[Msg]:
        """What the store found damaged or could not do while reading, to tell the player."""
        return self.store.notices

    def list_games(self) -> list[GameSummary]:
        return self.store.list_games()

    def player_stats(self) -> list[PlayerStats]:
        return self.store.player_stats()

    def load_many(self, game_ids: list[str]) -> list[Game]:
        return self.store.load_many(game_ids)

    def export_json(self, game_ids: list[str], pairs_ids: list[str] | None = None) -> str:
        return self.store.export_json(game_ids, pairs_ids)

    @property
    def pairs(self) -> PairsShelf:
        """The pairs evenings kept here (issue 32): the store's, as the screens use it."""
        return self.store.pairs

    @property
    def rooms(self) -> RoomsShelf:
        """A team match's other table (issue 32): the store's, as the screens use it."""
        return self.store.rooms

    def keeping(self, game: Game, history: bool = True) -> Kept:
        """What keeping a linked game would do, without doing it."""
        return self.store.keeping(game, history)
