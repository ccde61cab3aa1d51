"""`explain`, round thirty-four (issue 36): a variant whose situation names the cause by itself (`Variant.sure`)
makes its family's answer sure where the family alone would say "likely" (a driver API entry point the driver's DLL
lacks is the driver's age); the family's other texts keep "likely"."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.table import KNOWN_ERRORS

_DIALOG = (
    "The procedure entry point cuCtxCreate_v3 could not be located in the dynamic link library C:\\App\\core.dll.\n"
)


def test_a_sure_variant_makes_the_answer_sure() -> None:
    found = explain(_DIALOG)
    assert found[0].key == "cuda-driver-insufficient" and found[0].confidence == "sure"
    assert "likely" not in found.summary, found.summary


def test_the_familys_other_texts_keep_likely() -> None:
    found = explain("RuntimeError: CUDA driver version is insufficient for CUDA runtime version\n")
    assert found[0].key == "cuda-driver-insufficient" and found[0].confidence == "likely"


def test_sure_variants_are_few_and_strict() -> None:
    # a sure variant must be chosen by its own situation: each one is strict (never chosen by the library alone)
    sure = [v for e in KNOWN_ERRORS for v in e.variants if v.sure]
    assert sure and all(v.strict for v in sure)
