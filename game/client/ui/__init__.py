"""Widgets, drawing helpers and dialogs shared by every scene (menus and the battle alike).

Entry points for other scenes: `ui.dialogs` (ConfirmDialog, ErrorDialog, DialogResult,
`confirm`), `ui.saving` (save/load flows, autosave), `ui.loading` (the loading screen of a
long save), `ui.draw` (table background, text) and
`ui.base.UIScene` (a scene whose pygame-gui elements live in one root container).

Must not: decide rules or change a match except through the save/load helpers.
"""
