"""Saving and loading artifacts (issue 36, round twenty-one): pickled objects whose class or function cannot be found
or pickled, checkpoints and weight files a loader cannot read (HDF5, TensorFlow checkpoints, TorchScript archives,
transformers' weights, numpy object arrays), a folder torch.save cannot write into, optimizer state of other
parameter groups, Keras weights of another architecture, and applications' own checks of the model or engine they
load. Each pattern is keyed to the library's own message (cited in ``example_source``); names, numbers and paths are
read from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

_SHOWN = "tests/troubleshooting/test_round21_v21load.py"
_R21 = "tests/data/explain_round21.jsonl"

_test = tests_in(_SHOWN)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "pickle-class-not-found",
        "Unpickling a saved object whose class is not importable (Can't get attribute 'X' on <module ...>)",
        # pickle's find_class (Lib/pickle.py and _pickle.c: "Can't get attribute 'Net' on <module '__main__' ...>")
        r"Can't get attribute '[\w.]{1,200}' on <module '[\w.]{1,200}'",
        "The file holds a pickled object (a whole model saved with torch.save(model), a joblib / pickle file) and "
        "pickle stores only the class's module and name: the class was defined in the saving script ('__main__') or "
        "in a module of another version, so the loading program cannot find it.",
        "Make the class importable under the module name the message shows before loading (import or define it in "
        "the loading script when it is '__main__'; install the code version that saved it), then load. Better: save "
        "and load the state_dict (torch.save(model.state_dict(), path); model = Net(...); "
        "model.load_state_dict(torch.load(path))), which needs no pickled class.",
        variants=(
            Variant(
                r"on <module '__main__'",
                "a class defined in the saving script",
                "The class was defined in the script that saved the file ('__main__'): define or import it in the "
                "script that loads (e.g. `from train import Net` and, for torch, `import __main__; __main__.Net = "
                "Net` before torch.load), or re-save the state_dict and build the model from its class.",
            ),
        ),
        op=r"Can't get attribute '([\w.]{1,200})'",
        weight=74,
        applies="pickle, torch.load of a whole model, joblib, multiprocessing",
        shown_by=(_test("test_pickled_objects_in_their_own_words"),),
        example="AttributeError: Can't get attribute 'Net' on <module '__main__' from 'predict.py'>",
        example_source="CPython Lib/pickle.py / Modules/_pickle.c (Unpickler.find_class)",
    ),
    KnownError(
        "pickle-local-object",
        "An object that cannot be pickled (Can't pickle local object / a lambda) was sent to a worker or saved",
        # pickle's save_global and the C pickler ("Can't pickle local object 'main.<locals>.f'", "Can't pickle <function
        # <lambda> at 0x...>: attribute lookup <lambda> on __main__ failed"), Python 3.14's "Can't pickle local object"
        r"Can't pickle local object '[^'\n]{1,200}'"
        r"|Can't pickle <(?:function|class) [^\n]{1,200}?>: (?:attribute lookup|it's not the same object)",
        "pickle stores functions and classes by module and name: a lambda, a function defined inside another "
        "function, or a class made at run time has none, so it cannot go to spawned worker processes (a "
        "DataLoader's num_workers > 0 on Windows / macOS, a Pool) or into a file saved with torch.save / pickle.",
        "Define the function or class at a module's top level (a named def instead of a lambda or a nested "
        "function; functools.partial of a top-level function for arguments), or keep it in-process (DataLoader "
        "num_workers=0); to save a model, save its state_dict instead of the whole object.",
        op=r"Can't pickle local object '([^'\n]{1,200})'",
        weight=72,
        applies="pickle; multiprocessing spawn (Windows, macOS), torch DataLoader workers, torch.save",
        shown_by=(_test("test_pickled_objects_in_their_own_words"),),
        example="AttributeError: Can't pickle local object 'get_loader.<locals>.collate_fn'",
        example_source="CPython Lib/pickle.py (Pickler.save_global)",
    ),
    KnownError(
        "torch-save-folder-missing",
        "torch.save's folder does not exist (Parent directory X does not exist)",
        # caffe2/serialize/inline_container.cc (PyTorchStreamWriter: "Parent directory X does not exist.")
        r"Parent directory [^\n]{1,300} does not exist\.",
        "torch.save writes the file into a folder that is not there: the output / checkpoint directory was never "
        "created (a relative path resolved from another working directory, a run name not made yet).",
        "Create the folder before saving (`os.makedirs(os.path.dirname(path), exist_ok=True)`), or pass the path "
        "the program expects (an absolute one if it runs from another working directory).",
        weight=70,
        applies="torch.save (torch ≥ 1.6's zip writer)",
        shown_by=(_test("test_saving_and_reading_files_in_their_own_words"),),
        example="RuntimeError: Parent directory checkpoints/exp1 does not exist.",
        example_source="caffe2/serialize/inline_container.cc (PyTorchStreamWriter's check of the parent folder)",
    ),
    KnownError(
        "hdf5-file-unreadable",
        "An HDF5 / Keras .h5 file that is not HDF5 or is cut short (file signature not found / truncated file)",
        # HDF5's messages as h5py raises them (H5Fsuper.c: "file signature not found", "truncated file: eof = N")
        r"Unable to (?:synchronously )?open file \((?:file signature not found|truncated file: eof = \d{1,20})",
        "The file is not a complete HDF5 file: a download that stopped, a Git LFS pointer, an HTML page saved under "
        "the .h5 name, a file of another format (a SavedModel folder, a .keras zip, a .pt), or one still being "
        "written.",
        "Check the file (`ls -l`, `head -c 100 FILE`: HDF5 starts with '\\x89HDF'); download or save it again "
        "(`git lfs pull` for a repository's weights); load a .keras / SavedModel with the loader for that format.",
        weight=72,
        applies="h5py, Keras load_model / load_weights of .h5 files",
        shown_by=(_test("test_saving_and_reading_files_in_their_own_words"),),
        example="OSError: Unable to open file (truncated file: eof = 9437184, sblock->base_addr = 0, stored_eof = "
        "94011928)",
        example_source="HDF5 src/H5Fsuper.c as h5py reports it (h5py/_hl/files.py)",
    ),
    KnownError(
        "tf-checkpoint-wrong-path",
        "TensorFlow restore given a file that is not a checkpoint's table (not an sstable (bad magic number))",
        # TensorFlow's table reader (core/util/tensor_bundle, io/format.cc: "not an sstable (bad magic number)")
        r"Unable to open table file [^\n]{1,300}: (?:Data loss|DATA_LOSS): not an sstable \(bad magic number\)",
        "The restore was given a path that is not a TensorFlow checkpoint: one of its files (.data-00000-of-00001, "
        ".meta) instead of the prefix, an .h5 / Keras file, or a file of another format.",
        "Pass the checkpoint prefix (`model.ckpt` for model.ckpt.index + model.ckpt.data-*, or "
        "tf.train.latest_checkpoint(folder)); load .h5 / .keras files with keras' load_model / load_weights.",
        weight=70,
        applies="TensorFlow 1.x / 2.x Saver and tf.train.Checkpoint restore",
        shown_by=(_test("test_saving_and_reading_files_in_their_own_words"),),
        example="DataLossError: Unable to open table file ./model.ckpt-1000.data-00000-of-00001: Data loss: not an "
        "sstable (bad magic number): perhaps your file is in a different file format and you need to use a "
        "different restore operator?",
        example_source="tensorflow/core/lib/io/format.cc (Footer::DecodeFrom) via the tensor bundle reader",
    ),
    KnownError(
        "torchscript-newer-archive",
        "A TorchScript / torch.package archive written by a newer torch (version_ N but max supported version is M)",
        # caffe2/serialize/inline_container.cc and torch/csrc/jit/serialization/import.cpp
        r"version_ number \d{1,3} but max supported version is \d{1,3}"
        r"|Attempted to read a PyTorch file with version \d{1,3}, but the maximum supported version for reading is "
        r"\d{1,3}",
        "The archive (torch.jit.save, torch.save's zip) was written by a newer torch than the one loading it: its "
        "format version is above what this reader knows.",
        "Load it with a torch at least as new as the one that saved it (upgrade torch / libtorch), or re-save it with "
        "the older torch (from the source model's state_dict, or torch.jit.save under that version).",
        weight=74,
        applies="torch.jit.load, torch.load, libtorch's torch::jit::load",
        shown_by=(_test("test_saving_and_reading_files_in_their_own_words"),),
        example="RuntimeError: version_ <= kMaxSupportedFileFormatVersion INTERNAL ASSERT FAILED at "
        "../caffe2/serialize/inline_container.cc:132, please report a bug to PyTorch. Attempted to read a PyTorch "
        "file with version 10, but the maximum supported version for reading is 6. Your PyTorch installation may be "
        "too old.",
        example_source="caffe2/serialize/inline_container.cc (PyTorchStreamReader's version check)",
    ),
    KnownError(
        "numpy-allow-pickle",
        "numpy.load of an object array without allow_pickle (Object arrays cannot be loaded when allow_pickle=False)",
        r"Object arrays cannot be loaded when allow_pickle=False",
        "The .npy / .npz file holds Python objects (a dict, ragged lists), which numpy 1.16.3+ loads only with "
        "allow_pickle=True (it was the default before).",
        "For a file you trust: `np.load(path, allow_pickle=True)` (a saved dict: `.item()` on the result); or save "
        "plain numeric arrays (np.savez with one array per key) so no pickle is needed.",
        weight=72,
        applies="numpy ≥ 1.16.3 (np.load)",
        shown_by=(_test("test_saving_and_reading_files_in_their_own_words"),),
        example="ValueError: Object arrays cannot be loaded when allow_pickle=False",
        example_source="numpy/lib/format.py (read_array)",
    ),
    KnownError(
        "hf-weights-file-unloadable",
        "transformers could not read the weights file (Unable to load weights from pytorch checkpoint file)",
        # transformers' modeling_utils.load_state_dict ("Unable to load weights from pytorch checkpoint file for
        # 'X' at 'Y'. If you tried to load a PyTorch model from a TF 2.0 checkpoint, please set from_tf=True.")
        r"Unable to load weights from pytorch checkpoint file for '[^'\n]{1,300}'",
        "transformers' torch.load of the weights file failed: an incomplete download in the cache, a Git LFS "
        "pointer, a file written by a newer torch's zip format read by an old torch, or a TensorFlow checkpoint "
        "under the .bin name; the error before this line (if pasted) says which.",
        "Delete the cached files and download them again (huggingface-cli delete-cache, or the model's folder under "
        "~/.cache/huggingface/hub; `git lfs pull` in a cloned repository), check the .bin's size against the hub's; "
        "an old torch reading a new file: upgrade torch (1.6+ reads the zip format); TensorFlow weights: "
        "from_tf=True.",
        weight=70,
        applies="transformers from_pretrained (PyTorch .bin weights)",
        shown_by=(_test("test_saving_and_reading_files_in_their_own_words"),),
        example="OSError: Unable to load weights from pytorch checkpoint file for 'bert-base-uncased' at "
        "'/root/.cache/huggingface/pytorch_model.bin'. If you tried to load a PyTorch model from a TF 2.0 "
        "checkpoint, please set from_tf=True.",
        example_source="transformers src/transformers/modeling_utils.py (load_state_dict)",
    ),
    KnownError(
        "optimizer-state-groups-mismatch",
        "Optimizer state saved for other parameters (loaded state dict ... parameter group(s))",
        # torch/optim/optimizer.py (Optimizer.load_state_dict)
        r"loaded state dict (?:contains a parameter group that doesn't match the size of optimizer's group"
        r"|has a different number of parameter groups)",
        "The optimizer's saved state belongs to another set of parameters than the optimizer built now: other "
        "trainable layers (frozen or unfrozen ones, a LoRA / adapter set, a new head), another model configuration, "
        "or parameter groups made in another order.",
        "Build the optimizer over the same parameters, in the same groups and order, as when it was saved (same "
        "config, same layers frozen); if the parameters changed on purpose (fine-tuning, a new head), load only the "
        "model's weights and start the optimizer fresh (skip the optimizer / 'resume' state).",
        weight=74,
        applies="torch.optim (every optimizer's load_state_dict), trainers that resume",
        shown_by=(_test("test_saving_and_reading_files_in_their_own_words"),),
        example="ValueError: loaded state dict contains a parameter group that doesn't match the size of optimizer's "
        "group",
        example_source="torch/optim/optimizer.py (Optimizer.load_state_dict)",
    ),
    KnownError(
        "keras-weights-other-architecture",
        "Keras weights saved from another architecture (saved weight has shape / weight file containing N layers)",
        # keras/engine/saving.py and keras/src/legacy/saving/legacy_h5_format.py
        r"but the saved weight has shape \(|You are trying to load a weight file containing \d{1,5} layers into a "
        r"model with \d{1,5} layers",
        "The weights file was saved from a model built differently: other layers, sizes (classes, input shape, "
        "vocabulary), or the layer order of another code version.",
        "Build the model exactly as it was when saved (the same code and arguments: classes, input shape, "
        "vocabulary), or load by name where the architectures differ on purpose (load_weights(path, by_name=True, "
        "skip_mismatch=True) for .h5, a new head trained afterwards).",
        weight=72,
        applies="Keras 2.x / tf.keras / Keras 3 load_weights and load_model (.h5)",
        shown_by=(_test("test_saving_and_reading_files_in_their_own_words"),),
        example="ValueError: You are trying to load a weight file containing 12 layers into a model with 10 layers.",
        example_source="keras/engine/saving.py (load_weights_from_hdf5_group)",
    ),
    KnownError(
        "app-engine-output-layout",
        "An application's own check of an engine's inputs or outputs failed (unexpected output dimensions)",
        # an application's loader that checks the engine it deserialized ("[Detector] loadEngine() failure: unexpected
        # output dimensions: (1,3,80,80,85)", yolov5-tensorrt's detector.cpp)
        r"loadEngine\(\) failure: unexpected (?:output|input) (?:dimensions|shape)"
        r"|\bunexpected (?:number of )?(?:output|input)s? (?:dimensions|bindings)[^\n]{0,20}: ?\(?\d",
        "The application checks the engine it loads against the layout its own code reads, and this engine was built "
        "from a model exported another way (another model version, raw per-head outputs instead of the decoded "
        "detections, another input size or batch).",
        "Export and build the engine exactly as the application documents (its export script or the model version "
        "it names, with the single decoded output it expects), then load that engine; the engine's shapes are "
        "fixed at export.",
        weight=66,
        applies="applications that load TensorRT engines (yolov5-tensorrt and similar detectors)",
        shown_by=(_test("test_apps_loading_models_in_their_own_words"), f"{_R21}#noahmr-yolov5-tensorrt-7"),
        example="|yolov5|error|[Detector] loadEngine() failure: unexpected output dimensions: (1,3,80,80,85)",
        example_source="noahmr/yolov5-tensorrt#7 (its Detector's loadEngine check)",
    ),
    KnownError(
        "cortex-model-start-failed",
        "cortex: the model would not start after the download (Model loading failed, 500 on /v1/models/X/start)",
        # cortex (janhq/cortex.cpp) CLI's lines: "× Model loading failed", the server's 500 on the start route
        r"\"path\":\"/v1/models/[^\"\n]{1,200}/start\",\"statusCode\":500"
        r"|^\s{0,4}(?:×|x) Model loading failed",
        "The model's start failed after cortex downloaded it: the tag pulled has no files for this engine, OS or GPU "
        "(a tensorrt-llm tag without the <os>-<gpu arch> variant downloads only model.yaml), or the engine itself "
        "is missing for it.",
        "Pull a tag that exists for your engine, OS and GPU (for TensorRT-LLM a tensorrt-llm-<os>-<arch> variant "
        "naming your OS and your GPU's architecture; `cortex models list` / the model's hub page lists them), "
        "check that the model folder holds the engine files, install the engine (`cortex engines install "
        "tensorrt-llm`), then run it again; the server's log (cortex.log) names the file it missed.",
        weight=62,
        applies="cortex / cortex.cpp (Jan's local server), every engine",
        shown_by=(_test("test_apps_loading_models_in_their_own_words"), f"{_R21}#janhq-cortex-cpp-1020"),
        example='{"method":"POST","path":"/v1/models/llama3:tensorrt-llm/start","statusCode":500,"ip":"127.0.0.1"}',
        example_source="janhq/cortex.cpp#1020 (the CLI's and server's own lines)",
    ),
)
