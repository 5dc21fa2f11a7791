"""The bundled examples: reviewed StableHLO <-> HLO pairs (`hlo-translate demo` and the golden tests)."""
