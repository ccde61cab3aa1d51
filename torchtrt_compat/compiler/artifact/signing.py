"""Sign an artifact folder and check its signature, offline, with OpenSSF ``model-signing`` and an elliptic-curve key.

``sign_folder(DIR, KEY, name=...)`` hashes every file of the folder (sha256 each) into a manifest whose subject is
``name`` (the folder's final name, not the staging folder it is written in), signs it with the private key and writes
``DIR/signature.sig`` (a Sigstore bundle). ``verify_folder(DIR, PUB)`` checks that bundle against the public key and
compares the folder's listing with the files it signs, then (unless the caller checks every byte itself, as
`EngineArtifact.load` does) hashes them. It runs before anything in the folder is parsed, follows a symlinked folder
the way ``load`` does (``current -> releases/v3``), and writes nothing anywhere: it works on a read-only filesystem.
A deploy host that sets ``TORCHTRT_COMPAT_REQUIRE_SIGNATURE`` to a public key file loads only folders signed with the
matching private key (`required_key`).

Keys (P-256)::

    openssl ecparam -name prime256v1 -genkey -noout -out signing.key
    openssl ec -in signing.key -pubout -out signing.pub

Needs the ``sign`` extra (``pip install 'torchtrt-compat[sign]'``); imported only when signing or verifying.
"""

from __future__ import annotations

import copy
import hashlib
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import _atomic
from ..._bounded import loads_json, read_bytes, user_path
from ..._errors import UsageError
from ..._lazy import require

SIGNATURE = "signature.sig"
MAX_SIGNATURE_BYTES = 16 * 1024 * 1024
MAX_KEY_BYTES = 64 * 1024
REQUIRE_ENV = "TORCHTRT_COMPAT_REQUIRE_SIGNATURE"  #: a public key file; every EngineArtifact.load verifies with it
KEY_FIX = (
    "create a key pair: openssl ecparam -name prime256v1 -genkey -noout -out signing.key && "
    "openssl ec -in signing.key -pubout -out signing.pub"
)
_CURVES = (256, 384, 521)  #: the key sizes model-signing signs with (P-256, P-384, P-521)


@dataclass(frozen=True)
class SignedFolder:
    """What a verified signature binds: the name it was signed under and each file's sha256."""

    name: str  #: the subject of the signature: the artifact folder's name when it was signed
    digests: dict[str, str]  #: file (relative POSIX path) -> sha256 hex


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
    return user_path(value, what=REQUIRE_ENV, fix=f"set {REQUIRE_ENV} to the public key file")


def _key_bytes(path: str | os.PathLike[str], what: str) -> tuple[Path, bytes]:
    key = user_path(path, what=f"The {what}", fix=KEY_FIX)
    return key, read_bytes(key, limit=MAX_KEY_BYTES, what=f"The {what}", fix=KEY_FIX)  # a file, or a UsageError


def load_private_key(path: str | os.PathLike[str]) -> Any:
    """The elliptic-curve private key (PEM, unencrypted) in ``path``; anything else (a public key, an RSA or an
    encrypted key, a missing file) is a `UsageError`, so a build can check its key before it starts."""
    key, raw = _key_bytes(path, "signing key")
    require("model_signing", "to sign artifacts")  # the sign extra, which brings cryptography
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    fix = "pass an unencrypted elliptic-curve private key in PEM form (openssl ecparam -name prime256v1 -genkey)"
    try:
        private = serialization.load_pem_private_key(raw, password=None)
    except (ValueError, TypeError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        public = b"PUBLIC KEY" in raw[:200]
        why = "it is a public key; signing needs the private one" if public else first[:160]
        raise UsageError(f"Cannot sign with {key}: {why}.", fix) from None
    if not isinstance(private, ec.EllipticCurvePrivateKey) or private.curve.key_size not in _CURVES:
        raise UsageError(f"Cannot sign with {key}: it is not a P-256, P-384 or P-521 elliptic-curve key.", fix)
    return private


def load_public_key(path: str | os.PathLike[str]) -> Any:
    """The elliptic-curve public key (PEM) in ``path``; anything else is a `UsageError`."""
    return _public_key(*_key_bytes(path, "public key"))


def _public_key(key: Path, raw: bytes) -> Any:
    """The public key read from ``key`` (its bytes ``raw``), parsed; needs the ``[sign]`` extra."""
    require("model_signing", "to verify artifact signatures")
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    try:
        public = serialization.load_pem_public_key(raw)
    except (ValueError, TypeError, AttributeError):
        public = None
    if public is None and b"PRIVATE KEY-----" in raw[:4096]:
        raise UsageError(
            f"{key} is a private key; verifying takes the public key of the pair (and the private key should stay "
            "on the build host).",
            f"pass the public key, made from it with: openssl ec -in {key} -pubout -out signing.pub",
        )
    if not isinstance(public, ec.EllipticCurvePublicKey) or public.curve.key_size not in _CURVES:
        raise UsageError(
            f"{key} is not an elliptic-curve public key in PEM form.",
            "pass the public half of the signing key: openssl ec -in signing.key -pubout -out signing.pub",
        )
    return public


def key_fingerprint(public_key: Any) -> str:
    """sha256 of the key's PEM form: model-signing's key hint, and what a build key records of a signing key."""
    from cryptography.hazmat.primitives import serialization

    pem = public_key.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    return hashlib.sha256(pem).hexdigest()


def _hashing_config(model_signing: Any) -> Any:
    return model_signing.hashing.Config().set_ignored_paths(paths=[SIGNATURE], ignore_git_paths=False)


def sign_folder(
    folder: str | os.PathLike[str], private_key: str | os.PathLike[str], *, name: str | None = None
) -> Path:
    """Write ``folder/signature.sig`` over every other file of ``folder``, with ``name`` (default: the folder's name)
    as the signature's subject; returns its path. The signature file is created new (never through a symlink)."""

    key = load_private_key(private_key)
    model_signing = require("model_signing", "to sign artifacts")
    from model_signing._signing import sign_ec_key, signing

    source = Path(folder)
    target = source / SIGNATURE
    manifest = _hashing_config(model_signing).hash(source)
    subject = copy.copy(manifest)
    subject._name = name or source.name  # the in-toto subject: the name a deploy host can pin (--expect-name)

    class _Signer(sign_ec_key.Signer):
        def __init__(self) -> None:  # the key as read above (bounded, checked), not read again from its path
            self._private_key = key

    bundle = _Signer().sign(signing.Payload(subject)).bundle  # type: ignore[attr-defined]
    _atomic.write_file(target, bundle.to_json().encode("utf-8"))
    return target


def verify_folder(
    folder: str | os.PathLike[str], public_key: str | os.PathLike[str], *, hash_files: bool = True
) -> SignedFolder:
    """Check ``folder/signature.sig`` against ``public_key`` and the files of ``folder``; a `UsageError` otherwise.

    The folder is the one ``folder`` names after symlinks are followed (as `EngineArtifact.load` reads it); nothing
    is written anywhere. The listing must be exactly the signed files (no symlink, nothing added or missing), checked
    before any file is hashed. With ``hash_files`` every file is then hashed and compared; a caller that compares
    every byte it reads with the returned digests (`EngineArtifact.load`) passes False and reads each file once.
    """

    source = Path(folder)
    try:
        real = Path(os.path.realpath(source))
        return _verify(source, real, public_key, hash_files)
    except OSError as exc:
        raise UsageError(
            f"Cannot check the signature of {source}: {exc.strerror or exc}.", "pass a readable artifact folder"
        ) from None


def _verify(source: Path, real: Path, public_key: str | os.PathLike[str], hash_files: bool) -> SignedFolder:
    key_file = _key_bytes(public_key, "public key")  # the path and the file first: no extra needed to name them
    fix = "use the folder exactly as it was signed, or rebuild and sign it: torchtrt-compat build ... --sign-key KEY"
    signature = real / SIGNATURE
    if not real.is_dir():
        raise UsageError(f"Engine artifact {source} does not exist or is not a folder.", fix)
    if signature.is_symlink() or not signature.is_file():  # said before the key needs model-signing (a base install)
        raise UsageError(f"{source} is not signed (no {SIGNATURE}), and a signature is required.", fix)
    public = _public_key(*key_file)
    raw = read_bytes(signature, limit=MAX_SIGNATURE_BYTES, what="Signature", fix=fix)
    require("model_signing", "to verify artifact signatures")
    from model_signing._signing import sign_ec_key, sign_sigstore_pb
    from sigstore_models.bundle import v1 as bundle_pb

    def refused(detail: str) -> UsageError:
        return UsageError(
            f"The signature of {source} does not verify with the public key ({detail}): the folder was changed "
            "after it was signed, or signed with another key.",
            fix,
        )

    parsed = loads_json(raw, what=f"Signature {signature}", fix=fix, max_depth=32)
    try:
        material = parsed["verificationMaterial"]  # the same adjustments as model-signing's Signature.read
        material.setdefault("tlogEntries", [])
        if "publicKey" in material:
            material["publicKey"].setdefault("hint", None)
            for field in ("rawBytes", "keyDetails"):
                material["publicKey"].pop(field, None)
        bundle = bundle_pb.Bundle.from_dict(parsed)
        hint = key_fingerprint(public)
        if bundle.verification_material.public_key is not None and not bundle.verification_material.public_key.hint:
            # an old bundle without the key hint (not a signed part): give it ours, so model-signing verifies it
            # without printing its "older verification material format" warning on stdout
            bundle.verification_material.public_key.hint = hint

        class _Verifier(sign_ec_key.Verifier):
            def __init__(self) -> None:  # the key as read above (bounded, checked)
                self._public_key = public

        manifest = _Verifier().verify(sign_sigstore_pb.Signature(bundle))
    except Exception as exc:  # model_signing raises ValueError, pydantic, protobuf and cryptography errors alike
        text = " ".join(str(exc).split())
        raise refused(text[:200] or type(exc).__name__) from None
    serialization = manifest.serialization_type
    if serialization.get("method") != "files" or serialization.get("hash_type") != "sha256":
        raise refused("not a per-file sha256 signature")
    digests = {}
    for rd in manifest.resource_descriptors():
        digests[str(rd.identifier)] = rd.digest.digest_hex
    _check_listing(real, digests, refused)
    if hash_files:
        for name, digest in digests.items():
            if _sha256(real / name) != digest:
                raise refused(f"changed: {name}")
    return SignedFolder(str(manifest.model_name), digests)


def _check_listing(real: Path, digests: dict[str, str], refused: Any) -> None:
    """The folder holds exactly the signed files (and the signature): no symlink, nothing added or missing."""
    files = set()
    for rel in _atomic.folder_entries(real):
        st = os.lstat(real / rel)
        if stat.S_ISLNK(st.st_mode):
            raise refused(f"{rel} is a symlink")
        if stat.S_ISDIR(st.st_mode):
            continue
        if rel != SIGNATURE:
            files.add(rel)
    extra, missing = sorted(files - set(digests)), sorted(set(digests) - files)
    if extra or missing:
        detail = f"not signed: {extra[0]}" if extra else f"missing: {missing[0]}"
        raise refused(detail)
    if any(not re.fullmatch(r"[0-9a-f]{64}", d) for d in digests.values()):
        raise refused("malformed digests")


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            return ""
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()
