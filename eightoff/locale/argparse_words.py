"""argparse's own player-visible messages, marked so that extraction puts them in our catalogue.

argparse builds these with gettext at run time (`install_language` routes that to our
catalogue). Each text must match argparse's source exactly: tests/locale checks them against
the running Python's argparse.
"""

from __future__ import annotations

from eightoff.core.i18n import N_

ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
)

