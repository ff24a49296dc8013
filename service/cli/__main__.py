"""``python -m service.cli``: the ``referee`` command."""

import sys

from .main import main

sys.exit(main())
