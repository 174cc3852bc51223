#!/bin/sh
# Put Strife Table in this user's applications menu: copies strife-table.desktop, with the full
# path of this folder's executable, and the icon into the user's XDG folders. Run it again after
# moving the game's folder; remove ~/.local/share/applications/strife-table.desktop to undo.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
mkdir -p "$data/applications" "$data/icons/hicolor/256x256/apps"
cp "$here/strife-table.png" "$data/icons/hicolor/256x256/apps/strife-table.png"
sed -e "s|^Exec=.*|Exec=\"$here/strife-table\"|" -e "s|^TryExec=.*|TryExec=$here/strife-table|" \
    "$here/strife-table.desktop" > "$data/applications/strife-table.desktop"
chmod 644 "$data/applications/strife-table.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$data/applications" || true
echo "Strife Table is in your applications menu."
