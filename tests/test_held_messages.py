"""The browser build's hold on what a page is sent (decision 374): a Save's scoreboard is
drawn while the browser's storage writes the Save, and reaches the page once it is written.
The real app on a real Flet page (tests/flet_page.py), its messages counted as sent."""

from __future__ import annotations

from flet_page import scorer_app

from scorer.game import Game
from scorer.ui.site.browser import hold_messages


def test_what_a_page_is_sent_waits_until_released_then_goes_in_order(tmp_path, monkeypatch):
    with scorer_app(tmp_path / "data") as app:
        game = app.keeper.store.save(Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0))
        connection = app.page.session.connection
        sent: list[object] = []
        send = type(connection).send_message
        monkeypatch.setattr(type(connection), "send_message",
                            lambda self, message: (sent.append(message), send(self, message)))
        app.show()  # the home screen, sent at once
        assert sent
        release = hold_messages(app.page)
        assert release is not None
        assert hold_messages(app.page) is None  # one hold at a time
        sent.clear()
        app.route = f"/game/{game.id}"
        app.show()  # the scoreboard: built and compared, its messages waiting
        app.page.title = "Scorer, again"
        app.page.update()
        assert sent == []
        release()
        assert len(sent) == 2  # the scoreboard's patch, then the title's
        assert "Scorer, again" in repr(sent[1]) and "Scorer, again" not in repr(sent[0])
        release()  # once only
        assert len(sent) == 2
        app.page.title = "Scorer"
        app.page.update()  # sent at once again
        assert len(sent) == 3
