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


# --- issue 22: architectures not in the zoo before, from tiny configs ------------------------------------------------


def _decoder(name: str, what: str) -> Callable[[Callable[[], Any]], Any]:
    return _register(name, f"{what}, use_cache=False, 1x16 token ids", _tokens())


@_decoder("mixtral", "MixtralForCausalLM (sparse mixture of experts: top-2 of 4), 1 layer")
def mixtral() -> Any:
    import transformers

    config = transformers.MixtralConfig(
        vocab_size=1000, hidden_size=64, intermediate_size=128, num_hidden_layers=1, num_attention_heads=4,
        num_key_value_heads=2, num_local_experts=4, num_experts_per_tok=2, max_position_embeddings=64, use_cache=False,
    )  # fmt: skip
    return transformers.MixtralForCausalLM(config)


@_decoder("rwkv", "RwkvForCausalLM (linear-time recurrence, in-place weight rescale), 2 layers")
def rwkv() -> Any:
    import transformers

    config = transformers.RwkvConfig(
        vocab_size=1000, context_length=64, hidden_size=64, num_hidden_layers=2, attention_hidden_size=64,
        intermediate_size=128, rescale_every=1, use_cache=False,
    )  # fmt: skip
    return transformers.RwkvForCausalLM(config)


@_decoder("falcon", "FalconForCausalLM (parallel attention + MLP, multi-query), 2 layers")
def falcon() -> Any:
    import transformers

    config = transformers.FalconConfig(
        vocab_size=1000, hidden_size=64, num_hidden_layers=2, num_attention_heads=4, use_cache=False
    )
    return transformers.FalconForCausalLM(config)


@_decoder("mistral", "MistralForCausalLM (sliding-window attention, GQA), 2 layers")
def mistral() -> Any:
    import transformers

    config = transformers.MistralConfig(
        vocab_size=1000, hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=4,
        num_key_value_heads=2, max_position_embeddings=64, sliding_window=8, use_cache=False,
    )  # fmt: skip
    return transformers.MistralForCausalLM(config)


@_decoder("qwen2", "Qwen2ForCausalLM (QKV bias, GQA), 2 layers")
def qwen2() -> Any:
    import transformers

    config = transformers.Qwen2Config(
        vocab_size=1000, hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=4,
        num_key_value_heads=2, max_position_embeddings=64, use_cache=False,
    )  # fmt: skip
    return transformers.Qwen2ForCausalLM(config)


@_decoder("phi", "PhiForCausalLM (partial rotary, parallel blocks), 2 layers")
def phi() -> Any:
    import transformers

    config = transformers.PhiConfig(
        vocab_size=1000, hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=4,
        max_position_embeddings=64, use_cache=False,
    )  # fmt: skip
    return transformers.PhiForCausalLM(config)


@_decoder("gpt_neox", "GPTNeoXForCausalLM (fused QKV, rotary), 2 layers")
def gpt_neox() -> Any:
    import transformers

    config = transformers.GPTNeoXConfig(
        vocab_size=1000, hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=4,
        max_position_embeddings=64, use_cache=False,
    )  # fmt: skip
    return transformers.GPTNeoXForCausalLM(config)


@_decoder("bloom", "BloomForCausalLM (ALiBi position bias), 2 layers")
def bloom() -> Any:
    import transformers

    config = transformers.BloomConfig(vocab_size=1000, hidden_size=64, n_layer=2, n_head=4, use_cache=False)
    return transformers.BloomForCausalLM(config)


@_decoder("opt", "OPTForCausalLM (learned positions), 2 layers")
def opt() -> Any:
    import transformers

    config = transformers.OPTConfig(
        vocab_size=1000, hidden_size=64, ffn_dim=128, num_hidden_layers=2, num_attention_heads=4,
        max_position_embeddings=64, word_embed_proj_dim=64, use_cache=False,
    )  # fmt: skip
    return transformers.OPTForCausalLM(config)


@_register("albert", "AlbertModel (shared layers, factorized embedding), 1x16 token ids", _tokens())
def albert() -> Any:
    import transformers

    config = transformers.AlbertConfig(
        vocab_size=1000, embedding_size=32, hidden_size=64, num_hidden_layers=2, num_attention_heads=2,
        intermediate_size=128,
    )  # fmt: skip
    return transformers.AlbertModel(config)


@_register("deberta_v2", "DebertaV2Model (disentangled relative attention), 1x16 token ids", _tokens())
def deberta_v2() -> Any:
    import transformers

    config = transformers.DebertaV2Config(
        vocab_size=1000, hidden_size=64, num_hidden_layers=2, num_attention_heads=2, intermediate_size=128,
        max_position_embeddings=64,
    )  # fmt: skip
    return transformers.DebertaV2Model(config)


def _pixels_64() -> tuple[Any, ...]:
    import torch

    return (torch.randn(1, 3, 64, 64),)


@_register("segformer", "SegformerForSemanticSegmentation (efficient attention, Mix-FFN), 1x3x64x64", _pixels_64)
def segformer() -> Any:
    import transformers

    config = transformers.SegformerConfig(
        num_encoder_blocks=2, depths=[1, 1], sr_ratios=[4, 2], hidden_sizes=[16, 32], num_attention_heads=[1, 2],
        patch_sizes=[7, 3], strides=[4, 2], mlp_ratios=[2, 2], decoder_hidden_size=32, num_labels=4,
    )  # fmt: skip
    return transformers.SegformerForSemanticSegmentation(config)


@_register("swin", "SwinModel (shifted windows), 1x3x64x64", _pixels_64)
def swin() -> Any:
    import transformers

    config = transformers.SwinConfig(
        image_size=64, patch_size=4, embed_dim=16, depths=[1, 1], num_heads=[1, 2], window_size=4
    )
    return transformers.SwinModel(config)


@_register("clip_vision", "CLIPVisionModel (quick-GELU ViT), 1x3x32x32", _pixels)
def clip_vision() -> Any:
    import transformers

    config = transformers.CLIPVisionConfig(
        hidden_size=64, intermediate_size=128, num_hidden_layers=2, num_attention_heads=2, image_size=32,
        patch_size=8,
    )  # fmt: skip
    return transformers.CLIPVisionModel(config)


def _audio() -> tuple[Any, ...]:
    import torch

    return (torch.randn(1, 4000),)


@_register("wav2vec2", "Wav2Vec2Model (conv feature encoder, positional conv), 1x4000 samples", _audio)
def wav2vec2() -> Any:
    import transformers

    config = transformers.Wav2Vec2Config(
        hidden_size=64, num_hidden_layers=2, num_attention_heads=2, intermediate_size=128,
        conv_dim=(32, 32, 32), conv_stride=(5, 4, 4), conv_kernel=(10, 4, 4), num_conv_pos_embeddings=16,
        num_conv_pos_embedding_groups=4, do_stable_layer_norm=True,
    )  # fmt: skip
    return transformers.Wav2Vec2Model(config)


@_register("detr", "DetrForObjectDetection (ResNet backbone, learned queries), 1x3x64x64, no timm backbone", _pixels_64)
def detr() -> Any:
    import torch
    import transformers

    backbone = transformers.ResNetConfig(
        embedding_size=16, hidden_sizes=[16, 32, 64, 64], depths=[1, 1, 1, 1], out_features=["stage4"]
    )
    config = transformers.DetrConfig(
        use_timm_backbone=False, backbone_config=backbone, use_pretrained_backbone=False, d_model=32,
        encoder_layers=1, decoder_layers=1, encoder_attention_heads=2, decoder_attention_heads=2,
        encoder_ffn_dim=64, decoder_ffn_dim=64, num_queries=10, num_labels=4,
    )  # fmt: skip
    inner = transformers.DetrForObjectDetection(config)

    class Boxes(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.model = inner

        def forward(self, pixel_values: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
            out = self.model(pixel_values=pixel_values)
            return out.logits, out.pred_boxes

    return Boxes()
