"""`explain` (issue 36): an environment's name is no library in use. A conda env or virtualenv named after a library
("envs/tensorflow/") in a torch traceback's paths, or the "(tensorflow)" a shell prompt shows, must not make the
answer TensorFlow's; the library itself in the paths (site-packages/tensorflow/) still counts."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.facts import products_of, without_env_names

_TORCH_IN_ENV = (
    "Traceback (most recent call last):\n"
    '  File "/miniconda3/envs/tensorflow/lib/python3.7/site-packages/torch/distributed/distributed_c10d.py", '
    "line 1187, in broadcast\n"
    "    work = default_pg.broadcast([tensor], opts)\n"
    "RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:825, unhandled system error, "
    "NCCL version 2.7.8"
)


def test_env_folder_named_after_a_library_is_no_library() -> None:
    assert "tensorflow" not in products_of(_TORCH_IN_ENV)
    assert "torch" in products_of(_TORCH_IN_ENV)
    top = explain(_TORCH_IN_ENV)[0]
    assert top.key == "torch-nccl-error"
    assert "MirroredStrategy" not in top.fix and "NCCL_DEBUG=INFO" in top.fix
    # Windows paths, a virtualenv folder, and a prompt's active env
    win = r"C:\Users\me\anaconda3\envs\onnxruntime\lib\site-packages\torch\nn\modules\module.py"
    assert products_of(win) == ["torch"]
    assert "tensorflow" not in products_of("/home/u/.virtualenvs/tensorflow/bin/python -c 'import torch'")
    assert "tensorflow" not in products_of("(tensorflow) C:\\Users\\me> python train.py\nimport torch")
    assert "tensorflow" not in products_of("(tensorflow) user@box:~$ python train.py")


def test_the_library_itself_still_counts() -> None:
    # the library's own package folder inside an env, and the word in prose, are the library
    assert "tensorflow" in products_of('File "/opt/envs/tf/lib/python3.9/site-packages/tensorflow/python/eager/x.py"')
    assert "tensorflow" in products_of("I run (tensorflow) on this box")
    # an env whose name is the library's, holding the library itself: still shown by its package folder
    assert "tensorflow" in products_of("/envs/tensorflow/lib/python3.9/site-packages/tensorflow/core/x.so")


def test_masking_keeps_everything_else() -> None:
    text = "/envs/tensorrt/lib/x.py\nno env here"
    assert without_env_names(text) == "/envs/env/lib/x.py\nno env here"
    plain = "RuntimeError: CUDA error: out of memory"
    assert without_env_names(plain) is plain
