"""Drawing helpers for the client: the Tiled map picture and cell geometry (tilemap), and the
battle scene's board view and sprites. Nothing here decides a rule."""
