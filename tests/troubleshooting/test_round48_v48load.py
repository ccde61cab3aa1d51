"""`explain`, round forty-eight (issue 36): loading models and checkpoints onto the GPU and quantization toolkits'
runs. transformers' offload_folder ValueError, accelerate refusing .to() on a dispatched model, a library's own
"requires accelerate" ImportError, a missing checkpoint shard of a quantized repository, a loader's KeyError on a
quantized tensor, a checkpoint of another layout, the optimizer state at resume, a calibration's out-of-memory and
embedding assert, torchao's skipped extensions and a CPU-only int8 model run on the GPU. Near misses keep their
answers."""

from __future__ import annotations

from _explain import first


def test_offload_folder_required() -> None:
    for text in (
        "ValueError: The current `device_map` had weights offloaded to the disk. Please provide an `offload_folder` "
        "for them. Alternatively, make sure you have `safetensors` installed if the model you are using offers the "
        "weights in this format.",
        "  File \"run.py\", line 9, in <module>\n    m = AutoModelForCausalLM.from_pretrained(p, device_map='auto')\n"
        "ValueError: The current `device_map` had weights offloaded to the disk. Please provide an \n`offload_folder`",
    ):
        key, fix = first(text)
        assert key == "hf-offload-folder-required" and "offload_folder" in fix and "load_in_4bit" in fix, text


def test_moving_a_dispatched_model() -> None:
    for text in (
        "RuntimeError: You can't move a model that has some modules offloaded to cpu or disk.",
        "You shouldn't move a model when it is dispatched on multiple devices.\nTraceback (most recent call last):\n"
        '  File "app\\loader.py", line 30, in load\nRuntimeError\n:\n'
        "You can't move a model that has some modules offloaded to cpu or disk.",
    ):
        key, fix = first(text)
        assert key == "accelerate-meta-offload" and "device_map={'': 0}" in fix and "remove_hook" in fix, text
    # the meta-tensor failure keeps the family's own fix
    key, fix = first("RuntimeError: Tensor on device meta is not on the expected device cuda:0!")
    assert key == "accelerate-meta-offload" and "remove_hook" not in fix


def test_a_library_requires_an_optional_dependency() -> None:
    comfy = (
        '  File "D:\\ComfyUI_windows_portable\\ComfyUI\\custom_nodes\\my-node\\nodes.py", line 50, in load\n'
        "ImportError: Using `low_cpu_mem_usage=True` or a `device_map` requires Accelerate: `pip install "
        "'accelerate>=0.26.0'`"
    )
    key, fix = first(comfy)
    assert key == "py-module-missing" and "python_embeded" in fix and "accelerate" in fix
    key, fix = first(
        "ImportError: \nLlamaTokenizerFast requires the protobuf library but it was not found in your environment."
    )
    assert key == "py-module-missing" and "optional dependency" in fix
    # a plain missing module keeps its generic fix
    key, fix = first("ModuleNotFoundError: No module named 'einops'")
    assert key == "py-module-missing" and "optional dependency" not in fix


def test_missing_shard_of_a_quantized_repository() -> None:
    key, fix = first(
        'FileNotFoundError: No such file or directory: "/cache/models--org--Some-7B-AWQ/snapshots/abc/'
        'model-00001-of-00003.safetensors"'
    )
    assert key == "py-hf-model-unavailable" and "ships packed" in fix
    key, fix = first("FileNotFoundError: No such file or directory: '/data/llm/pytorch_model-00002-of-00002.bin'")
    assert key == "py-hf-model-unavailable" and "partial download" in fix and "ships packed" not in fix
    key, _ = first(
        "OSError: Error no file named pytorch_model.bin, model.safetensors, tf_model.h5, model.ckpt.index or "
        "flax_model.msgpack found in directory /models/x."
    )
    assert key == "py-hf-model-unavailable"
    # another missing file is no shard
    key, _ = first("FileNotFoundError: No such file or directory: 'data/train.csv'")
    assert key != "py-hf-model-unavailable"


def test_quant_checkpoint_param_keyerror() -> None:
    for name in ("model.layers.3.self_attn.q_proj.weight_zero_point", "layers.0.mlp.up_proj.qzeros"):
        key, fix = first(
            "(EngineCore pid=12) ERROR [core.py:1] EngineCore failed to start.\n"
            '  File "vllm/model_executor/models/qwen2.py", line 400, in load_weights\n'
            f"    param = params_dict[name]\nKeyError: '{name}'"
        )
        assert key == "quant-checkpoint-param-keyerror" and "symmetric" in fix, name
    # a KeyError on a plain weight is not this
    assert first("KeyError: 'model.layers.0.mlp.down_proj.weight'")[0] != "quant-checkpoint-param-keyerror"


def test_checkpoint_layout_keyerror() -> None:
    for text in (
        '  File "tools/convert_ckpt_to_hf.py", line 40, in main\n    sd = ckpt["state"]["model"]\nKeyError: \'state\'',
        "ckpt = torch.load(args.weights)\nKeyError: 'state_dict'",
    ):
        key, fix = first(text)
        assert key == "checkpoint-layout-keyerror" and "map_location='cpu'" in fix, text
    # a config's KeyError without any checkpoint is not this
    assert first("KeyError: 'model'\n  File \"train.py\", line 3, in <module>\n    cfg['model']")[0] != (
        "checkpoint-layout-keyerror"
    )


def test_optimizer_state_at_resume_by_an_optimizer_name() -> None:
    key, fix = first(
        "Prodigy optimizer after resuming:\nRuntimeError: Expected all tensors to be on the same device, but found "
        "at least two devices, cuda:0 and cpu!"
    )
    assert key == "device-mismatch" and "optimizer's state" in fix
    key, fix = first("RuntimeError: Expected all tensors to be on the same device, but found at least two devices")
    assert key == "device-mismatch" and "optimizer's state" not in fix


def test_calibration_out_of_memory_and_embedding_assert() -> None:
    key, fix = first(
        "2025-01-01 | oneshot | INFO - llmcompressor calibration with GPTQModifier\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB"
    )
    assert key == "gpu-out-of-memory" and "sequential" in fix
    key, fix = first("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB")
    assert key == "gpu-out-of-memory" and "sequential pipeline" not in fix
    assert_line = (
        "../aten/src/ATen/native/cuda/Indexing.cu:1292: indexSelectLargeIndex: block: [1,0,0], thread: [2,0,0] "
        "Assertion `srcIndex < srcSelectDimSize` failed."
    )
    key, fix = first("loading calibration data from cache/dataloader_llama_wikitext2_128.cache\n" + assert_line)
    assert key == "torch-device-assert" and "calibration" in fix and "tokenizer" in fix
    key, fix = first(assert_line)
    assert key == "torch-device-assert" and "calibration" not in fix


def test_torchao_skipped_extensions_is_a_notice() -> None:
    text = "Skipping import of cpp extensions due to incompatible torch version 2.6.0+cu124 for torchao version 0.13.0"
    key, fix = first(text)
    assert key in ("warnings-only", "optional-extension-import-notice"), key
    from torchtrt_compat.troubleshooting import explain

    found = explain(text)
    assert found and found[0].key == "optional-extension-import-notice" and "torchao" in found[0].fix


def test_cpu_only_quantized_model_on_the_gpu() -> None:
    key, fix = first(
        "[INFO] Pass quantize model elapsed time: 1200.5 ms\nGPU available: True (cuda), used: True\n"
        "Validation DataLoader 0:   0%|          | 0/10 Segmentation fault (core dumped)"
    )
    assert key == "native-crash" and "accelerator='cpu'" in fix
    key, fix = first("GPU available: True (cuda), used: True\nSegmentation fault (core dumped)")
    assert key == "native-crash" and "accelerator='cpu'" not in fix
