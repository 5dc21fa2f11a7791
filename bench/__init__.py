"""Benchmarks (`make bench`): speed of our parser, printer and converters next to XLA's C++."""
