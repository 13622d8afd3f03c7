"""``python -m croupier``: the same command line as the installed ``croupier``."""

from croupier.cli import main

if __name__ == "__main__":
    main()
