"""Sealing seat secrets in exports: readable again only by the server that sealed them.

Python's standard library has no block cipher, and the project adds no
dependency for this, so a sealed value is encrypted with a keystream of
HMAC-SHA256 blocks (HMAC as a pseudo-random function in counter mode, under a
nonce) and then authenticated with a second HMAC-SHA256 over the nonce
and ciphertext (encrypt-then-MAC): unreadable without the key, and any change
to the blob is noticed before anything is decrypted.

The nonce is random (16 bytes) and travels at the head of the blob, so
sealing the same secrets twice gives two different blobs: a reader can't
tell that two seats (or two exports) hold the same secret. Files sealed
before (whose nonce was derived from the plain text) open the same way, as
the nonce is read from the blob either way.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets

MARK = "$sealed"
NONCE_BYTES = 16
TAG_BYTES = 32
BLOCK = hashlib.sha256().digest_size


class SealBroken(ValueError):
    """The blob was not sealed with this key, or was changed since."""


def new_key() -> str:
    return secrets.token_hex(32)


def _subkey(key: str, purpose: bytes) -> bytes:
    return hmac.new(bytes.fromhex(key), purpose, hashlib.sha256).digest()


def key_id(key: str) -> str:
    """A short public name of the key: tells "another server sealed this" from "damaged"."""
    return _subkey(key, b"id").hex()[:16]


def _keystream(key: str, nonce: bytes, length: int) -> bytes:
    stream_key = _subkey(key, b"encrypt")
    blocks = (hmac.new(stream_key, nonce + n.to_bytes(8, "big"), hashlib.sha256).digest()
              for n in range(-(-length // BLOCK)))
    return b"".join(blocks)[:length]


def _tag(key: str, nonce: bytes, ciphertext: bytes) -> bytes:
    return hmac.new(_subkey(key, b"authenticate"), nonce + ciphertext, hashlib.sha256).digest()


def seal(key: str, value: object) -> dict:
    """`value` (anything JSON can hold) as an opaque {"$sealed": "..."}."""
    plain = json.dumps(value, ensure_ascii=False).encode("utf-8")
    nonce = secrets.token_bytes(NONCE_BYTES)
    ciphertext = bytes(a ^ b for a, b in zip(plain, _keystream(key, nonce, len(plain))))
    blob = nonce + ciphertext + _tag(key, nonce, ciphertext)
    return {MARK: base64.b64encode(blob).decode("ascii")}


def is_sealed(value: object) -> bool:
    return isinstance(value, dict) and set(value) == {MARK}


def unseal(key: str, sealed: dict) -> object:
    """The value `seal` was given. Raises SealBroken if another key sealed it or it was changed."""
    try:
        blob = base64.b64decode(sealed[MARK], validate=True)
    except (TypeError, ValueError):
        raise SealBroken from None
    nonce, ciphertext, tag = blob[:NONCE_BYTES], blob[NONCE_BYTES:-TAG_BYTES], blob[-TAG_BYTES:]
    if len(blob) < NONCE_BYTES + TAG_BYTES or not hmac.compare_digest(tag, _tag(key, nonce, ciphertext)):
        raise SealBroken
    plain = bytes(a ^ b for a, b in zip(ciphertext, _keystream(key, nonce, len(ciphertext))))
    return json.loads(plain.decode("utf-8"))
