#!/bin/sh
# strife-table-cli on Linux: the game's own executable is a console program there already, so
# this starts it with the same arguments (build.spec copies this file beside it).
exec "$(dirname "$(readlink -f "$0")")/strife-table" "$@"
