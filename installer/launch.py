"""Entry script of the frozen program: the same ``main()`` that ``python -m tournament_director`` runs."""

import sys

from tournament_director.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
