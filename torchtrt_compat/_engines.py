"""Recognise torch_tensorrt engine modules by type name, so that no layer needs to import torch_tensorrt to ask."""

from __future__ import annotations

from typing import Any

ENGINE_MODULE_TYPES = ("TorchTensorRTModule", "PythonTorchTensorRTModule")


def is_engine(module: Any) -> bool:
    """A torch_tensorrt engine module (C++ or Python runtime)."""
    return type(module).__name__ in ENGINE_MODULE_TYPES


def has_engine(module: Any) -> bool:
    """An engine module, or a module (e.g. a compiled GraphModule) holding one anywhere below it."""
    modules = module.modules() if hasattr(module, "modules") else [module]
    return any(is_engine(m) for m in modules)
