"""``verify``: check an artifact folder's signature, then its whole format, before it is deployed."""

from __future__ import annotations

import argparse

from ..compiler.artifact import EngineArtifact


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "verify",
        help="check an artifact folder's signature and format (runs nothing in it)",
        description="Check DIR's signature (signature.sig, written by `build --sign-key`) against the public key, "
        "then read DIR as EngineArtifact.load does: every file hashed, model.ep validated as a closed format. "
        "Nothing in DIR is run. Exit 0: signed by the key's owner and unchanged; exit 2: unsigned, tampered or "
        "malformed.",
    )
    p.add_argument("folder", metavar="DIR", help="an artifact folder written by build / EngineArtifact.save")
    p.add_argument("--key", required=True, metavar="PUB", help="the public key (PEM) of the signing key")
    p.set_defaults(run=run_verify)


def run_verify(args: argparse.Namespace) -> int:
    artifact = EngineArtifact.load(args.folder, verify_with=args.key)
    engines = len(artifact.engines)
    print(
        f"{args.folder}: signature verified with {args.key}; format checked ({engines} engine(s)); nothing was run"
    )  # the command line writes through ux.display.safe
    return 0
