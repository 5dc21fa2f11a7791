"""Placeholder."""
def lift_sdy_round_trip(module) -> bool:
    return False
