"""`explain`, round twenty-six (issue 36): silent wrong results and numeric trouble. A NaN loss is read by what the
text shows: a training script's own guard (a CTC loss, a trainer that skips the step), half precision named beside
it, or nothing of the kind (float32: the model's maths), and Theano's GPU backend. A copy between GPUs that arrives as
zeros is broken peer access; a failed PCC / golden / tolerance comparison, an accuracy at chance level on an
accelerator and the notices of GPU paths that compute otherwise than the CPU have rows of their own; a miss whose
numbers are wrong gets a next step that compares with a reference layer by layer. Near misses keep their answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain


def _situation(text: str) -> tuple[str, str | None]:
    found = explain(text)
    return (found[0].key, found[0].situation) if found else ("", None)


def test_a_nan_loss_is_read_by_what_the_training_text_shows() -> None:
    # a speech model's CTC guard and its metrics (WER / CER): samples the loss cannot align
    ctc = (
        "Validation Summary Epoch: [7] Average WER 31.2 Average CER 12.0\n"
        "WARNING: received a nan loss, setting loss value to 0"
    )
    key, fix = first(ctc)
    assert key == "torch-nan-outputs" and "zero_infinity" in fix and "transcript" in fix
    # a trainer's guard that skips the step: bfloat16 first, then the optimisation
    for guard in (
        "Skipping backward and optimizer step for nan or inf in forwarding metrics/loss!",
        "AssertionError: loss become infinite or NaN!",
        "Monitored metric val_loss = nan is not finite. Previous best value was 0.318. Signaling Trainer to stop.",
    ):
        key, fix = first(guard)
        assert key == "torch-nan-outputs" and "bfloat16" in fix and "Resume" in fix, guard
    # half precision named beside the NaN: the float16 remedies
    amp = '211,nan,nan,0.9,4.8\n  File "/env/site-packages/apex/amp/handle.py", line 118, in scale_loss'
    key, fix = first(amp)
    assert key == "torch-nan-outputs" and "float16" in fix and "epsilon" in fix
    # no half precision in the text: the model's maths (eps in sqrt / log, clamp a count, shift the logits)
    for plain in (
        "step=420, loss.reg_loss=nan, loss.cls_loss=nan, lr=0.0002",
        "{'loss': nan, 'grad_norm': nan, 'learning_rate': 2e-05, 'epoch': 0.4}",
        "epoch,train_loss,eval_loss\n14,2.91,2.87\n15,nan,nan",
    ):
        key, fix = first(plain)
        assert key == "torch-nan-outputs" and "clamp" in fix and "sqrt" in fix and "float16" not in fix[:200], plain
    # Theano's gpuarray backend: compare with the CPU and the old backend, update libgpuarray
    theano = (
        "THEANO_FLAGS=device=cuda,floatX=float32 python train.py\nUsing Theano backend.\nMapped name None to device "
        "cuda: GeForce GTX 970\nEpoch 1/5\n60000/60000 - 9s - loss: nan - acc: 0.0991"
    )
    key, fix = first(theano)
    assert key == "torch-nan-outputs" and "device=cpu" in fix and "libgpuarray" in fix


def test_black_frames_from_a_nan_cast_read_the_settings_unless_diffusers_shows() -> None:
    bare = 'render.py:51: RuntimeWarning: invalid value encountered in cast\n  out = (video * 255).astype("uint8")'
    assert _situation(bare) == ("torch-nan-outputs", "images or frames cast to uint8 (black output)")
    assert "overlap" in first(bare)[1]
    pipe = (
        "/opt/venv/lib/python3.11/site-packages/diffusers/image_processor.py:120: RuntimeWarning: invalid value "
        'encountered in cast\n  images = (images * 255).round().astype("uint8")'
    )
    assert _situation(pipe) == ("torch-nan-outputs", "a diffusers pipeline's image (black output)")


def test_near_misses_of_a_nan_loss_keep_their_answers() -> None:
    # a loss scale, a finite loss, the user's own words about NaN: no NaN output
    assert first("Epoch 3 | loss_scale: 65536.0 | loss: 0.4312")[0] != "torch-nan-outputs"
    assert first("| Training Epoch=1 Step=55 Loss=7.02\n(the loss went NaN after a few hundred steps)")[0] == ""
    # a CSV row whose NaN is no loss column's but a header's word
    assert first("epoch,nan_count,loss\n3,0,0.52")[0] != "torch-nan-outputs"
    # the overflow notices keep their rows (a skipped fp16 step is no NaN output)
    assert first("[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 65536, reducing to 32768")[0] == (
        "num-loss-scale-overflow-notice"
    )


def test_a_copy_between_gpus_that_arrives_as_zeros_is_peer_access() -> None:
    text = (
        "before: tensor([[ 0.4412, -1.2031,  0.0718,  ...,  0.9023]], device='cuda:0', dtype=torch.float16)\n"
        "after x.to('cuda:3'):\ntensor([[0., 0., 0.,  ..., 0., 0., 0.],\n        [0., 0., 0.,  ..., 0., 0., 0.]], "
        "device='cuda:3', dtype=torch.float16)"
    )
    assert _situation(text) == ("cuda-peer-access", "a copy between GPUs that arrived as zeros")
    assert "cpu()" in first(text)[1] and "iommu" in first(text)[1]
    # one GPU, or zeros on the same GPU as the tensor before: no copy between GPUs
    assert first("tensor([[0., 0., 0.,  ..., 0., 0., 0.]], device='cuda:0')")[0] != "cuda-peer-access"
    same = "tensor([[0.2, 0.5]], device='cuda:1')\ntensor([[0., 0., 0.,  ..., 0., 0., 0.]], device='cuda:1')"
    assert first(same)[0] != "cuda-peer-access"


def test_a_failed_comparison_with_the_reference_reads_the_correlation() -> None:
    # a correlation well above zero: drift (precision) or a compiler regression
    drift = (
        "E   AssertionError: Evaluation result 0 failed: PCC comparison failed. Calculated: pcc=0.9123. "
        "Required: pcc=0.99."
    )
    key, fix = first(drift)
    assert key == "num-reference-mismatch" and "fp32 accumulation" in fix and "bisect" in fix
    pytest_golden = (
        ">       assert compare_with_golden_pcc(golden=ref, calculated=out, pcc=0.99)\nE       assert False\n"
        "E        +  where False = compare_with_golden_pcc(golden=tensor([[0.51], [0.49]]), calculated=tensor([[0.47], "
        "[0.46]]), pcc=0.99)"
    )
    assert first(pytest_golden)[0] == "num-reference-mismatch"
    # near zero, negative or NaN: an op that computes something else (NaN handling, a kernel bug)
    for low in (
        "Failed: golden comparison failed, actual_pcc=0.0311 < expected_pcc=0.99",
        "PCC comparison failed. Calculated: pcc=nan (invalid value). Required: pcc=0.99.",
        "program-level output golden comparison failed, actual_pcc=-0.2 < expected_pcc=0.95",
    ):
        key, fix = first(low)
        assert key == "num-reference-mismatch" and "NaN" in fix and "pin the last good" in fix, low
    # torch.testing, numpy.testing, polygraphy: their own words
    close = "AssertionError: Tensor-likes are not close!\n\nMismatched elements: 9 / 2048 (0.4%)"
    assert first(close)[0] == "num-reference-mismatch" and "float32" in first(close)[1]
    assert first("AssertionError: \nNot equal to tolerance rtol=1e-05, atol=1e-08")[0] == "num-reference-mismatch"
    # a module compiled by Torch-TensorRT: precision taken out first (float32 only, TF32 off on both sides)
    trt = "trt_model = torch_tensorrt.compile(model, inputs=[x], enabled_precisions={torch.half})\n" + close
    key, fix = first(trt)
    assert key == "num-reference-mismatch" and "disable_tf32=True" in fix and "allow_tf32" in fix
    poly = "[E]         FAILED | Output: 'scores' | Difference exceeds tolerance (rel=1e-05, abs=1e-05)"
    assert _situation(poly) == ("num-reference-mismatch", "polygraphy (TensorRT against ONNX Runtime)")
    # near misses: a passing check, a PCC printed without a failure
    assert first("Program level golden for output_0 matched. pcc=0.9997")[0] != "num-reference-mismatch"
    assert first("PCC check: Calculated PCC=0.999812, Required PCC=0.99")[0] != "num-reference-mismatch"


def test_chance_level_accuracy_on_an_accelerator() -> None:
    dpu = "--model     :  build/cifar_net.xmodel\nThreads: 4\nCorrect: 1010 Wrong: 8990 Accuracy: 0.101"
    key, fix = first(dpu)
    assert key == "num-deployed-accuracy-collapse" and "arch.json" in fix and "VART" in fix
    tflite = "Running model_int8.tflite on the Edge TPU delegate\nTop-1 accuracy: 0.8%"
    assert _situation(tflite) == ("num-deployed-accuracy-collapse", "TensorFlow Lite / Edge TPU")
    # near misses: a good accuracy on the device, a chance-level accuracy of a training run (no accelerator)
    assert first("--model : out/resnet18.xmodel\nCorrect: 9312 Wrong: 688 Accuracy: 0.9312")[0] == ""
    assert first("Epoch 2/20 - loss: 2.3027 - accuracy: 0.1000 - val_accuracy: 0.1000")[0] == ""


def test_gpu_paths_that_compute_differently_from_the_cpu() -> None:
    # Theano without cuDNN on an old GPU: a notice whose fix compares with the CPU
    old = "Can not use cuDNN on context None: Device not supported\nMapped name None to device cuda: GeForce GT 630M"
    found = explain(old)
    assert found.outcome == "warnings-only" and found[0].key == "num-theano-no-cudnn"
    assert "device=cpu" in found[0].fix and "device=gpu" in found[0].fix
    # cuDNN present: no notice
    assert first("Using cuDNN version 7104 on context None\nMapped name None to device cuda: GeForce GTX 1070")[0] == ""
    # MACE's OpenCL notices: the GPU runtime's float16 explains small differences from the CPU
    mace = (
        "I mace/core/mace.cc:120] Initializing MaceEngine\nW mace/core/runtime/opencl/opencl_runtime.cc:390] There "
        "is no precompiled OpenCL binary in all OpenCL binary paths\n0.5312 ,0.4688 ,"
    )
    found = explain(mace)
    assert found.outcome == "warnings-only" and found[0].key == "num-mace-opencl-notice"
    assert "fp32_fp32" in found[0].fix
    # a fatal check beside the notice: the notice is no answer
    assert first(mace + "\nF mace/ops/pooling.cc:77] Check failed: kernels.size() == 2")[0] != "num-mace-opencl-notice"


def test_deformable_offsets_warning_is_a_notice_of_instability() -> None:
    text = (
        "2021-03-02 11:20:01,511 - WARNING: Offset abs mean is tensor(72.4, device='cuda:0', grad_fn=<MeanBackward0>), "
        "larger than 50.\n2021-03-02 11:20:01,530 - WARNING: Offset mean is 311.5, larger than 100."
    )
    found = explain(text)
    assert found.outcome == "warnings-only" and found[0].key == "num-dcn-offset-notice"
    assert "learning rate" in found[0].fix and "checkpoint" in found[0].fix
    # prose about offsets is no such warning
    assert first("the offset mean is larger than I expected")[0] != "num-dcn-offset-notice"


def test_a_miss_whose_numbers_are_wrong_compares_with_a_reference() -> None:
    # the user's words that results differ, no error line: a numeric step, not nvidia-smi
    prose = explain(
        "the exported model gives totally different results on the board than in Python: [3 -7 12] vs [9 1 4]"
    )
    assert not prose and prose.stage == "runtime" and "layer by layer" in (prose.next_step or "")
    assert "nvidia-smi" not in (prose.command or "")
    # TensorFlow Lite: read intermediate tensors with their buffers preserved
    tfl = explain(
        "intermediate output of layer 3 in tflite is different from TFLM: different values [1 2 3] vs [4 5 6]"
    )
    assert not tfl and "experimental_preserve_all_tensors" in (tfl.next_step or "")
    # a library's own kernel test that fails with zeros: the kernel on this GPU, another backend meanwhile
    rust = (
        "failures:\n\n---- ops::conv::tests::conv2d_small stdout ----\nthread 'ops::conv::tests::conv2d_small' "
        "panicked at src/ops/conv.rs:80:9:\nassertion `left == right` failed\n  left: [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]\n"
        " right: [1.5, 2.25, 0.5, 3.0, 1.0, 4.0]"
    )
    kernel = explain(rust)
    assert not kernel and kernel.stage == "runtime" and "another backend" in (kernel.next_step or "")
    # near misses: a checkpoint's size mismatch and a version mismatch keep their steps
    sized = explain("RuntimeError: Error(s) in loading state_dict for Net:\n\tsize mismatch for fc.weight")
    assert "layer by layer" not in (sized.next_step or "")
    assert "layer by layer" not in (explain("the versions mismatch between the wheel and torch").next_step or "")
