"""Every rule system. Importing this package registers them all in game.engine.registry."""
from . import gems  # noqa: F401
from . import gemwielders  # noqa: F401
from . import bindings  # noqa: F401
