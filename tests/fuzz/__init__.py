"""A fuzz harness for hlo-translate's public entry points and its CLI.

Seeds come from the golden files and the generated corpus (HLO text, binary proto, proto text,
MLIR text and bytecode); mutators change them blindly (truncations, byte flips, splices) and
by structure (attributes, shapes, types, operand references, proto fields, deep nesting, huge
integers). The `stablehlo_spellings` entry point takes no mutations: it feeds valid MLIR text spelled
otherwise (`tests.fuzz.spellings`: named results, result numbers, renamed values, aliases, string escapes,
layout) and its outcome `spelling` is a bug: the spelled text converts otherwise than jaxlib's print of it, or
is refused where that print is not. Each case runs in a persistent worker process with a time limit, so that an abort, a
segfault or a hang is caught; failures are minimized into reproducers.

    python -m tests.fuzz --n 10000 --seed 1 --out fuzz-out     # what `make fuzz` runs

Outcome classes (`tests.fuzz.outcomes.Outcome`): ok, error (a TranslateError: the promise kept),
and the bugs: internal (InternalError), raw (any other exception), unlocated (a TranslateError
without a location), cli (the CLI broke its one-line/exit-2 contract), crash, hang, spelling.
"""
