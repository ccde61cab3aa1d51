"""Wrong numbers without a crash (issue 36, round twenty-six): outputs that fail a comparison with their reference
(a PCC / golden check of an accelerator compiler's tests, torch.testing's and numpy.testing's tolerance checks,
polygraphy's TensorRT-against-ONNX-Runtime comparison), a model compiled for an accelerator that answers at chance
level, and the notices of paths that compute differently from the CPU: Theano without cuDNN on an old GPU, a GPU
runtime that computes in half precision (MACE's OpenCL), a deformable convolution whose offsets blow up during training.

Beside them: NaN / Inf in outputs or a loss is torch-nan-outputs (`families.torch_runtime`), a copy between GPUs that
arrives as zeros cuda-peer-access (`families.distributed`). Each pattern is keyed to the library's own wording (its
source file is named in ``example_source``); values, op and test names are read from the text, never written into a
pattern.
"""

from __future__ import annotations

from ..entry import ANOTHER_FAILURE, KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round26_v26numeric.py")

#: a PCC (Pearson correlation with the reference) near zero, negative or NaN, as the checks print it: the output has
#: nothing in common with the reference
_LOW_PCC = (
    r"\b(?:actual_)?pcc=(?:-|nan\b|0(?:\.[0-4]\d{0,20})?\b(?!\.))|Calculated: pcc=(?:-|nan|0\.[0-4])"
    r"|pcc is in invalid low range"
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "num-reference-mismatch",
        "Outputs differ from the reference (a PCC, golden or tolerance comparison failed)",
        # tt-xla's / tt-forge's evaluators ("PCC comparison failed. Calculated: pcc=0.94. Required: pcc=0.99."),
        # tt-mlir's golden check ("actual_pcc=0.02 < expected_pcc=0.99"), a failing pytest assert on such a check
        # (pytest's own "where False = compare_with_golden_pcc(...)" and its ">" line), torch.testing's
        # assert_close, numpy.testing's assert_allclose / assert_array_almost_equal, polygraphy's comparison
        r"PCC comparison failed\b|\bactual_pcc=[-\w.]{1,30} < expected_pcc="
        r"|\bwhere False = [^\n]{0,60}?\b(?:compare_with_golden\w{0,12}|\w{0,30}allclose|\w{0,30}isclose"
        r"|\w{0,20}pcc\w{0,20})\b"
        r"|^>\s{1,12}assert [\w.]{0,40}?\b(?:compare_with_golden\w{0,12}|allclose|isclose|\w{0,20}_pcc\w{0,20})\("
        r"|Tensor-likes are not (?:close|equal)!|Scalars are not (?:close|equal)!"
        r"|Not equal to tolerance rtol=|Arrays are not almost equal to \d{1,3} decimals"
        r"|FAILED \| Output: [`'\"][^\n]{1,200}[`'\"] \| Difference exceeds tolerance",
        "The program ran, and its result is not the reference's within the tolerance or correlation the check "
        "asks for: either reduced precision (float16 / bfloat16 storage or accumulation, TF32 matmuls, a lower "
        "math fidelity: small differences spread over every value, growing with depth) or an op that computes "
        "something else (a kernel or lowering bug, NaN / Inf handled otherwise than the reference: large "
        "differences in places, a correlation near zero).",
        "Tell precision from a bug: compare with a float32 CPU reference layer by layer (forward hooks on both, "
        "`torch.testing.assert_close(out, ref)` on each layer's output) and find the first layer that departs. "
        "Small errors everywhere that grow with depth are precision: compute that part in float32 (or accumulate in "
        "float32; on Ampere+ set `torch.backends.cuda.matmul.allow_tf32 = False` to compare) or use the dtype's "
        "tolerance (assert_close picks one per dtype). Large errors at one layer are that op's kernel or conversion: "
        "update the library, or report the op with its inputs.",
        variants=(
            Variant(
                r"Difference exceeds tolerance|\bpolygraphy\b|trt-runner",
                "polygraphy (TensorRT against ONNX Runtime)",
                "TensorRT's output differs from ONNX Runtime's beyond the tolerance. Find the first layer that "
                "differs: `polygraphy run model.onnx --trt --onnxrt --trt-outputs mark all --onnx-outputs mark all` "
                "(add --fp16 / --int8 as the engine was built); if an FP32 engine matches and FP16 does not, keep "
                "that layer (LayerNorm, softmax, a large reduction) in FP32 (--layer-precisions / "
                "--precision-constraints obey, or a strongly typed network); small differences in FP16 only need "
                "--atol / --rtol near 1e-3; a difference in FP32 is a conversion or TensorRT bug: try a newer "
                "TensorRT and report the layer.",
            ),
            Variant(
                r"torch_tensorrt|\btensorrt\b|\bTRT\b|\bTensorRT\b",
                "a module compiled with TensorRT",
                "The TensorRT module's output differs from PyTorch's. First take precision out: compile with "
                "enabled_precisions={torch.float32} and disable_tf32=True, and compare with "
                "`torch.backends.cuda.matmul.allow_tf32 = False` on the PyTorch side too (TensorRT uses TF32 for "
                "float32 by default on Ampere+): if they now agree, the difference is FP16 / TF32 rounding: compare "
                "with float16's tolerance (rtol and atol near 1e-2) or keep the sensitive layers in FP32. If float32 "
                "still differs, find the first layer that does (polygraphy on the exported ONNX with every output "
                "marked, or compile part of the model with min_block_size / torch_executed_ops) and report that "
                "converter with its inputs.",
                product="torch_tensorrt",
            ),
            Variant(
                _LOW_PCC,
                "a correlation near zero (the op computes something else)",
                "A PCC near zero (or NaN) is no precision loss: the output has almost nothing in common with the "
                "reference. Run the failing op alone on the device and on the CPU with the same inputs; check the "
                "reference and the inputs for NaN / Inf (`torch.isfinite`): a device kernel may handle NaN / inf "
                "differently from the reference, so a non-finite value in the inputs or the golden turns into a "
                "mismatch. If it passed before, bisect the compiler / runtime revisions between the last passing run "
                "and this one, pin the last good one until the kernel is fixed, and report the op with its inputs.",
            ),
            Variant(
                r"\bpcc\b|\bPCC\b|golden",
                "a PCC / golden check of a compiled model",
                "A correlation below the threshold but well above zero is drift, not garbage: compare layer by "
                "layer (per-layer PCC against the CPU / float32 reference). If the PCC decays steadily with depth, "
                "it is reduced precision (bfloat16 storage or accumulation, a long reduction or mean summed in "
                "bfloat16, a low math fidelity): run the sensitive parts (norms, softmax, reductions, residual "
                "adds) in float32 or with fp32 accumulation / higher math fidelity, then re-check, and lower the "
                "threshold only once the drift is shown to be precision. If one op drops it, or it passed before a "
                "compiler update, that op's lowering regressed: bisect the compiler revisions and pin the last good "
                "one until it is fixed.",
            ),
        ),
        weight=72,
        applies="tests that compare a model's or an op's output with a reference (accelerator compilers' PCC / "
        "golden checks, torch.testing, numpy.testing, polygraphy)",
        shown_by=(_test("test_a_failed_comparison_with_the_reference_reads_the_correlation"),),
        example="AssertionError: Evaluation result 0 failed: PCC comparison failed. Calculated: "
        "pcc=0.9410214424133301. Required: pcc=0.97.",
        example_source="tenstorrent tt-xla tests/infra evaluators (PCC comparison); tt-mlir's golden check "
        "(actual_pcc < expected_pcc); torch torch/testing/_comparison.py; numpy numpy/testing/_private/utils.py; "
        "polygraphy polygraphy/comparator/compare.py",
    ),
    KnownError(
        "num-deployed-accuracy-collapse",
        "A model compiled for an accelerator runs without error but its accuracy is near chance",
        # an accuracy line at chance level (a ten-class model: 0.1): "Correct: 980 Wrong: 9020 Accuracy: 0.098"
        r"\b(?:top-?1 )?accuracy\s{0,3}[:=]\s{0,3}(?:0?\.(?:0\d{0,8}|1\d{0,8})\b|1?\d(?:\.\d{1,8})?\s{0,2}%)",
        "The model runs on the accelerator but answers at chance level: its outputs are meaningless, which "
        "quantization alone does not do (it costs a few points). The compiled model and what runs it do not belong "
        "together (an architecture description or runtime of another release than the one it was compiled for), "
        "or the application feeds or reads it otherwise than the model expects (preprocessing, the output "
        "tensor's scale).",
        "Check each step against the one before: evaluate the quantized model on the host first (it should be "
        "near the float model); compile for exactly the accelerator configuration and runtime release on the "
        "device; feed the same preprocessing (scale, mean, channel order, layout) the model was trained and "
        "quantized with; read the output with its quantization scale.",
        variants=(
            Variant(
                r"\.xmodel\b|\.elf\b|\bDPU\b|\bdpu\w{0,30}|\bvai_[qc]\w{0,16}|\bVitis\b|\bVART\b|\bDNNDK\b",
                "Vitis AI on a DPU",
                "Check in this order: 1) the quantized model on the host (vai_q's evaluation of the quantized "
                "model) has the float model's accuracy; 2) vai_c compiled for the DPU that is in this board's "
                "bitstream: a custom DPU (a DPU-TRD build) needs the arch.json / .dcf made from its own .hwh, and "
                "the xmodel's DPU fingerprint must match the board's; 3) the board image (BOOT.BIN, dpu.xclbin) and "
                "its runtime (VART / DNNDK) are the Vitis AI release the model was compiled with (flash the image "
                "of that release); 4) the application's preprocessing and its reading of the output tensor (its "
                "fix-point scale) match the model: use the tutorial's application of the same release.",
            ),
            Variant(
                r"\.tflite\b|\bTFLite\b|\btflite\b|\bedgetpu\b|\bEdge TPU\b",
                "TensorFlow Lite / Edge TPU",
                "Run the .tflite on the host with the Python interpreter on the same inputs: if it is fine there, "
                "the device's runtime or delegate is at fault (update it to the converter's release); if not, the "
                "conversion or quantization is: give a representative dataset of real, preprocessed inputs to the "
                "quantizer, and feed int8 / uint8 inputs with the input tensor's scale and zero point "
                "(interpreter.get_input_details()).",
            ),
        ),
        # an accelerator's compiled model or toolchain named in the text (an accuracy line alone is any training log)
        requires=r"\.xmodel\b|\bdpu\w{0,30}\.elf\b|\bDPU\b|\bvai_[qc]\w{0,16}|\bVitis\b|\bVART\b|\bDNNDK\b|\.tflite\b"
        r"|\bTFLite\b|\bedgetpu\b|\bEdge TPU\b|\.rknn\b|\bRKNN\b|\.hef\b|\bHailo\b|\.kmodel\b|\.dlc\b|\bSNPE\b"
        r"|\bOpenVINO\b|\bNPU\b|\bTensorRT\b|\btrtexec\b|\.engine\b",
        weight=60,
        applies="models compiled or converted for an accelerator (Vitis AI DPUs, TensorFlow Lite / Edge TPU, RKNN, "
        "Hailo, SNPE, OpenVINO, TensorRT)",
        shown_by=(_test("test_chance_level_accuracy_on_an_accelerator"),),
        example="--model     :  model_dir/densenetx.xmodel\nPre-processing 10000 images...\nCorrect: 1000 Wrong: 9000 "
        "Accuracy: 0.1",
        example_source="Vitis AI tutorials' app_mt.py (its result line 'Correct: N Wrong: M Accuracy: X')",
    ),
    KnownError(
        "num-theano-no-cudnn",
        "Theano cannot use cuDNN on this GPU (a notice: convolutions run on Theano's own slower kernels; check "
        "their results against the CPU)",
        r"Can not use cuDNN on context \w{1,40}: [^\n]{1,200}",
        "Theano's gpuarray backend could not use cuDNN: the GPU is older than cuDNN supports ('Device not "
        "supported': compute capability below 3.0), cuDNN was not found or did not compile ('cannot compile with "
        "cuDNN'), or dnn.enabled turned it off. Theano then runs convolutions and pooling with its own gpuarray "
        "kernels: slower, and less tested than cuDNN's.",
        "Nothing failed. If the results matter, compare one batch against the CPU (THEANO_FLAGS=device=cpu): if "
        "they differ, do not trust that path: use the old backend (device=gpu) while it exists or a GPU that cuDNN "
        "supports, and update Theano with libgpuarray / pygpu together. For 'cannot compile with cuDNN', install "
        "cuDNN for the CUDA version and point Theano at it (dnn.include_path / dnn.library_path, or CPATH / "
        "LIBRARY_PATH / LD_LIBRARY_PATH).",
        variants=(
            Variant(
                r"Can not use cuDNN on context \w{1,40}: Device not supported",
                "a GPU too old for cuDNN",
                "cuDNN does not support this GPU (compute capability below 3.0, e.g. a Fermi card), so Theano's "
                "gpuarray backend uses its own convolution kernels, which have given wrong results on some "
                "releases: compare one batch with device=cpu; if they differ, use the old backend (device=gpu) or "
                "the CPU, or a GPU of compute capability 3.0+, and update Theano with libgpuarray / pygpu.",
            ),
            Variant(
                r"cannot compile with cuDNN|cannot find -lcudnn|cudnn\.h",
                "cuDNN not found",
                "Theano could not compile its cuDNN test: install cuDNN for this CUDA version and point Theano at "
                "it (THEANO_FLAGS=dnn.include_path=<cuda>/include,dnn.library_path=<cuda>/lib64, or CPATH / "
                "LIBRARY_PATH / LD_LIBRARY_PATH); without it training runs, several times slower.",
            ),
        ),
        severity="notice",
        weight=30,
        applies="Theano 0.9 / 1.0 with the gpuarray backend (device=cuda)",
        shown_by=(_test("test_gpu_paths_that_compute_differently_from_the_cpu"),),
        example="Can not use cuDNN on context None: Device not supported\nMapped name None to device cuda: GeForce "
        "GT 820M (0000:01:00.0)",
        example_source="Theano theano/gpuarray/__init__.py (init_dev: 'Can not use cuDNN on context %s: %s', "
        "dnn_available.msg)",
    ),
    KnownError(
        "num-mace-opencl-notice",
        "A GPU runtime that computes in float16 where the CPU uses float32 (MACE's OpenCL notices: no precompiled "
        "OpenCL binary / no tuned parameters; it runs)",
        r"There is no precompiled OpenCL binary(?: file)? in|There is no precompiled OpenCL binary\["
        r"|There is no tuned parameters\.",
        "A mobile inference engine's GPU runtime that stores and computes in float16 by default, where its CPU "
        "runtime uses float32, so GPU outputs differ from the CPU's in the third decimal; MACE is the case these "
        "notices show (its deployment file's data_type fp16_fp32). The notices themselves are harmless: without a "
        "precompiled binary MACE compiles its OpenCL kernels at the first run (a slow warm-up), without tuned "
        "parameters it uses default work-group sizes.",
        "Nothing failed. Small GPU / CPU differences are that float16: for the CPU's numbers build the model with "
        "data_type: fp32_fp32 (slower), and check accuracy with `python tools/converter.py run --config=<yml> "
        "--validate` (it compares against the original framework). For a faster start, convert with target_socs "
        "and run once to write the compiled OpenCL kernel and tuned parameter files, and load them "
        "(SetOpenCLBinaryPaths / SetOpenCLParameterPath).",
        # a failure beside the notices (glog's short F / E lines, which carry no date, are not marked as errors)
        unless=ANOTHER_FAILURE + r"|Check failed|^[EF] [\w./-]{1,200}:\d{1,6}\] ",
        severity="notice",
        weight=30,
        applies="MACE (Xiaomi's Mobile AI Compute Engine) with runtime: gpu",
        shown_by=(_test("test_gpu_paths_that_compute_differently_from_the_cpu"),),
        example="W ../mace/core/runtime/opencl/opencl_runtime.cc:428] There is no precompiled OpenCL binary in all "
        "OpenCL binary paths",
        example_source="MACE mace/core/runtime/opencl/opencl_runtime.cc (ConfigureOpenCLBinaryPath, the program "
        "cache) and mace/utils/tuner.h",
    ),
    KnownError(
        "num-dcn-offset-notice",
        "Deformable convolution's offsets grew too large (a warning that training is unstable: EDVR, BasicSR, MMagic)",
        # EDVR's and MMagic's "Offset mean is {}, larger than 100.", BasicSR's "Offset abs mean is {}, larger than
        # 50.", forks' "larger than max(h, w)."
        r"Offset (?:abs )?mean is [^\n]{1,120}?, larger than (?:\d{1,5}|max\(h, ?w\))",
        "A warning, not a crash: the offsets the alignment module (DCN / DCNv2 in EDVR's PCD, BasicVSR++) predicts "
        "are far larger than the image, so the deformable convolution samples outside it: its training has "
        "diverged and its output is garbage, although nothing fails yet.",
        "Lower the learning rate of the offset / DCN layers (or of the whole model) and warm it up, initialise "
        "from a pretrained or shallower model as the authors do, clip gradients, and resume from the last "
        "checkpoint before the warnings began; a few warnings early in training that stop again are harmless.",
        severity="notice",
        weight=30,
        applies="video restoration with deformable alignment (EDVR, BasicSR, MMEditing / MMagic's BasicVSR++)",
        shown_by=(_test("test_deformable_offsets_warning_is_a_notice_of_instability"),),
        example="19-07-14 21:35:36.666 - WARNING: Offset mean is 9624.6220703125, larger than 100.",
        example_source="EDVR codes/models/archs/dcn/deform_conv.py (DCN_sep); BasicSR basicsr/archs/arch_util.py "
        "(DCNv2Pack: 'Offset abs mean is ..., larger than 50.')",
    ),
)
