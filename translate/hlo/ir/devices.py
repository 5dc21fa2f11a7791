"""The most devices a sharding or a replica group list may name, and the check that refuses more."""

from __future__ import annotations

from hlo_translate.errors import TranslateError

# The most devices a tile assignment, a mesh or a replica group list may name: far beyond any real system
# (the largest have around 10^5 devices). XLA keeps an iota lazy; we build the device list, so 2^32 devices
# would be 32 GiB, and the explicit groups of 2^24 devices a minute of Python: 2^20 lists in about a second.
MAX_DEVICES = 1 << 20


def check_device_count(count: int, what: str) -> None:
    """Refuse `what` naming `count` devices when that is more than MAX_DEVICES (before any array is built)."""
    if count > MAX_DEVICES:
        raise TranslateError(f"{what} names {count} devices, more than the {MAX_DEVICES} hlo-translate supports")
