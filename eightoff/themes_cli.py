"""`eightoff themes [--json]`: the card themes the player has installed, as Preferences lists
them, each with its id, name, file and whether it can be drawn (and if not, why)."""

from __future__ import annotations

import argparse
import json

from eightoff.core.i18n import _
from eightoff.themes.listing import theme_rows


def cmd_themes(args: argparse.Namespace) -> int:
    """The installed card themes, each with its id for Preferences, and whether it can be drawn."""
    rows = theme_rows()
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    if not rows:
        print(_("No card themes are installed (Aisleriot's or KPatience's)."))
    for row in rows:
        state = _("can be drawn") if row["drawable"] else _("cannot be drawn: {reason}").format(
            reason=row["reason"])
        print(f"{row['id']}\t{row['name']}\t{row['path']}\t{state}")
    return 0
