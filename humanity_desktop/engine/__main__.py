"""`python -m humanity_desktop.engine`: the JSON-lines protocol (see docs/protocol.md)."""
import sys

from .protocol import main

sys.exit(main())
