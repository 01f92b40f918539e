"""Opening sealed exports in tests: each seal has a random nonce, so two
exports of one table differ in their sealed bytes only; compare them opened."""

from __future__ import annotations

from companion import sealing


def opened(key: str, value):
    """`value` with every sealed part unsealed with `key`."""
    if sealing.is_sealed(value):
        return sealing.unseal(key, value)
    if isinstance(value, dict):
        return {k: opened(key, v) for k, v in value.items()}
    if isinstance(value, list):
        return [opened(key, v) for v in value]
    return value
