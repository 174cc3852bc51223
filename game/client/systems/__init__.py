"""Every rule system's client package, registered once: the ONE list of client registrations.

Owns: `CLIENT_SYSTEMS`, one `ClientSystem` record (game.client.registration) per system, in
the order the screenshots are taken (the first map system's example match is the backdrop of
the menu shots), and `client_system(id)`. Adding a system adds its package here and one line
to the list; nothing else in the client or the CLI names a system.

Must not: hold anything system-specific itself (that lives in each package), or be imported by
the lower layers (render, ui, presenters); scenes reach it through the app (`app.screens`).
"""
from __future__ import annotations

from game.client.registration import ClientSystem, find
from game.client.systems import bindings, gems, gemwielders, gu_masters, rpgstuck

CLIENT_SYSTEMS: tuple[ClientSystem, ...] = (gems.CLIENT, gemwielders.CLIENT, bindings.CLIENT,
                                            rpgstuck.CLIENT, gu_masters.CLIENT)


def client_system(system_id: str) -> ClientSystem:
    """The registration of `system_id` (NoScreen, a LookupError naming the known ones when there is none)."""
    return find(CLIENT_SYSTEMS, system_id)
