"""The QR payload of a marker: namespace, format version, component number and a check character.

``W71`` + three base-36 digits of the marker number + a Luhn mod 36 check character, 7 characters
of the QR alphanumeric set, so the code fits a version-1 QR code (21x21 modules) at error
correction level H (at most 10 alphanumeric characters). Reading is strict: a payload that is not
ours, has a bad check character, an unknown version or an unknown component is rejected with the
reason, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.jsonread import quoted
from companion.markers.registry import Component, MarkerRegistry

__all__ = ["ALPHABET", "PAYLOAD_LENGTH", "Rejection", "check_character", "encode_payload", "read_payload"]

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
NUMBER_DIGITS = 3
PAYLOAD_LENGTH = 2 + 1 + NUMBER_DIGITS + 1
REASONS = ("foreign", "unknown_version", "malformed", "bad_check", "unknown_component")


@dataclass(frozen=True)
class Rejection:
    """Why a decoded text is not one of our markers."""

    reason: str
    """One of ``foreign``, ``unknown_version``, ``malformed``, ``bad_check``, ``unknown_component``."""
    message: str

    def __str__(self) -> str:
        return self.message


def check_character(body: str) -> str:
    """The Luhn mod 36 check character of `body`: any single changed character changes it."""
    total = 0
    factor = 2
    for char in reversed(body):
        addend = factor * ALPHABET.index(char)
        total += addend // len(ALPHABET) + addend % len(ALPHABET)
        factor = 3 - factor
    return ALPHABET[(len(ALPHABET) - total % len(ALPHABET)) % len(ALPHABET)]


def _base36(number: int) -> str:
    digits = ""
    for _ in range(NUMBER_DIGITS):
        number, rest = divmod(number, len(ALPHABET))
        digits = ALPHABET[rest] + digits
    return digits


def encode_payload(number: int, registry: MarkerRegistry) -> str:
    """The QR text of marker `number`.

    :raises ValueError: when the number is outside what three base-36 digits hold.
    """
    if not 0 <= number < len(ALPHABET) ** NUMBER_DIGITS:
        raise ValueError(f"marker number {number} out of range")
    body = f"{registry.namespace}{ALPHABET[registry.payload_version]}{_base36(number)}"
    return body + check_character(body)


def read_payload(text: str, registry: MarkerRegistry) -> Component | Rejection:
    """The component a QR text stands for, or why it is refused."""
    namespace = registry.namespace
    if not text.startswith(namespace):
        shown = text if len(text) <= 40 else text[:37] + "..."
        return Rejection("foreign", f"not a Table Companion marker: {shown!r}")
    version = text[len(namespace):len(namespace) + 1]
    if version != ALPHABET[registry.payload_version]:
        return Rejection("unknown_version", f"marker format version {version!r} is not supported "
                                            f"(this program reads version {registry.payload_version})")
    if len(text) != PAYLOAD_LENGTH or any(char not in ALPHABET for char in text[len(namespace):]):
        return Rejection("malformed", f"malformed marker payload {quoted(text, 40)}")
    body, check = text[:-1], text[-1]
    if check_character(body) != check:
        return Rejection("bad_check", f"bad check character in {text!r}")
    number = int(text[len(namespace) + 1:-1], len(ALPHABET))
    component = registry.get(number)
    if component is None:
        return Rejection("unknown_component", f"marker {number} ({text}) is no known component")
    return component
