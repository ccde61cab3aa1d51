"""`explain`, round twenty-one (issue 36), saving and loading artifacts: the libraries' own words for a checkpoint,
weights file or pickled object that cannot be read or written (cited in the families' ``example_source``), and the
frames that decide the fix of a shared symptom (an out of memory inside torch.load's restore, in a spawned worker's
re-import of the main script; a device mismatch inside an optimizer's step after a resume; a size error under a
loader's copy_). Near misses (the same symptom without those frames, another library's line) must not match."""

from __future__ import annotations

from _explain import first, keys, reports

_TORCH = '  File ".../torch/serialization.py", line {n}, in {fn}\n'


def _case(case_id: str) -> str:
    return next(r["error"] for r in reports("round21") if r["id"] == case_id)


def test_out_of_memory_read_by_its_frames() -> None:
    restore = (
        'Traceback (most recent call last):\n  File "demo.py", line 124, in <module>\n'
        "    checkpoint = torch.load(args.checkpoint)\n"
        + _TORCH.format(n=576, fn="persistent_load")
        + "    deserialized_objects[root_key] = restore_location(obj, location)\n"
        + _TORCH.format(n=135, fn="_cuda_deserialize")
        + "RuntimeError: CUDA error: out of memory"
    )
    key, fix = first(restore)
    assert key == "gpu-out-of-memory" and "map_location='cpu'" in fix
    for case_id in ("nkolot-spin-76", "progamergov-neural-dream-6"):
        key, fix = first(_case(case_id))
        assert key == "gpu-out-of-memory" and "map_location='cpu'" in fix
    spawned = _case("mcgill-nlp-llm2vec-52")
    key, fix = first(spawned)
    assert key == "gpu-out-of-memory" and "__name__ == '__main__'" in fix
    # near miss: an out of memory in a training step says nothing of map_location or the main guard
    step = 'File "train.py", line 9, in <module>\n    loss.backward()\ntorch.OutOfMemoryError: CUDA out of memory.'
    key, fix = first(step)
    assert key == "gpu-out-of-memory" and "map_location" not in fix and "__main__" not in fix


def test_device_mismatch_in_an_optimizer_step_after_resume() -> None:
    for case_id in ("kohya-ss-sd-scripts-1944", "loganbooker-prodigy-plus-schedule-free-11"):
        key, fix = first(_case(case_id))
        assert key == "device-mismatch" and "optimizer.state" in fix
    forward = (
        '  File "model.py", line 20, in forward\n    return self.fc(x)\nRuntimeError: Expected all tensors to be on '
        "the same device, but found at least two devices, cuda:0 and cpu!"
    )
    key, fix = first(forward)
    assert key == "device-mismatch" and "optimizer" not in fix


def test_checkpoints_written_or_read_short() -> None:
    key, fix = first(_case("juntang-zhuang-shelfnet-lw-cityscapes-1"))
    assert key == "torch-checkpoint-corrupt" and "rank 0" in fix
    key, fix = first(_case("lucidrains-stylegan2-pytorch-186"))
    assert key == "host-disk-full" and "df -h" in fix
    key, _ = first("RuntimeError: PytorchStreamWriter failed writing file data/12: file write failed")
    assert key == "host-disk-full"
    assert first("_pickle.UnpicklingError: pickle data was truncated")[0] == "torch-checkpoint-corrupt"
    # near misses: a reader's position message and a storage line of another shape are not these
    assert "host-disk-full" not in keys("unexpected position in stream 12 vs 10")
    assert "torch-checkpoint-corrupt" not in keys("storage has wrong layout")


def test_a_loader_copy_that_does_not_fit() -> None:
    key, fix = first(_case("jchenghu-expansionnet-v2-2"))
    assert key == "torch-state-dict-mismatch" and "checkpoint's config" in fix
    # near miss: the same broadcast error in a model's forward is no checkpoint's
    forward = (
        '  File "model.py", line 30, in forward\n    return a + b\nRuntimeError: The size of tensor a (74) must match '
        "the size of tensor b (63) at non-singleton dimension 0"
    )
    assert "torch-state-dict-mismatch" not in keys(forward)


def test_onnx_and_tensorflow_model_files() -> None:
    assert first(_case("manuteaa-dbd-autoskillcheck-41"))[0] == "ort-model-unreadable"
    assert first(_case("keras-team-keras-10577"))[0] == "tf-gpu-only-op-no-kernel"
    # near miss: a CudnnRNN node placed on the GPU (a cuDNN failure there) is not the CPU-only case
    on_gpu = (
        '  [[Node: rnn/CudnnRNN = CudnnRNN[T=DT_FLOAT, _device="/job:localhost/replica:0/task:0/device:GPU:0"]'
        "(rnn/transpose)]]"
    )
    assert "tf-gpu-only-op-no-kernel" not in keys(on_gpu)
    tf = (
        "DataLossError: Unable to open table file ./model.ckpt-1000.data-00000-of-00001: Data loss: not an sstable "
        "(bad magic number): perhaps your file is in a different file format"
    )
    assert first(tf)[0] == "tf-checkpoint-wrong-path"


def test_pickled_objects_in_their_own_words() -> None:
    key, fix = first("AttributeError: Can't get attribute 'Net' on <module '__main__' from 'predict.py'>")
    assert key == "pickle-class-not-found" and "__main__" in fix
    key, fix = first("AttributeError: Can't pickle local object 'get_loader.<locals>.collate_fn'")
    assert key == "pickle-local-object" and "num_workers=0" in fix
    lam = "_pickle.PicklingError: Can't pickle <function <lambda> at 0x7f>: attribute lookup <lambda> on x failed"
    assert first(lam)[0] == "pickle-local-object"
    # near misses: another attribute error is not a pickle's
    assert "pickle-class-not-found" not in keys("AttributeError: 'Net' object has no attribute 'fc'")
    assert "pickle-local-object" not in keys("AttributeError: Can't set attribute 'x'")


def test_saving_and_reading_files_in_their_own_words() -> None:
    cases = {
        "RuntimeError: Parent directory checkpoints/exp1 does not exist.": "torch-save-folder-missing",
        "OSError: Unable to open file (file signature not found)": "hdf5-file-unreadable",
        "OSError: Unable to open file (truncated file: eof = 9437184, sblock->base_addr = 0, stored_eof = 94011928)": (
            "hdf5-file-unreadable"
        ),
        "RuntimeError: Attempted to read a PyTorch file with version 10, but the maximum supported version for "
        "reading is 6. Your PyTorch installation may be too old.": "torchscript-newer-archive",
        "RuntimeError: version_ number 6 but max supported version is 5": "torchscript-newer-archive",
        "ValueError: Object arrays cannot be loaded when allow_pickle=False": "numpy-allow-pickle",
        "OSError: Unable to load weights from pytorch checkpoint file for 'bert-base-uncased' at 'x/pytorch_model.bin'"
        ". If you tried to load a PyTorch model from a TF 2.0 checkpoint, please set from_tf=True.": (
            "hf-weights-file-unloadable"
        ),
        "ValueError: loaded state dict contains a parameter group that doesn't match the size of optimizer's group": (
            "optimizer-state-groups-mismatch"
        ),
        "ValueError: loaded state dict has a different number of parameter groups": "optimizer-state-groups-mismatch",
        "ValueError: You are trying to load a weight file containing 12 layers into a model with 10 layers.": (
            "keras-weights-other-architecture"
        ),
        "ValueError: Layer #0 (named \"conv2d\"), weight <tf.Variable 'conv2d/kernel:0' shape=(3, 3, 3, 32)> has shape "
        "(3, 3, 3, 32), but the saved weight has shape (32, 3, 3, 3).": "keras-weights-other-architecture",
    }
    for text, key in cases.items():
        assert first(text)[0] == key, (text, keys(text))
    # near misses
    assert "torch-save-folder-missing" not in keys("FileNotFoundError: [Errno 2] No such file or directory: 'x.pt'")
    assert "hdf5-file-unreadable" not in keys("OSError: Unable to open file (unable to lock file, errno = 11)")
    assert "numpy-allow-pickle" not in keys("ValueError: allow_pickle is deprecated")


def test_apps_loading_models_in_their_own_words() -> None:
    key, fix = first(_case("noahmr-yolov5-tensorrt-7"))
    assert key == "app-engine-output-layout" and "export" in fix
    key, fix = first(_case("janhq-cortex-cpp-1020"))
    assert key == "cortex-model-start-failed" and "tensorrt-llm-<os>-<arch>" in fix
    assert "app-engine-output-layout" not in keys("unexpected output from the model")
    assert "cortex-model-start-failed" not in keys('{"path":"/v1/models","statusCode":500}')
