"""``verify``: check an artifact folder's signature and whole format; with ``--run``, run it here beside its model."""

from __future__ import annotations

import argparse

from .._errors import UsageError
from ..compiler.artifact import BUILD_KEY, EngineArtifact
from ..host_selftest import prepare_artifact_check


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "verify",
        help="check an artifact folder's signature and format; --run: is it right, and faster, on this GPU?",
        description="Check DIR's signature (signature.sig, written by `build --sign-key`) against the public key, "
        "then read DIR as EngineArtifact.load does: every file hashed, model.ep validated as a closed format. "
        "Nothing in DIR is run. A signature proves who signed, not which artifact: pin that with --expect-name, "
        "--not-older-than or --expect-build-key, so that another or an older artifact signed with the same key is "
        "refused. Exit 0: signed by the key's owner, unchanged and as expected; exit 2: unsigned, tampered, "
        "malformed or not the expected artifact. With --run (on the deploy host): run the engines beside the "
        "PyTorch model (--model) on draws inside the recorded input shapes or on --inputs, and report per output the "
        "max absolute and relative error, cosine similarity and share outside the tolerance, latency p50/p99 against "
        "eager and torch.compile, and for a wrong FP16/BF16 artifact the layers to keep in FP32 "
        "(docs/deploy_check.md). Exit 0: right and faster than eager; 1: wrong, or slower than eager; 2: it cannot "
        "run here (the reason is printed) or bad input.",
    )
    p.add_argument("folder", metavar="DIR", help="an artifact folder written by build / EngineArtifact.save")
    p.add_argument("--key", metavar="PUB", help="the public key (PEM) of the signing key (required without --run)")
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
    run = p.add_argument_group("running the artifact here (--run)")
    run.add_argument(
        "--run", dest="execute", action="store_true", help="run the engines beside the PyTorch model on this host"
    )
    run.add_argument(
        "--model",
        metavar="SOURCE",
        help="the model DIR was built from: models:NAME, pkg.mod:function or a .ep/.pt2 with --trust (default: the "
        "catalogue model DIR records)",
    )
    run.add_argument("--trust", action="store_true", help="read a --model .ep/.pt2 (torch.export.load unpickles it)")
    run.add_argument(
        "--inputs",
        metavar="FILE",
        help="real inputs: a .pt (torch.save of a tuple, or a list of tuples; read with weights_only) or a .npz "
        "(arg0, arg1, ... or draw0_arg0, ...; read without pickle)",
    )
    run.add_argument("--runs", type=int, default=10, metavar="N", help="input draws to compare (default 10)")
    run.add_argument("--atol", type=float, default=None, help="absolute tolerance (default: catalogue or precision)")
    run.add_argument("--rtol", type=float, default=None, help="relative tolerance (default: catalogue or precision)")
    run.add_argument("--device", default="cuda:0", help="where to run (default cuda:0)")
    run.add_argument("--no-latency", action="store_true", help="compare outputs only (exit 0 then means right)")
    run.add_argument("--no-torch-compile", action="store_true", help="time eager only, not torch.compile")
    run.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(run=run_verify)


_PINS = ("expect_name", "not_older_than", "expect_build_key")
_RUN_ONLY = ("model", "inputs", "atol", "rtol", "json", "trust", "no_latency", "no_torch_compile")


def run_verify(args: argparse.Namespace) -> int:
    pins = {n: getattr(args, n) for n in _PINS}
    if not args.execute:
        given = [f"--{n.replace('_', '-')}" for n in _RUN_ONLY if getattr(args, n) not in (None, False)]
        if given:
            raise UsageError(f"{given[0]} applies to --run.", "add --run, or drop it")
        if args.key is None:
            raise UsageError("verify needs --key PUB (or --run).", "torchtrt-compat verify DIR --key signing.pub")
        return _verify_signature(args, pins)
    prepared = prepare_artifact_check(
        args.folder,
        args.model,
        key=args.key,
        pins=pins,
        trust=args.trust,
        inputs_file=args.inputs,
        runs=args.runs,
        atol=args.atol,
        rtol=args.rtol,
        latency=not args.no_latency,
        torch_compile=not args.no_torch_compile,
    )
    check = prepared.run(device=args.device)
    signed = f"signature verified with {args.key}" if args.key else "signature not checked (no --key)"
    if args.json:
        print(check.to_json())
    else:
        print(f"{args.folder}: {signed}; format checked")
        print(check)
    return check.exit_code


def _verify_signature(args: argparse.Namespace, pins: dict[str, str | None]) -> int:
    """`verify DIR --key PUB`: the signature, the format and the pins checked; nothing run."""
    artifact = EngineArtifact.load(
        args.folder,
        verify_with=args.key,
        expect_name=pins["expect_name"],
        not_older_than=pins["not_older_than"],
        expect_build_key=pins["expect_build_key"],
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
