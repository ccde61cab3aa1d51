"""``verify``: check an artifact folder's signature, then its whole format, before it is deployed."""

from __future__ import annotations

import argparse

from ..compiler.artifact import BUILD_KEY, EngineArtifact


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "verify",
        help="check an artifact folder's signature and format (runs nothing in it)",
        description="Check DIR's signature (signature.sig, written by `build --sign-key`) against the public key, "
        "then read DIR as EngineArtifact.load does: every file hashed, model.ep validated as a closed format. "
        "Nothing in DIR is run. A signature proves who signed, not which artifact: pin that with --expect-name, "
        "--not-older-than or --expect-build-key, so that another or an older artifact signed with the same key is "
        "refused. Exit 0: signed by the key's owner, unchanged and as expected; exit 2: unsigned, tampered, "
        "malformed or not the expected artifact.",
    )
    p.add_argument("folder", metavar="DIR", help="an artifact folder written by build / EngineArtifact.save")
    p.add_argument("--key", required=True, metavar="PUB", help="the public key (PEM) of the signing key")
    p.add_argument(
        "--expect-name",
        metavar="NAME",
        help="the name the artifact was signed under: its folder name (build MODEL: the model's name; a plan: "
        "MODEL/LABEL-PRECISION, e.g. resnet/sm89-fp16)",
    )
    p.add_argument(
        "--not-older-than",
        metavar="WHEN",
        help="refuse an artifact built before this date or UTC time (2026-11-01, 2026-11-01T12:00:00Z): a rollback",
    )
    p.add_argument(
        "--expect-build-key",
        metavar="KEY",
        help="the build farm's content key of the build you mean (build-summary.json, manifest metadata.build_key)",
    )
    p.set_defaults(run=run_verify)


def run_verify(args: argparse.Namespace) -> int:
    artifact = EngineArtifact.load(
        args.folder,
        verify_with=args.key,
        expect_name=args.expect_name,
        not_older_than=args.not_older_than,
        expect_build_key=args.expect_build_key,
    )
    engines = len(artifact.engines)
    key = artifact.metadata.get(BUILD_KEY)
    facts = [
        f"signed as {artifact.signed_as!r}",
        f"built {artifact.metadata.get('created', '?')}",
        f"build key {key[:16]}…" if isinstance(key, str) and key else "no build key",
    ]
    print(
        f"{args.folder}: signature verified with {args.key} ({', '.join(facts)}); format checked ({engines} "
        "engine(s)); nothing was run"
    )  # the command line writes through ux.display.safe
    return 0
