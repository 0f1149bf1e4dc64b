"""Readers of other programs' files.

Each reader is pure: a file's bytes go in, plain immutable values come out (frozen dataclasses, tuples, strings,
numbers), and nothing is written anywhere. A file that cannot be read is refused with one exception type per
reader, a ``DomainError`` whose message names the file and the problem. Turning what was read into this program's
commands is the services' business, not the reader's.

- ``tdt``: saves of The Tournament Director 3 (``.tdt``, versions 3.0 to 3.7).
"""
