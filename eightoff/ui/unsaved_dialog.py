"""The question a quit asks while a finished game is not in the database yet: Wait, Save to a
file, or Quit anyway (`unsaved_quit` decides when it is shown and tries the write again)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Protocol

import pygame

from eightoff.core.i18n import _
from eightoff.session.unsaved import Unsaved
from eightoff.ui.dialogs import Dialog, MessageDialog

if TYPE_CHECKING:
    from eightoff.ui.scene import Host


class Guard(Protocol):
    """What the question asks of the quit that shows it."""

    unsaved: Unsaved

    def wait(self) -> None: ...

    def quit_anyway(self) -> None: ...

    def show(self) -> None: ...

    def cancel(self) -> None: ...

    def trying(self) -> bool: ...


class UnsavedDialog(Dialog):
    def __init__(self, host: Host, guard: Guard) -> None:
        self.guard = guard
        title = _("Your win is not saved yet") if guard.unsaved.has_win() else _(
            "Your finished game is not saved yet")
        super().__init__(host, title, [], [(_("Wait"), guard.wait), (_("Save to a file"), self.save),
                                           (_("Quit anyway"), guard.quit_anyway)])

    def body_lines(self) -> list[str]:
        unsaved = self.guard.unsaved
        lines = [unsaved.problem()]
        if self.guard.trying():
            lines.append(_("It is tried again for a few seconds; the window closes by itself as soon as "
                           "it is saved."))
        else:
            lines.append(_("It is still tried again every few seconds."))
        if unsaved.kept_for_next_start():
            lines.append(_("If you quit anyway, it is recorded at the next start."))
        else:
            lines.append(_("It could not be kept for the next start either: if you quit anyway, it is lost. "
                           "Save it to a file first."))
        return [line for line in lines if line]

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:  # not quitting after all: the tries go on meanwhile
            self.guard.cancel()
        super().key(event)

    def save(self) -> None:
        """Save to a file: the waiting games as lines `stats --import` reads, then say where."""
        path = self.guard.unsaved.save_to_file()
        if path is None:
            self.guard.show()
            self.host.notify(_("It could not be written to a file either."))
            return
        shown = os.fsencode(path).decode("utf-8", "replace")
        self.host.push(MessageDialog(
            self.host, _("Saved to a file"),
            [_("Your game was saved as {path}.").format(path=shown),
             _("To add it to your statistics: eightoff stats --import {path}").format(path=shown)],
            [(_("Quit"), self.guard.quit_anyway), (_("Keep waiting"), self.guard.wait)]))
