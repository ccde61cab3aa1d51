"""Sign an artifact folder and check its signature, offline, with OpenSSF ``model-signing`` and an elliptic-curve key.

``sign_folder(DIR, KEY)`` hashes every file of the folder (sha256 each) into a manifest, signs it with the private
key and writes ``DIR/signature.sig`` (a Sigstore bundle). ``verify_folder(DIR, PUB)`` checks that bundle against the
public key, then hashes the folder again: a file added, removed or changed by one byte fails. It runs before anything
in the folder is parsed. A deploy host that sets ``TORCHTRT_COMPAT_REQUIRE_SIGNATURE`` to a public key file loads
only folders signed with the matching private key (`required_key`).

Keys (P-256)::

    openssl ecparam -name prime256v1 -genkey -noout -out signing.key
    openssl ec -in signing.key -pubout -out signing.pub

Needs the ``sign`` extra (``pip install 'torchtrt-compat[sign]'``); imported only when signing or verifying.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from ..._bounded import read_bytes
from ..._errors import UsageError
from ..._lazy import require

SIGNATURE = "signature.sig"
MAX_SIGNATURE_BYTES = 16 * 1024 * 1024
REQUIRE_ENV = "TORCHTRT_COMPAT_REQUIRE_SIGNATURE"  #: a public key file; every EngineArtifact.load verifies with it


def required_key() -> Path | None:
    """The public key a deploy host requires signatures from (``TORCHTRT_COMPAT_REQUIRE_SIGNATURE``), or None."""
    value = os.environ.get(REQUIRE_ENV, "").strip()
    if not value:
        return None
    if value.lower() in ("1", "true", "yes", "on"):
        raise UsageError(
            f"{REQUIRE_ENV}={value} requires signed artifacts but names no public key.",
            f"set {REQUIRE_ENV} to the public key file, e.g. {REQUIRE_ENV}=/etc/models/signing.pub",
        )
    return Path(value).expanduser()


def _key_file(path: str | os.PathLike[str], what: str) -> Path:
    key = Path(path).expanduser()
    if not key.is_file():
        raise UsageError(
            f"The {what} {key} does not exist or is not a file.",
            "create a key pair: openssl ecparam -name prime256v1 -genkey -noout -out signing.key && "
            "openssl ec -in signing.key -pubout -out signing.pub",
        )
    if what == "public key" and _is_private_key(key):
        raise UsageError(
            f"{key} is a private key; verifying takes the public key of the pair (and the private key should stay "
            "on the build host).",
            f"pass the public key, made from it with: openssl ec -in {key} -pubout -out signing.pub",
        )
    return key


def _is_private_key(key: Path) -> bool:
    try:
        with key.open("rb") as f:
            head = f.read(4096)
    except OSError:
        return False
    return b"PRIVATE KEY-----" in head


def _hashing_config(model_signing: object) -> object:
    return model_signing.hashing.Config().set_ignored_paths(paths=[SIGNATURE], ignore_git_paths=False)  # type: ignore[attr-defined]


def sign_folder(folder: str | os.PathLike[str], private_key: str | os.PathLike[str]) -> Path:
    """Write ``folder/signature.sig`` over every other file of ``folder``; returns its path."""

    key = _key_file(private_key, "signing key")
    model_signing = require("model_signing", "to sign artifacts")
    target = Path(folder) / SIGNATURE
    try:
        config = model_signing.signing.Config().use_elliptic_key_signer(private_key=key)
        config.set_hashing_config(_hashing_config(model_signing)).sign(Path(folder), target)
    except (ValueError, TypeError) as exc:
        raise UsageError(
            f"Cannot sign with {key}: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}.",
            "pass an unencrypted elliptic-curve private key in PEM form (openssl ecparam -name prime256v1 -genkey)",
        ) from None
    return target


def verify_folder(folder: str | os.PathLike[str], public_key: str | os.PathLike[str]) -> dict[str, str]:
    """Check ``folder/signature.sig`` against ``public_key`` and every file of ``folder``; a `UsageError` otherwise.

    Returns file -> sha256 as the verified signature lists them, so that a caller can check the bytes it then reads
    are the signed ones (a file swapped after this check is caught there). The signature is read once: the bytes
    verified are the bytes those digests come from.
    """

    source = Path(folder)
    key = _key_file(public_key, "public key")
    signature = source / SIGNATURE
    fix = "use the folder exactly as it was signed, or rebuild and sign it: torchtrt-compat build ... --sign-key KEY"
    if signature.is_symlink() or not signature.is_file():
        raise UsageError(f"{source} is not signed (no {SIGNATURE}), and a signature is required.", fix)
    raw = read_bytes(signature, limit=MAX_SIGNATURE_BYTES, what="Signature", fix=fix)
    model_signing = require("model_signing", "to verify artifact signatures")
    with tempfile.TemporaryDirectory(prefix="torchtrt_compat-sig-") as tmp:
        copy = Path(tmp) / SIGNATURE
        copy.write_bytes(raw)
        try:
            model_signing.verifying.Config().use_elliptic_key_verifier(public_key=key).verify(source, copy)
        except Exception as exc:  # model_signing raises ValueError, sigstore and cryptography errors alike
            text = " ".join(str(exc).split())
            changed = sorted(set(re.findall(r"Hash mismatch for '([^']{1,200})'", text)))
            detail = f"changed: {', '.join(changed)}" if changed else (text[:200] or type(exc).__name__)
            raise UsageError(
                f"The signature of {source} does not verify with {key} ({detail}): the folder was changed after it "
                "was signed, or signed with another key.",
                fix,
            ) from None
    return _signed_digests(raw, source, fix)


def _signed_digests(raw: bytes, source: Path, fix: str) -> dict[str, str]:
    """file -> sha256 from a verified bundle's in-toto statement (``predicate.resources``)."""
    import base64
    import json

    try:
        statement = json.loads(base64.b64decode(json.loads(raw)["dsseEnvelope"]["payload"]))
        predicate = statement["predicate"]
        if predicate["serialization"]["method"] != "files" or predicate["serialization"]["hash_type"] != "sha256":
            raise ValueError("not per-file sha256")
        digests = {r["name"]: r["digest"] for r in predicate["resources"] if r["algorithm"] == "sha256"}
    except (ValueError, KeyError, TypeError) as exc:
        raise UsageError(f"The signature of {source} is not a per-file sha256 signature ({exc}).", fix) from None
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in digests.items()):
        raise UsageError(f"The signature of {source} lists malformed digests.", fix)
    return digests
