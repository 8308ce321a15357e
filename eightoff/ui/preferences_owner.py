"""The one owner of the preferences in the window: what a changed Preferences row does to
what the player sees and hears, at once.

The session keeps the preferences and decides what a rule changed for the game in progress
asks; the window applies the rest here: colours, the cards' pictures and size, the language,
sound.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from eightoff.core.i18n import _
from eightoff.ui import theme
from eightoff.ui.designs import table_cloth
from eightoff.ui.router import dialogs

if TYPE_CHECKING:
    from eightoff.core.preferences import Preferences
    from eightoff.session.session import Session
    from eightoff.ui.effects import SoundEffect
    from eightoff.ui.scene import Host


class Table(Protocol):
    """What of the table the preferences change (the table scene is one; named by shape)."""

    sound: SoundEffect

    def invalidate(self) -> None: ...

    def refresh_faces(self) -> None: ...

    def resize(self, size: tuple[int, int]) -> None: ...


def deck(preferences: Preferences) -> tuple[object, ...]:
    """The preferences the cards' pictures are drawn from."""
    return (preferences.four_colour, preferences.high_contrast, preferences.card_face, preferences.card_back)


def use_colours(preferences: Preferences) -> None:
    """The table's cloth and the interface's colours as the preferences have them (read at
    the next frame)."""
    theme.use(preferences.high_contrast, table_cloth(preferences.table_colour))


class PreferencesOwner:
    def __init__(self, host: Host, session: Session, table: Table) -> None:
        self.host = host
        self.session = session
        self.table = table

    def changed(self, old: Preferences, new: Preferences) -> None:
        """A Preferences row changed: the session keeps it, and says whether to ask about
        restarting this deal under a rule changed for it; display preferences apply here at
        once."""
        table = self.table
        if (new.high_contrast, new.table_colour) != (old.high_contrast, old.table_colour):
            use_colours(new)
            table.invalidate()
        ask = self.session.set_preferences(new)
        if deck(new) != deck(old):
            table.refresh_faces()
        if new.large_cards != old.large_cards:
            table.resize(self.host.size)
        if new.language != old.language:
            self.host.change_language()
        if (new.sound, new.volume) != (old.sound, old.volume):
            table.sound.start()
        if ask:
            self.ask_rule_change()

    def ask_rule_change(self) -> None:
        """Restart this deal under the rules now chosen, or keep them for the next deal (the
        default: Enter never throws a game away)."""
        self.host.push(dialogs().MessageDialog(
            self.host, _("Change the rules of this game?"),
            [_("The new rule applies from the next deal. Restarting this deal with it now counts "
               "this game as lost.")],
            [(_("Next deal"), None), (_("Restart now"), self.session.restart_under_chosen_rules)]))
