# Sourced by scripts/play and scripts/test: make .venv if missing and install the project into it.
# Reinstalls only when pyproject.toml changed since the last install, so a second start is quick.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
stamp="$venv/.eightoff-installed"
extras="$1"
want="$(cat "$root/pyproject.toml")$extras"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    "$venv/bin/python" -m pip install --quiet --upgrade pip >/dev/null 2>&1 || true
    "$venv/bin/python" -m pip install --quiet -e "$root$extras"
    printf '%s' "$want" > "$stamp"
fi
