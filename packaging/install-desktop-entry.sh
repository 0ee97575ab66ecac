#!/bin/sh
# Adds Humanity Desktop to your applications menu. Run it from the unpacked folder once, and
# again if you move the folder: the menu entry points at the folder where it is now.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
mkdir -p "$apps"
sed "s|@APPDIR@|$here|g" "$here/humanity-desktop.desktop" > "$apps/humanity-desktop.desktop"
echo "Humanity Desktop is in the applications menu ($apps/humanity-desktop.desktop)."
