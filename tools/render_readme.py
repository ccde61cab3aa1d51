#!/usr/bin/env python3
"""Regenerate the generated tables of README.md and docs/*.md from the code and the results that decide them.

- ``translation`` (docs/compile_settings.md): every row is a call of ``torchtrt_compat.compiler.settings.translate``
  on the compile fields of each published torch_tensorrt release (``torchtrt_compat/data/compile_surface.json``,
  extracted from the wheels); releases whose cells all agree share a column; each distinct note is a numbered
  footnote under the table. Nothing in the table is written by hand.
- ``shims`` (docs/shims.md): ``torchtrt_compat.list_shims()``: name, stage, who needs it, what it does.
- ``cli`` (docs/cli.md): every command of the argparse parsers with its flags, and its exit codes from
  ``torchtrt_compat.cli.EXIT_CODES``.
- ``zoo`` (docs/model_zoo.md): the table of ``benchmarks/results/compile_zoo.json``.
- ``explain_accuracy`` (docs/explain.md): the sets of ``benchmarks/results/explain_accuracy.json``.
- ``explain_held_out`` (docs/explain.md): the sets of issue 36 judged by hand, blind first, from the same file.

Usage: python tools/render_readme.py [FILE ...]   (rewrites the text between the GENERATED markers of README.md and
docs/*.md, or of the files named). ``tests/test_readme.py`` fails when a file differs from what this writes.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from packaging.version import Version  # noqa: E402

from torchtrt_compat._atomic import atomic_write_text  # noqa: E402


def _releases() -> list[tuple[str, Any]]:
    from torchtrt_compat.compiler.releases import known_releases

    rows = []
    for fields in known_releases().values():
        label = fields.version if fields.package == "torch-tensorrt" else f"rtx {fields.version}"
        rows.append((fields.package, Version(fields.version), label, fields))
    rows.sort(key=lambda r: (r[0] != "torch-tensorrt", r[1]))
    return [(label, fields) for _, _, label, fields in rows]


def _cases() -> list[tuple[str, dict[str, Any], Any]]:
    import torch

    half = {torch.half}
    return [
        ("`enabled_precisions={torch.half}`", {}, half),
        ("`use_explicit_typing=True`", {"use_explicit_typing": True}, None),
        ("`use_explicit_typing=True` with `enabled_precisions={torch.half}`", {"use_explicit_typing": True}, half),
        ("`truncate_long_and_double=True`", {"truncate_long_and_double": True}, None),
        ("`refit=True`", {"refit": True}, None),
        ("`make_refittable=True`", {"make_refittable": True}, None),
        ("`immutable_weights=False`", {"immutable_weights": False}, None),
        ("`debug=True`", {"debug": True}, None),
        ("`use_python_runtime=True`", {"use_python_runtime": True}, None),
        ('`device="cuda"`', {"device": "cuda"}, None),
        ("`cache_built_engines=True`", {"cache_built_engines": True}, None),
        (
            "`cache_built_engines=True, immutable_weights=True`",
            {"cache_built_engines": True, "immutable_weights": True},
            None,
        ),
        ("`enabled_precisions={torch.bfloat16}`", {}, {torch.bfloat16}),
        ("`enable_autocast=True` with `enabled_precisions={torch.half}`", {"enable_autocast": True}, half),
        (
            "`cache_built_engines=True, enable_weight_streaming=True`",
            {"cache_built_engines": True, "enable_weight_streaming": True},
            None,
        ),
        ("`use_distributed_mode_trace=True`", {"use_distributed_mode_trace": True}, None),
        ("an unknown name, e.g. `min_blok_size=3`", {"min_blok_size": 3}, None),
    ]


def _value(v: Any) -> str:
    if isinstance(v, (set, frozenset)):
        return "{" + ", ".join(sorted(_value(x) for x in v)) + "}"
    return repr(v)


def _cell(kwargs: dict[str, Any], precisions: Any, fields: Any, notes: list[str]) -> str:
    """What ``translate`` passes for one release; its notes become footnote numbers (``notes`` collects them)."""
    from torchtrt_compat._errors import CompatError
    from torchtrt_compat.compiler.settings import translate

    try:
        out = translate(dict(kwargs), fields, precisions)
    except TypeError as exc:
        hint = re.search(r"Did you mean '(\w+)'\?", str(exc))
        return "`TypeError`" + (f" (did you mean `{hint.group(1)}`?)" if hint else "")
    except CompatError as exc:
        return f"`{type(exc).__name__}` {_mark(_general(exc.problem, fields), notes)}"
    passed = ", ".join(f"{k}={_value(v)}" for k, v in out.kwargs.items())
    parts = [f"`{passed}`" if passed else "nothing passed"]
    if out.debug_logging:
        parts.append("logger at DEBUG")
    marks = [_mark(_general(note, fields), notes) for note in out.notes]
    return ", ".join(parts) + (" " + " ".join(marks) if marks else "")


def _mark(text: str, notes: list[str]) -> str:
    if text not in notes:
        notes.append(text)
    return f"[{notes.index(text) + 1}]"


def _general(text: str, fields: Any) -> str:
    """A note or error without the release number, so releases that behave alike share a footnote."""
    text = text.replace(f"{fields.package} {fields.version}", fields.package)
    return text.replace(f"torch_tensorrt {fields.version}", "torch_tensorrt").replace("|", "\\|")


def translation_table() -> str:
    releases = _releases()
    cases = _cases()
    notes: list[str] = []
    cells = [[_cell(kwargs, prec, fields, notes) for _, fields in releases] for _, kwargs, prec in cases]
    columns: list[tuple[list[str], list[str]]] = []  # (labels, cells of that group)
    for j, (label, _) in enumerate(releases):
        column = [row[j] for row in cells]
        if columns and columns[-1][1] == column and columns[-1][0][0].startswith("rtx") == label.startswith("rtx"):
            columns[-1][0].append(label)
        else:
            columns.append(([label], column))
    heads = [
        labels[0] if len(labels) == 1 else f"{labels[0]} – {labels[-1].removeprefix('rtx ')}" for labels, _ in columns
    ]
    lines = ["| you pass | " + " | ".join(heads) + " |", "|---" * (len(heads) + 1) + "|"]
    for i, (name, _, _) in enumerate(cases):
        lines.append(f"| {name} | " + " | ".join(col[i] for _, col in columns) + " |")
    lines.append("")
    lines.append("Notes and errors (each note is a line in the `CompileReport` warnings, with the release number):")
    lines.append("")
    lines += [f"{i}. {text}" for i, text in enumerate(notes, 1)]
    return "\n".join(lines)


def shims_table() -> str:
    from torchtrt_compat.shims import list_shims

    lines = ["| shim | stage | needed by | what it does |", "|---|---|---|---|"]
    for s in list_shims():
        summary = s.summary.replace("|", "\\|")
        lines.append(f"| `{s.name}` | {s.stage} | {s.needed_by()} | {summary} |")
    return "\n".join(lines)


def cli_table() -> str:
    """One row per command: its synopsis (every flag, from the parser itself), what it does, its exit codes."""
    from torchtrt_compat.cli import COMMAND_GROUPS, COMMON_EXIT_CODES, EXIT_CODES, build_parser

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {c.dest: c.help for c in commands._choices_actions}
    lines = ["| command | what it does | exit codes |", "|---|---|---|"]
    for _, names in COMMAND_GROUPS:
        for name in names:
            synopsis = _synopsis(name, commands.choices[name])
            codes = "; ".join(f"{code} {text}" for code, text in EXIT_CODES[name].items())
            lines.append(f"| `{synopsis}` | {helps.get(name, '')} | {codes} |".replace("||", "|"))
    common = "; ".join(f"{code} {text}" for code, text in COMMON_EXIT_CODES.items())
    lines += ["", f"Every command may also exit with: {common}."]
    return "\n".join(lines)


def _synopsis(name: str, sub: argparse.ArgumentParser) -> str:
    parts = [name]
    for action in sub._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        if not action.option_strings:
            metavar = action.metavar or action.dest.upper()
            parts.append(f"[{metavar}]" if action.nargs in ("?", "*") else str(metavar))
            continue
        flag = max(action.option_strings, key=len)
        if action.nargs == 0:
            parts.append(f"[{flag}]")
        elif action.choices:
            choices = "|".join(str(c) for c in action.choices)
            parts.append(f"[{flag} {choices}]")
        else:
            metavar = action.metavar or action.dest.upper()
            more = " ..." if action.nargs in ("+", "*") or isinstance(action, argparse._AppendAction) else ""
            optional = " [" + str(metavar) + "]" if action.nargs == "?" else f" {metavar}"
            parts.append(f"{flag}{optional}{more}" if action.required else f"[{flag}{optional}{more}]")
    return " ".join(parts).replace("|", "\\|")


def _results(name: str) -> dict[str, Any]:
    return json.loads((ROOT / "benchmarks" / "results" / f"{name}.json").read_text(encoding="utf-8"))


def zoo_table() -> str:
    return str(_results("compile_zoo")["markdown"]).strip()


_SETS = {
    "explain_corpus": "corpus (patterns written against it; pytorch/TensorRT, NVIDIA/TensorRT, torch2trt, ...)",
    "explain_holdout": "held out with the corpus (same searches)",
    "explain_fresh": "fresh (drawn before its patterns were written; most from repositories the corpus never touched)",
    "explain_blind": "blind (drawn after the patterns, never used to tune them)",
}


def explain_accuracy_table() -> str:
    sets = _results("explain_accuracy")["sets"]
    lines = [
        "| sample | reports | cause established | right | partial | missed | wrong |",
        "|---|---|---|---|---|---|---|",
    ]
    for key, label in _SETS.items():
        row = sets[key]
        cells = [row[k] for k in ("cases", "established", "right", "partial", "missed", "wrong")]
        lines.append(f"| {label} | " + " | ".join(str(c) for c in cells) + " |")
    return "\n".join(lines)


#: The sets judged by hand (issue 36): (results key, label, [(verdict key, when it was judged)]).
_HELD_OUT = (
    (
        "explain_round3",
        "round three",
        [
            ("blind_by_hand", "**blind**: first answers before its fixes"),
            ("after_by_hand", "after round three's fixes (not blind)"),
            ("after_round4_by_hand", "after round four's fixes (not blind)"),
        ],
    ),
    (
        "explain_round4",
        "round four",
        [
            ("blind_by_hand", "**blind**: first answers before its fixes"),
            ("after_by_hand", "after round four's fixes (not blind)"),
        ],
    ),
    (
        "explain_round5",
        "round five",
        [
            ("blind_by_hand", "**blind**: first answers after round four's fixes, before its own"),
            ("after_by_hand", "after round five's fixes (not blind)"),
        ],
    ),
)


#: round six's samples, one per domain (a results key ``explain_round6_<domain>``), and round seven's blind sample
_ROUND6_DOMAINS = {
    "ort": "onnxruntime",
    "trt": "TensorRT builder and parser",
    "native": "native builds",
    "torch": "torch CUDA runtime",
    "export": "export and quantization",
    "serve": "serving and edge",
    "generic": "Python's long tail",
}
_ROUND6_WHENS = [
    ("blind_by_hand", "**blind**: first answers before round six's fixes"),
    ("after_by_hand", "after round six's fixes (not blind)"),
]
_LATER_ROUNDS = (
    (
        "explain_round7",
        "round seven",
        [
            ("blind_by_hand", "**blind**: first answers after every round-six fix"),
            ("after_by_hand", "after round seven's fixes (not blind)"),
        ],
    ),
    (
        "explain_round8",
        "round eight",
        [
            ("blind_by_hand", "**blind**: first answers after every round-seven fix"),
            ("after_by_hand", "after round eight's fixes (not blind)"),
        ],
    ),
    (
        "explain_round9",
        "round nine",
        [
            ("blind_by_hand", "**blind**: first answers after every round-eight fix"),
            ("after_by_hand", "after round nine's fixes (not blind)"),
        ],
    ),
    (
        "explain_round10",
        "round ten (bindings in other languages, deploy tasks, forums)",
        [
            ("blind_by_hand", "**blind**: first answers after every round-nine fix"),
            ("after_by_hand", "after round ten's fixes (not blind)"),
        ],
    ),
    (
        "explain_round11",
        "round eleven (model domains, symptoms, deploy targets)",
        [
            ("blind_by_hand", "**blind**: first answers after every round-ten fix and the round-eleven families"),
            ("after_by_hand", "after round eleven's fixes (not blind)"),
        ],
    ),
    (
        "explain_round12",
        "round twelve (pipeline steps, libraries beyond torch, users' own words)",
        [
            ("blind_by_hand", "**blind**: first answers after every round-eleven fix and the round-twelve families"),
            ("after_by_hand", "after round twelve's fixes (not blind)"),
        ],
    ),
    (
        "explain_round13",
        "round thirteen (operating systems, compute environments, GPU models)",
        [
            ("blind_by_hand", "**blind**: first answers after every round-twelve fix and the round-thirteen families"),
            ("after_by_hand", "after round thirteen's fixes (not blind)"),
        ],
    ),
    (
        "explain_round14",
        "round fourteen (other languages than English, the user's task, how the job was launched)",
        [
            ("blind_by_hand", "**blind**: first answers after every round-thirteen fix"),
            ("after_by_hand", "after round fourteen's fixes (not blind)"),
        ],
    ),
    (
        "explain_round15",
        "round fifteen (versions named, first lines of errors and forum questions, kinds of project)",
        [
            ("blind_by_hand", "**blind**: first answers after every round-fourteen fix"),
            ("after_by_hand", "after round fifteen's fixes (not blind)"),
        ],
    ),
    (
        "explain_round16",
        "round sixteen (how the stack was installed, numeric error codes, the tool or CLI that ran)",
        [
            ("blind_by_hand", "**blind**: first answers after every round-fifteen fix"),
            ("after_by_hand", "after round sixteen's fixes (not blind)"),
        ],
    ),
    (
        "explain_round17",
        "round seventeen (hardware form factor and host set-up, model conversion paths, a dependency that changed)",
        [
            ("blind_by_hand", "**blind**: first answers after every round-sixteen fix"),
            ("after_by_hand", "after round seventeen's fixes (not blind)"),
        ],
    ),
    (
        "explain_round18",
        "round eighteen (the newest stacks, scientific and industry domains, long pastes)",
        [
            ("blind_by_hand", "**blind**: first answers after every round-seventeen fix"),
            ("after_by_hand", "after round eighteen's fixes (not blind)"),
        ],
    ),
    (
        "explain_round19",
        "round nineteen (GPU memory and model sizes, model architectures, first-time users' own words)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-eighteen fix (`5f48831`)",
            ),
            ("after_by_hand", "after round nineteen's fixes (not blind)"),
        ],
    ),
    (
        "explain_round20",
        "round twenty (precision and quantization, calling languages other than Python, multi-GPU and device choice)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-nineteen fix (`7041428`)",
            ),
            ("after_by_hand", "after round twenty's fixes (not blind)"),
        ],
    ),
    (
        "explain_round21",
        "round twenty-one (the failing operation, saving and loading artifacts, JIT and kernel compilers)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-twenty fix (`a384891`)",
            ),
            ("after_by_hand", "after round twenty-one's fixes (not blind)"),
        ],
    ),
    (
        "explain_round22",
        "round twenty-two (GPU data pipelines, frameworks and processes sharing a GPU, graphics and rendering)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-twenty-one fix (`1a3f5a4`)",
            ),
            ("after_by_hand", "after round twenty-two's fixes (not blind)"),
        ],
    ),
    (
        "explain_round23",
        "round twenty-three (permissions, file systems and sandboxes; offline or restricted networks; machines "
        "without an NVIDIA GPU)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-twenty-two fix (`fe2f251`)",
            ),
            ("after_by_hand", "after round twenty-three's fixes (not blind)"),
        ],
    ),
    (
        "explain_round24",
        "round twenty-four (failures after a while or now and then, web services and task workers, virtualised "
        "and external GPUs)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-twenty-three fix (`afd07e7`)",
            ),
        ],
    ),
    (
        "explain_round25",
        "round twenty-five (training and orchestration wrappers, old stacks from 2017 to 2021, pastes that are "
        "not one plain traceback)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-twenty-four fix (`f06e813`)",
            ),
            ("after_by_hand", "after round twenty-five's fixes (not blind)"),
        ],
    ),
    (
        "explain_round26",
        "round twenty-six (a project's own test suite and CI, debugging and profiling tools' output, silent wrong "
        "results and numeric trouble)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-twenty-five fix (`78603b8`)",
            ),
            ("after_by_hand", "after round twenty-six's fixes (not blind)"),
        ],
    ),
    (
        "explain_round27",
        "round twenty-seven (robotics and autonomous machines, courses and tutorials, hand-written CUDA C++ "
        "programs and libraries)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-twenty-six fix (`b314d25`)",
            ),
            ("after_by_hand", "after round twenty-seven's fixes (not blind)"),
        ],
    ),
    (
        "explain_round28",
        "round twenty-eight, cut short when the session's search budget ran out (pastes with an environment dump, "
        "environment confusion)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-twenty-seven fix (`4084c32`)",
            ),
        ],
    ),
    (
        "explain_round29",
        "round twenty-nine (GPU cloud and managed platforms, a job that runs but not on the GPU or slowly, audio and "
        "speech projects)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-twenty-eight fix (`41acb02`)",
            ),
            ("after_by_hand", "after round twenty-nine's fixes (not blind)"),
        ],
    ),
    (
        "explain_round30",
        "round thirty (GPU inference in browsers and on phones and small devices, GPU code driven from languages "
        "other than Python and C++, creative and media tools)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-twenty-nine fix (`862dd0f`)",
            ),
            ("after_by_hand", "after round thirty's fixes (not blind)"),
        ],
    ),
    (
        "explain_round31",
        "round thirty-one (graph, point-cloud and sparse-tensor libraries, fine-tuning stacks and their kernel "
        "packages, classic machine learning, search and recommenders on the GPU)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-thirty fix (`bdd14b2`)",
            ),
            ("after_by_hand", "after round thirty-one's fixes (not blind)"),
        ],
    ),
    (
        "explain_round32",
        "round thirty-two (reinforcement learning and game agents, medical imaging and biology models, OCR, "
        "tracking and video analytics)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-thirty-one fix (`ed467fc`)",
            ),
            ("after_by_hand", "after round thirty-two's fixes (not blind)"),
        ],
    ),
    (
        "explain_round33",
        "round thirty-three (LLM inference servers and local LLM apps, image and video generation tools, CUDA "
        "applications that are not deep learning)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-thirty-two fix (`bf3deab`)",
            ),
            ("after_by_hand", "after round thirty-three's fixes (not blind)"),
        ],
    ),
    (
        "explain_round34",
        "round thirty-four (3D reconstruction and neural rendering, time-series and tabular deep learning, "
        "vision-language and open-vocabulary vision models)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-thirty-three fix (`29b2c74`)",
            ),
            ("after_by_hand", "after round thirty-four's fixes (not blind)"),
        ],
    ),
    (
        "explain_round35",
        "round thirty-five (face analysis, face swapping and image restoration, natural-language processing "
        "libraries, scientific and physical simulation ML)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-thirty-four fix (`216f042`)",
            ),
            ("after_by_hand", "after round thirty-five's fixes (not blind)"),
        ],
    ),
    (
        "explain_round36",
        "round thirty-six (model serving and deployment frameworks, research code for vision backbones and "
        "detector training, AutoML and job tooling and game or simulation engines with ML)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-thirty-five fix (`84c2e4a`)",
            ),
            ("after_by_hand", "after round thirty-six's fixes (not blind)"),
        ],
    ),
    (
        "explain_round37",
        "round thirty-seven (federated, privacy-preserving and secure ML and trading ML, spiking networks and "
        "brain-signal deep learning, model compression and learning-method research code)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-thirty-six fix (`2c6de9f`)",
            ),
            ("after_by_hand", "after round thirty-seven's fixes (not blind)"),
        ],
    ),
    (
        "explain_round38",
        "round thirty-eight (self-hosted home apps with GPU inference or transcoding, agriculture, ecology and "
        "wildlife ML, pretraining and large-scale training of language models)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-thirty-seven fix (`9b93f3d`)",
            ),
            ("after_by_hand", "after round thirty-eight's fixes (not blind)"),
        ],
    ),
    (
        "explain_round39",
        "round thirty-nine (chat bots and assistants on local models, anime, manga and illustration tools, "
        "benchmarks and evaluation harnesses)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-thirty-eight fix (`ec744d7`)",
            ),
            ("after_by_hand", "after round thirty-nine's fixes (not blind)"),
        ],
    ),
    (
        "explain_round40",
        "round forty (data-science notebooks and analytics libraries, robot and drone perception on embedded "
        "NVIDIA boards, physics and astronomy codes)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-thirty-nine fix (`b3d5869`)",
            ),
            ("after_by_hand", "after round forty's fixes (not blind)"),
        ],
    ),
    (
        "explain_round41",
        "round forty-one (pose estimation, tracking and action recognition, quantum circuit and tensor-network "
        "simulators, GPU kernel languages and ML compilers)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-forty fix (`808979e`)",
            ),
            ("after_by_hand", "after round forty-one's fixes (not blind)"),
        ],
    ),
    (
        "explain_round42",
        "round forty-two (depth estimation, optical flow and frame interpolation, recommender systems and "
        "embedding tables, autonomous driving and 3D perception)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-forty-one fix (`b2a58d8`)",
            ),
            ("after_by_hand", "after round forty-two's fixes (not blind)"),
        ],
    ),
    (
        "explain_round43",
        "round forty-three (vector search and retrieval, GPU back-ends other than CUDA, molecular and materials ML)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-forty-two fix (`f2fb21e`)",
            ),
            ("after_by_hand", "after round forty-three's fixes (not blind)"),
        ],
    ),
    (
        "explain_round44",
        "round forty-four (multi-GPU communication, GPU data loading and decoding, JAX and TensorFlow projects)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-forty-three fix (`15e4687`)",
            ),
            ("after_by_hand", "after round forty-four's fixes (not blind)"),
        ],
    ),
    (
        "explain_round45",
        "round forty-five (Windows desktops and WSL2, containers and HPC clusters, talking heads, avatars, "
        "body models and text-to-3D)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-forty-four fix (`b8fe835`)",
            ),
            ("after_by_hand", "after round forty-five's fixes (not blind)"),
        ],
    ),
    (
        "explain_round46",
        "round forty-six (video analytics pipelines, model conversion toolchains, computer-vision libraries built "
        "with CUDA)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-forty-five fix (`6efa5c0`)",
            ),
            ("after_by_hand", "after round forty-six's fixes (not blind)"),
        ],
    ),
    (
        "explain_round47",
        "round forty-seven (torch.compile and torch.export in projects, ggml-family runtimes built with CUDA, "
        "package managers and source builds)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-forty-six fix (`5533f17`)",
            ),
            ("after_by_hand", "after round forty-seven's fixes (not blind)"),
        ],
    ),
    (
        "explain_round48",
        "round forty-eight (quantization and low-precision toolkits, loading models and checkpoints onto the GPU, "
        "GPU drivers and virtualization)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-forty-seven fix (`42dd32f`)",
            ),
            ("after_by_hand", "after round forty-eight's fixes (not blind)"),
        ],
    ),
    (
        "explain_round49",
        "round forty-nine (speech and audio models, robot learning and GPU simulators, scientific, graph and "
        "point-cloud models, OCR and image and video restoration)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-forty-eight fix (`4ab21a4`)",
            ),
            ("after_by_hand", "after round forty-nine's fixes (not blind)"),
        ],
    ),
    (
        "explain_round50",
        "round fifty (state-space models, RWKV and attention kernels, earth observation and weather models, video "
        "generation)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-forty-nine fix (`468e0f0`)",
            ),
            ("after_by_hand", "after round fifty's fixes (not blind)"),
        ],
    ),
    (
        "explain_round51",
        "round fifty-one (GPU data science and recommenders, pose, tracking, re-identification and face projects, "
        "GPU kernel frameworks other than torch, ML runtimes from other languages)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-fifty fix (`019bce1`)",
            ),
            ("after_by_hand", "after round fifty-one's fixes (not blind)"),
        ],
    ),
    (
        "explain_round52",
        "round fifty-two (differentiable rendering and 3D graphics, LLM fine-tuning toolkits, autonomous driving and "
        "3D detection, medical imaging and microscopy)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-fifty-one fix (`85bf5b6`)",
            ),
            ("after_by_hand", "after round fifty-two's fixes (not blind)"),
        ],
    ),
    (
        "explain_round53",
        "round fifty-three (RLHF and LLM post-training frameworks, interatomic potentials and protein-structure "
        "models, on-device and non-CUDA inference engines, LLM inference engines other than the most popular one)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-fifty-two fix (`261bc88`)",
            ),
            ("after_by_hand", "after round fifty-three's fixes (not blind)"),
        ],
    ),
    (
        "explain_round54",
        "round fifty-four (GPU docking and cheminformatics, vision-language LLMs, large-scale pretraining frameworks, "
        "diffusion-model training tools)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-fifty-three fix (`c04aa1a`)",
            ),
            ("after_by_hand", "after round fifty-four's fixes (not blind)"),
        ],
    ),
    (
        "explain_round55",
        "round fifty-five (quantum chemistry and molecular simulation codes, scientific machine learning, neuroscience "
        "tools, anomaly detection and image-classification training)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-fifty-four fix (`87c3bdf`)",
            ),
            ("after_by_hand", "after round fifty-five's fixes (not blind)"),
        ],
    ),
    (
        "explain_round56",
        "round fifty-six (time-series forecasting and GPU tabular learners, document AI and PDF pipelines, "
        "text-to-video generation, GPU operations tooling and CUDA programs outside machine learning)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-fifty-five fix (`68f833a`)",
            ),
            ("after_by_hand", "after round fifty-six's fixes (not blind)"),
        ],
    ),
    (
        "explain_round57",
        "round fifty-seven (board-game engines and their GUIs, weather, climate and earth-observation ML, LLM GPU "
        "kernel libraries, voice-cloning and speech-synthesis apps)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-fifty-six fix (`7b86cf9`)",
            ),
            ("after_by_hand", "after round fifty-seven's fixes (not blind)"),
        ],
    ),
    (
        "explain_round58",
        "round fifty-eight (genomics and sequencing tools, GPU physics simulators for robot learning, image-to-3D "
        "generation, LLM quantization toolkits)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-fifty-seven fix (`e4b9e76`)",
            ),
            ("after_by_hand", "after round fifty-eight's fixes (not blind)"),
        ],
    ),
    (
        "explain_round59",
        "round fifty-nine (GPU video codecs and video-analytics pipelines, text embeddings and RAG serving, "
        "distributed training launchers, NVIDIA Jetson and embedded deployment)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-fifty-eight fix (`37a848e`)",
            ),
            ("after_by_hand", "after round fifty-nine's fixes (not blind)"),
        ],
    ),
    (
        "explain_round60",
        "round sixty (promptable segmentation and open-vocabulary detection, audio generation and source separation, "
        "Windows and WSL2 setups, managed cloud notebooks and GPU rental platforms)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-fifty-nine fix (`fa1de98`)",
            ),
            ("after_by_hand", "after round sixty's fixes (not blind)"),
        ],
    ),
    (
        "explain_round61",
        "round sixty-one (super-resolution and image restoration, OCR engines, GPU point clouds, SLAM and 3D "
        "reconstruction)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-sixty fix (`1cd3d83`)",
            ),
            ("after_by_hand", "after round sixty-one's fixes (not blind)"),
        ],
    ),
    (
        "explain_round62",
        "round sixty-two (model-serving servers, graph neural networks, matting and inpainting tools, reinforcement "
        "learning, optical flow and stereo, translation and NLP toolkits, CLIP-style models, classic CUDA vision "
        "libraries)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-sixty-one fix (`083631b`)",
            ),
            ("after_by_hand", "after round sixty-two's fixes (not blind)"),
        ],
    ),
    (
        "explain_round63",
        "round sixty-three (hyperparameter search, self-supervised pretraining, model compression, GPU data loading "
        "and storage, cryo-EM and tomography, segmentation toolkits, tabular AutoML, physics and astronomy on GPUs)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-sixty-two fix (`96a1c9b`)",
            ),
            ("after_by_hand", "after round sixty-three's fixes (not blind)"),
        ],
    ),
    (
        "explain_round64",
        "round sixty-four (learned compression, federated and private learning, music analysis, adversarial "
        "robustness and verification, continual and meta-learning, probabilistic programming, spiking networks, "
        "course code)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-sixty-three fix (`3037896`)",
            ),
            ("after_by_hand", "after round sixty-four's fixes (not blind)"),
        ],
    ),
    (
        "explain_round65",
        "round sixty-five (GPU image-processing libraries, hand and gaze tracking, traffic analytics and crowd "
        "counting, speech enhancement, 3D human bodies, LLM evaluation harnesses, notebook servers; a small set)",
        [
            (
                "blind_by_hand",
                "**blind**: first answers after every round-sixty-four fix (`09b4cc4`)",
            ),
            ("after_by_hand", "after round sixty-five's fixes (not blind)"),
        ],
    ),
)


def _held_out_sets(results: dict[str, Any]) -> list[tuple[str, str, list[tuple[str, str]]]]:
    sets = list(_HELD_OUT)
    for key in sorted(k for k in results if k.startswith("explain_round6_")):
        domain = key.removeprefix("explain_round6_")
        sets.append((key, f"round six, {_ROUND6_DOMAINS.get(domain, domain)}", _ROUND6_WHENS))
    sets += [later for later in _LATER_ROUNDS if later[0] in results]
    return sets


def explain_held_out_table() -> str:
    results = _results("explain_accuracy")
    lines = [
        "| set | judged by hand | right | partial | wrong | missed |",
        "|---|---|---|---|---|---|",
    ]
    for key, label, whens in _held_out_sets(results):
        r = results[key]
        n = r["cases"]
        for i, (verdicts, when) in enumerate(whens):
            v = r[verdicts]
            name = f"{label}: {n} reports, {r['repositories']} repositories" if i == 0 else ""
            right = f"{v['right']} ({100 * v['right'] / n:.0f}%)"
            lines.append(f"| {name} | {when} | {right} | {v['partial']} | {v['wrong']} | {v['miss']} |")
    return "\n".join(lines)


SECTIONS = {
    "translation": translation_table,
    "shims": shims_table,
    "cli": cli_table,
    "zoo": zoo_table,
    "explain_accuracy": explain_accuracy_table,
    "explain_held_out": explain_held_out_table,
}


def sections_in(text: str) -> list[str]:
    return [name for name in SECTIONS if f"<!-- BEGIN GENERATED {name} (tools/render_readme.py) -->" in text]


def render(text: str) -> str:
    """``text`` with each GENERATED block it holds rewritten from the code (a file may hold any of them)."""
    for name in sections_in(text):
        begin, end = f"<!-- BEGIN GENERATED {name} (tools/render_readme.py) -->", f"<!-- END GENERATED {name} -->"
        if end not in text:
            raise SystemExit(f"{begin!r} has no {end!r}")
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
        text = f"{head}{begin}\n{SECTIONS[name]()}\n{end}{tail}"
    return text


def documents() -> list[Path]:
    """The files that may hold generated blocks: README.md and docs/*.md."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def main(argv: list[str]) -> int:
    for path in [Path(a) for a in argv[1:]] or documents():
        text = path.read_text(encoding="utf-8")
        new = render(text)
        if new != text:
            atomic_write_text(path, new)
            print(f"rewrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
