"""transformers architectures for the zoo (the optional ``zoo`` extra), each built from a tiny config.

Random weights from the config alone: no hub access, no tokenizer. ``use_cache=False`` for decoders: with the
default ``use_cache=True`` their output holds a ``DynamicCache``, which ``torch.export`` cannot flatten
(torchtrt_compat then raises a `UsageError` naming this fix). Entries are skipped when transformers is missing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import register_model


def _tokens(length: int = 16) -> Callable[[], tuple[Any, ...]]:
    def make() -> tuple[Any, ...]:
        import torch

        return (torch.randint(0, 1000, (1, length)),)

    return make


def _pixels() -> tuple[Any, ...]:
    import torch

    return (torch.randn(1, 3, 32, 32),)


def _register(name: str, what: str, inputs: Callable[[], tuple[Any, ...]]) -> Callable[[Callable[[], Any]], Any]:
    return register_model(
        f"hf_{name}",
        inputs=inputs,
        atol=1e-2,
        description=f"transformers {what} from a tiny config (random weights).",
        tags=("zoo", "transformers"),
        requires=("transformers",),
    )


@_register("bert", "BertModel, 2 layers, hidden 64, 1x16 token ids", _tokens())
def bert() -> Any:
    import transformers

    config = transformers.BertConfig(
        vocab_size=1000, hidden_size=64, num_hidden_layers=2, num_attention_heads=2, intermediate_size=128
    )
    return transformers.BertModel(config)


@_register("distilbert", "DistilBertModel, 2 layers, dim 64, 1x16 token ids", _tokens())
def distilbert() -> Any:
    import transformers

    config = transformers.DistilBertConfig(vocab_size=1000, dim=64, n_layers=2, n_heads=2, hidden_dim=128)
    return transformers.DistilBertModel(config)


@_register("gpt2", "GPT2LMHeadModel (Conv1D projections), 2 layers, n_embd 128, use_cache=False", _tokens())
def gpt2() -> Any:
    import transformers

    config = transformers.GPT2Config(vocab_size=1000, n_positions=64, n_embd=128, n_layer=2, n_head=4, use_cache=False)
    return transformers.GPT2LMHeadModel(config)


@_register("llama", "LlamaForCausalLM (rotary, RMSNorm, grouped KV heads), 2 layers, use_cache=False", _tokens())
def llama() -> Any:
    import transformers

    config = transformers.LlamaConfig(
        vocab_size=1000,
        hidden_size=64,
        intermediate_size=128,
        num_hidden_layers=2,
        num_attention_heads=4,
        num_key_value_heads=2,
        max_position_embeddings=64,
        use_cache=False,
    )
    return transformers.LlamaForCausalLM(config)


@_register("t5_encoder", "T5EncoderModel (relative position bias), 2 layers, d_model 64", _tokens())
def t5_encoder() -> Any:
    import transformers

    config = transformers.T5Config(
        vocab_size=1000, d_model=64, d_kv=16, d_ff=128, num_layers=2, num_heads=4, use_cache=False
    )
    return transformers.T5EncoderModel(config)


@_register("vit", "ViTModel, 2 layers, hidden 64, 1x3x32x32 pixels, patch 8", _pixels)
def vit() -> Any:
    import transformers

    config = transformers.ViTConfig(
        hidden_size=64,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=128,
        image_size=32,
        patch_size=8,
    )
    return transformers.ViTModel(config)
