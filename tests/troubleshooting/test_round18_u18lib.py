"""`explain`, round eighteen (issue 36): libraries' own wordings. A CUDA error an extension's check gives only by
number, cuDNN's own status for a version mismatch, TensorFlow's kernel registry for a GPU-only op, onnxruntime's
TensorRT provider asking for shape inference, the DataLoader pinning a GPU tensor, a library's silently failed
optional import, torch.onnx.export given inputs in another structure than forward takes, and a CUDA_HOME with a stray
separator in the build command. Each in its source's wording, with near misses that must not match."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_cuda_error_numbers_in_extensions_own_checks() -> None:
    # spconv's tensorview check (mmdet3d/ops/spconv: TV_CHECK_CUDA_ERR), as in open-mmlab/mmdetection3d#1495
    spconv = (
        "    return sparse_conv_ext.indice_conv_fp32(features, filters,\n"
        "RuntimeError: mmdet3d/ops/spconv/src/reordering_cuda.cu 57\ncuda execution failed with error 9"
    )
    key, fix = first(spconv)
    assert key == "cuda-invalid-configuration" and "max_voxels" in fix and "spconv 2.x" in fix
    # every number, read through the CUDA runtime's table, not one
    assert first("RuntimeError: src/foo_cuda.cu 57\ncuda execution failed with error 700")[0] == "illegal-memory-access"
    assert first("cudaCheckError() failed : 2")[0] == "gpu-out-of-memory"
    assert first("CUDA kernel launch failed: 209")[0] == "gpu-arch-unsupported"
    assert first("CUDA error code: 9 at kernel.cu:33")[0] == "cuda-invalid-configuration"
    # near misses: a number without a CUDA check's words states no CUDA error
    assert keys("execution failed with error 9") == []
    assert "cuda-invalid-configuration" not in keys("kernel failed with error 9 in the scheduler")


def test_cudnn_version_mismatch_status() -> None:
    # cuDNN's cudnnStatus_t name, as torch raises it (resemble-ai/Resemblyzer#88)
    assert first("RuntimeError: cuDNN error: CUDNN_STATUS_VERSION_MISMATCH")[0] == "torch-cudnn-version"
    # cuDNN 8's message when its sub-libraries are of another version
    loaded = "CuDNN library major and minor version needs to match or have higher minor version in case of CuDNN v7.6"
    assert "torch-cudnn-version" in keys(loaded)
    assert "torch-cudnn-version" not in keys("RuntimeError: cuDNN error: CUDNN_STATUS_NOT_SUPPORTED")


def test_tensorflow_gpu_only_op() -> None:
    # TensorFlow's op_kernel.cc (pushpendughosh/stock-market-forecasting#3; Keras CuDNNLSTM)
    bare = (
        "tensorflow.python.framework.errors_impl.InvalidArgumentError: No OpKernel was registered to support Op "
        "'CudnnRNN'"
    )
    key, fix = first(bare)
    assert key == "tf-gpu-only-op-no-kernel" and "tf.keras.layers.LSTM" in fix and "tensorflow[and-cuda]" in fix
    listed = (
        "No OpKernel was registered to support Op 'CudnnRNNV3' used by {{node cu_dnnlstm/CudnnRNNV3}} with these "
        "attrs: [seed=0]\nRegistered devices: [CPU]\nRegistered kernels:\n  device='GPU'; T in [DT_FLOAT]"
    )
    assert first(listed)[0] == "tf-gpu-only-op-no-kernel"
    # near miss: an op missing on a TensorFlow that has the GPU is another matter
    other = "No OpKernel was registered to support Op 'Foo' used by node. Registered devices: [CPU, GPU]"
    assert "tf-gpu-only-op-no-kernel" not in keys(other)


def test_onnxruntime_tensorrt_provider_shapes() -> None:
    # onnxruntime's tensorrt_execution_provider.cc (RVC-Boss/GPT-SoVITS#618)
    text = (
        "[ONNXRuntimeError] : 1 : FAIL : TensorRT input: /vq_model/enc_p/encoder_text/attn_layers.0/Pad_3_output_0 "
        "has no shape specified. Please run shape inference on the onnx model first. Details can be found in <url>"
    )
    found = explain(text)
    assert found[0].key == "ort-trt-ep-no-shape" and "symbolic_shape_infer" in found[0].fix
    assert "Pad_3_output_0" in (found[0].op or "")
    assert "ort-trt-ep-no-shape" not in keys("TensorRT input: images has shape (1, 3, 640, 640)")


def test_pin_memory_on_a_gpu_tensor() -> None:
    # torch's pin_memory check (quark0/darts#164: u8darts moves the data to CUDA and pins it)
    key, fix = first("RuntimeError: cannot pin 'torch.cuda.DoubleTensor' only dense CPU tensors can be pinned")
    assert key == "dataloader-pin-non-cpu-tensor" and "pin_memory=False" in fix
    key, fix = first("RuntimeError: cannot pin 'torch.sparse.FloatTensor' only dense CPU tensors can be pinned")
    assert key == "dataloader-pin-non-cpu-tensor" and "to_dense" in fix
    assert "dataloader-pin-non-cpu-tensor" not in keys("pin_memory=True, num_workers=4")


def test_optional_import_nameerror() -> None:
    # cellpose/core.py's guarded torch import (MouseLand/cellpose#241)
    text = (
        "~/anaconda3/envs/cellpose/lib/python3.7/site-packages/cellpose/core.py in assign_device(istorch, gpu)\n"
        "---> 84         device = torch_CPU if istorch else mx_CPU\n\nNameError: name 'torch_CPU' is not defined"
    )
    found = explain(text)
    assert found[0].key == "lib-optional-import-failed" and "import" in found[0].fix
    # near misses: a NameError in the user's own script, and a compiled extension's own row
    assert "lib-optional-import-failed" not in keys("  File \"train.py\", line 3\nNameError: name 'cp' is not defined")
    ext = (
        "  File \"/usr/lib/python3/dist-packages/groundingdino/ms_deform_attn.py\"\nNameError: name '_C' is not defined"
    )
    assert "lib-optional-import-failed" not in keys(ext)


def test_onnx_export_input_structure() -> None:
    # Turoad/lanedet#36: forward(batch) indexes batch['img'], export passed a tensor
    text = (
        "torch.onnx.export(\n    net1.module,\n    sample_input,\n    'model.onnx',\n    opset_version = 12)\n"
        "---> 23         fea = self.backbone(batch['img'])\nTypeError: new(): invalid data type 'str'"
    )
    key, fix = first(text)
    assert key == "export-onnx-input-structure" and "{'img': x}, {}" in fix
    missing = "torch.onnx.export(model, x, 'm.onnx')\nTypeError: forward() missing 1 required positional argument: 'x'"
    assert first(missing)[0] == "export-onnx-input-structure"
    # near miss: the same TypeError outside an export
    assert "export-onnx-input-structure" not in keys("TypeError: new(): invalid data type 'str'")


def test_cuda_home_with_a_stray_separator_in_the_build_command() -> None:
    # zhanghang1989/PyTorch-Encoding#297: ninja's command runs ':/usr/local/cuda/bin/nvcc'
    text = (
        "Error building extension 'enclib_gpu'\n[5/8] :/usr/local/cuda/bin/nvcc -DTORCH_EXTENSION_NAME=enclib_gpu "
        "-isystem /env/lib/python3.6/site-packages/torch/include -isystem :/usr/local/cuda/include -c rectify_cuda.cu "
        "-o rectify_cuda.cuda.o\nFAILED: rectify_cuda.cuda.o\nninja: build stopped: subcommand failed."
    )
    key, fix = first(text)
    assert key == "build-cuda-home-unset" and "toolkit's root only" in fix
    fine = (
        "Error building extension 'enclib_gpu'\n[5/8] /usr/local/cuda/bin/nvcc -DTORCH_EXTENSION_NAME=enclib_gpu "
        "-isystem /usr/local/cuda/include -c rectify_cuda.cu\nninja: build stopped: subcommand failed."
    )
    assert "build-cuda-home-unset" not in keys(fine)
