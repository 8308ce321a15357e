# Sourced by scripts/play, scripts/test and scripts/update-catalogues: make .venv if missing and
# install the project into it (editable), with the extra named in $1 ("test") if any.
#
# One .venv serves every script. pip runs only when pyproject.toml changed since the last
# install or an extra is asked for that is not installed yet; the stamp file records both, so
# switching between scripts/play and scripts/test costs nothing. pip's progress (what it
# collects, downloads and installs) is shown as it goes, as a first install takes a minute; its
# whole output goes to a log that is shown if it fails.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
stamp="$venv/.eightoff-installed"
wanted="$1"  # always passed: `source` without arguments would hand on the caller's own
# resvg-py draws the card themes a player has installed (the themes extra): asked for always, as
# a wheel only; where there is none for this machine the install goes on without it (below).
wanted="${wanted:+$wanted }themes"
# With a C compiler, also mypy: its mypyc compiles the solver's hot modules (below).
if command -v "${CC:-cc}" >/dev/null 2>&1; then
    wanted="${wanted:+$wanted }fast"
fi
if [ ! -x "$venv/bin/python" ]; then
    "${PYTHON:-python3}" -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --upgrade pip >/dev/null 2>&1 || true
fi
digest="$(cksum < "$root/pyproject.toml")"
installed_digest=""
installed_extras=""
if [ -f "$stamp" ]; then
    { read -r installed_digest; read -r installed_extras; } < "$stamp" || true
fi
# What the venv holds is what a reinstall must keep: every extra installed so far, then those
# wanted now that it lacks (the same words in the same order when nothing new is wanted).
extras=""
for extra in $installed_extras $wanted; do
    case " $extras " in *" $extra "*) ;; *) extras="${extras:+$extras }$extra" ;; esac
done
if [ "$installed_digest" != "$digest" ] || [ "$extras" != "$installed_extras" ]; then
    echo "Installing Eight Off into .venv${extras:+ with: $extras} ..." >&2
    spec="$root"
    [ -z "$extras" ] || spec="$root[${extras// /,}]"
    log="$venv/.eightoff-install.log"
    install() {
        "$venv/bin/python" -m pip install --disable-pip-version-check --only-binary resvg-py -e "$1" 2>&1 \
            | tee "$log" | awk '/^(Collecting|Downloading|Building|Installing|Successfully)/ { print "  " $0; fflush() }' >&2
    }
    if ! install "$spec"; then
        without="$(printf '%s\n' $extras | { grep -vx themes || true; } | paste -sd, -)"
        case " $extras " in
            *" themes "*) echo "  no wheel of resvg-py here: installed card themes will not be drawn" >&2 ;;
            *) cat "$log" >&2; exit 1 ;;
        esac
        if ! install "$root${without:+[$without]}"; then
            cat "$log" >&2
            exit 1
        fi
    fi
    printf '%s\n%s\n' "$digest" "$extras" > "$stamp"
fi
# The solver's compiled modules (scripts/build-fast): built when a C compiler and mypyc (with
# mypy, in the fast extra) are there and the sources changed since the last build, each module
# named as it is compiled (the build's own lines; the compiler's go to the log). A failed build
# is reported in one line, not tried again for the same sources, and the solver runs as pure
# Python.
if command -v "${CC:-cc}" >/dev/null 2>&1 && [ -x "$venv/bin/mypyc" ] \
        && ! "$venv/bin/python" "$root/scripts/build-fast" --check; then
    echo "Compiling the solver with mypyc (scripts/build-fast, once) ..." >&2
    log="$venv/.eightoff-build-fast.log"
    if ! "$venv/bin/python" "$root/scripts/build-fast" 2>&1 | tee "$log" \
            | awk '/^eightoff:   / { sub(/^eightoff: /, ""); print; fflush() }' >&2
    then
        echo "  it failed (see $log): the solver runs as pure Python" >&2
    fi
fi
