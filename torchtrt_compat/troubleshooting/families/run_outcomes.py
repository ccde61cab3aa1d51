"""How a run ended when no library raised (issue 36, round eighteen, u18run): a program that fell back to the CPU in a
container started without the GPU (docker without --gpus, Singularity / Apptainer without --nv), and a GPU that the
parent process sees but the worker that runs the model does not (dask / multiprocessing / joblib / Ray workers, a
scheduler step without the GPU, an exclusive-process GPU already held by the parent). The CPU-fallback lines are the
programs' own: Cellpose's core.py ('Neither TORCH CUDA nor MPS version not installed/working.', '>>>> using CPU'),
PyTorch Lightning's 'GPU available: False, used: False', transformers' 'Device set to use cpu', scripts' 'Using
device: cpu' / 'CUDA Available: False'. (NaN outputs printed before a crash are the core torch-nan-outputs row; a
crash after a loaded engine is a variant of native-crash.)
"""

from __future__ import annotations

from ..entry import ANOTHER_FAILURE, KnownError, Variant, tests_in
from .containers import CONTAINER_CONTEXT

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round18_u18run.py")

#: a program's own line that it runs on the CPU or found no usable GPU (per line; numbers and names are not read)
_CPU_USE = (
    r"^[^\n]{0,80}\b(?:Using|Selected|Running on)(?: the)?(?: device)?:? {0,2}['\"]?cpu['\"]?\.?\s*$"
    r"|^\s{0,8}device\s{0,2}[:=]\s{0,2}['\"]?cpu['\"]?\s*$|Device set to use cpu\b"
    # Cellpose's core.py (_use_gpu_torch: a small tensor moved to cuda:N failed)
    r"|Neither TORCH CUDA nor MPS version not installed/working|\bTORCH CUDA version not installed/working"
    r"|\b(?:No (?:CUDA|GPU|NVIDIA)[\w -]{0,30}|(?:CUDA|GPU)[\w -]{0,20}? not) (?:found|available|detected)"
    r"[,;.!]?\s{0,2}(?:-\s{0,2})?(?:using|fall(?:s|ing)? back to|defaulting to|switching to|will use|running on)"
    r" (?:the )?CPU\b"
    # PyTorch Lightning's accelerator summary
    r"|\bGPU available: False, used: False"
)
#: a script's own probe that finds no GPU (cuda-unavailable's line where nothing else is said: the container row
#: leaves it to that row, which has a container variant)
_NO_CUDA_PROBE = (
    r"\b(?:CUDA|GPU) (?:is )?available\s{0,2}[:=?]\s{0,2}False\b"
    r"|torch\.cuda\.is_available\(\)\)?\s{0,3}(?:->|=|:|returns?|is)?\s{0,3}False\b"
)
#: the same text shows the GPU usable somewhere (the parent's probe: 'CUDA Available: True', is_available() True)
_GPU_SEEN = (
    r"\b(?:CUDA|GPU) (?:is )?available\s{0,2}[:=?]\s{0,2}True\b"
    r"|torch\.cuda\.is_available\(\)\)?\s{0,3}(?:->|=|:|returns?|is)?\s{0,3}True\b"
    r"|TORCH CUDA version installed and working"
)
#: Ray's own marks on the lines of its workers (issue 36, round twenty-nine): the "(raylet)" / "(Name pid=N)" prefix,
#: the bare "(pid=N)" / "(pid=N, ip=A.B.C.D)" of a worker without a name at a line's start, and its log
#: deduplication's "[repeated Nx across cluster]"
_RAY = (
    r"\(raylet\)|\bray\.(?:remote|init|get)\b|\(\w{1,40} pid=\d{1,9}\)"
    r"|^\((?:\w{1,60} )?pid=\d{1,9}(?:, ip=[\d.]{7,15})?\) |\[repeated \d{1,6}x across cluster\]"
)
#: worker processes and schedulers that start the process that runs the model
_WORKERS = (
    r"\bdask\b|distributed\.worker|\bmultiprocessing\b|\bjoblib\b|\bloky\b|ForkPoolWorker|SpawnPoolWorker"
    rf"|ProcessPoolExecutor|{_RAY}|\bcelery\b"
    r"|\bsrun\b|\bsbatch\b|\bbsub\b|\bLSF\b|\bstart_method\b|set_start_method"
)
#: DeepSpeed's accelerator auto-detection that found no GPU in the process that imported it (accelerator/
#: real_accelerator.py get_accelerator: the WARNING of recent releases, and the INFO line each release logs;
#: "(override)" is DS_ACCELERATOR=cpu asked for, not this). DeepSpeed runs in the processes its launchers start
#: (deepspeed, accelerate launch, torchrun, a Ray actor), so the line itself says which process lacks the GPU. The INFO
#: line that states the choice is the evidence where both are pasted (the WARNING comes just before it, in one call)
_DS_CPU = (
    r"Setting ds_accelerator to cpu \(auto detect\)"
    r"|Setting accelerator to CPU\. If you have GPU or other accelerator, we were unable to detect it"
    r"(?![\s\S]{0,600}?Setting ds_accelerator to cpu \(auto detect\))"
)
#: container runtimes that start a container without the GPU unless told (docker, podman, Kubernetes; Singularity /
#: Apptainer and enroot / pyxis on clusters)
_CONTAINERS = CONTAINER_CONTEXT + r"|\bsingularity\b|\bapptainer\b|\.sif\b|\benroot\b|\bpyxis\b"


FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "native-assert-failed",
        "A C / C++ assert() failed in native code (Assertion `...' failed), then the process aborted",
        # glibc's __assert_fail ("<prog>: <file>:<line>: <function>: Assertion `<expr>' failed.") and the Windows CRT's
        # ("Assertion failed: <expr>, file <file>, line <n>"); the condition is read from the text
        r"^[^\n]{0,200}:\d{1,7}: [^\n]{0,300}?Assertion `[^\n]{1,300}' failed\.?"
        r"|\bAssertion failed: [^\n]{1,300}, file [^\n]{1,300}, line \d{1,7}",
        "A program or library (its file and line are in the message) checked a condition with assert() and it was "
        "false, so it aborted (SIGABRT, 'Aborted (core dumped)', exit code 134): most often a null pointer from an "
        "earlier step that failed quietly (an engine or model file not loaded, a CUDA call whose error was not "
        "checked), or input of another shape or type than the code expects. The abort and any core dump that follow "
        "are its consequence.",
        "Read the condition and the file:line in the message: find what should have set it (the engine / model "
        "load, the file path, the input shape) and the first warning or error printed before it, which is usually "
        "the cause; for a library's assert, check that its version matches what the program was built for. `gdb "
        "-batch -ex run -ex bt --args ./your_program` shows the call stack at the abort.",
        # an engine build that failed before the assert: the builder's own error (or the build stage) is the answer
        unless=r"\bBuild(?:ing)? (?:the |a )?(?:TensorRT |TRT )?engine\b|buildSerializedNetwork|buildEngineWithConfig"
        r"|build_serialized_network|\bnvinfer1::|\bIBuilder\b|\bcreate\w{0,20}Engine\b",
        op=r"Assertion `([^\n]{1,160})' failed|Assertion failed: ([^\n]{1,160}), file ",
        # below every row that names an assert of its own (TensorRT's builder, a YOLO engine builder: 20 and up);
        # above a crash, which is downstream
        weight=19,
        applies="any C / C++ program or extension built with assertions (glibc on Linux, the MSVC runtime)",
        shown_by=(_test("test_a_crash_after_an_earlier_failure_is_not_the_answer"),),
        example="demo: /src/engine.cpp:120: int main(int, char**): Assertion `engine != nullptr' failed.\nAborted "
        "(core dumped)",
        example_source="glibc's assert/assert.c (__assert_fail's message format); the Windows CRT's _wassert",
    ),
    KnownError(
        "host-container-cpu-only",
        "A program in a container runs on the CPU: the container was started without the GPU (no --gpus all / --nv)",
        _CPU_USE,
        "A container sees a GPU only when it is started with it: docker / podman need `--gpus all` (the NVIDIA "
        "Container Toolkit on the host), Singularity / Apptainer need `--nv`, a Kubernetes pod a `nvidia.com/gpu` "
        "limit. Without it torch inside finds no GPU and the program quietly runs on the CPU (only much slower); "
        "no CUDA error is printed.",
        "Start the container with the GPU: `docker run --gpus all ...` (compose: a GPU device reservation); "
        "`singularity exec --nv image.sif ...` / `apptainer run --nv ...`; in Kubernetes a `nvidia.com/gpu` "
        'limit. Then check inside it: `nvidia-smi` must list the GPU and `python -c "import torch; '
        "print(torch.cuda.is_available())\"` must print True (False with nvidia-smi working: the image's torch "
        "is a CPU build or newer than the host driver).",
        variants=(
            Variant(
                r"\bsingularity\b|\bapptainer\b|\.sif\b",
                "Singularity / Apptainer",
                "Singularity / Apptainer map the host's NVIDIA driver and devices only with `--nv`: run `singularity "
                "exec --nv image.sif ...` (or `apptainer exec --nv ...`; on a Slurm cluster inside a job that "
                "requested the GPU, --gres=gpu:1), and check with `singularity exec --nv image.sif nvidia-smi`.",
            ),
            Variant(
                r"\bkubectl\b|\bkubernetes\b|\bk8s\b|\bpods?\b",
                "Kubernetes",
                "Give the pod the GPU: `resources: limits: nvidia.com/gpu: 1` (the NVIDIA device plugin or GPU "
                "Operator on the node), then `kubectl exec <pod> -- nvidia-smi` must list it.",
            ),
        ),
        requires=_CONTAINERS,
        unless=r"--gpus\b|(?:^|\s)--nv\b|--runtime[= ]nvidia|nvidia\.com/gpu|\+cpu\b",
        severity="warns-of-failure",
        alternatives=("proc-device-cpu-reported", "torch-cpu-build"),
        weight=62,
        applies="any CUDA program in docker, podman, Kubernetes, Singularity / Apptainer",
        shown_by=(_test("test_cpu_fallback_in_a_container_without_the_gpu"),),
        example="$ singularity exec tractseg.sif TractSeg -i dwi.nii.gz\n2024-05-02 10:01:12 [INFO] Neither TORCH "
        "CUDA nor MPS version not installed/working.",
        example_source="Cellpose's cellpose/core.py (_use_gpu_torch) run in a Singularity image started without --nv "
        "(the class of https://github.com/MIC-DKFZ/TractSeg/issues/4)",
    ),
    KnownError(
        "proc-worker-no-gpu",
        "The GPU is visible in the parent process but not in the worker that runs the model (it falls back to the CPU)",
        _CPU_USE + "|" + _NO_CUDA_PROBE + "|" + _DS_CPU,
        "The process that checked the GPU (and found it) is not the one that runs the model: a dask / "
        "multiprocessing / joblib / Ray worker or a scheduler step (Slurm, LSF) was started without the GPU "
        "(CUDA_VISIBLE_DEVICES empty or reset in its environment, a Ray task without num_gpus, a Slurm step without "
        "--gres), a forked worker cannot use CUDA the parent already initialised, or the GPU is in "
        "exclusive-process mode and the parent already holds it, so the worker's test allocation fails and it "
        "uses the CPU.",
        "Check inside the worker: print os.environ.get('CUDA_VISIBLE_DEVICES') and torch.cuda.is_available() there "
        "and try a small allocation (`torch.zeros(1).cuda()`); `nvidia-smi -q | grep 'Compute Mode'` (Exclusive "
        "Process: do not touch CUDA in the parent). Give the worker the GPU: start workers with the 'spawn' method "
        "(torch.multiprocessing.set_start_method('spawn')) and the GPU in their environment, Ray "
        "`@ray.remote(num_gpus=1)`, dask-cuda's LocalCUDACluster (or dask workers started with --resources GPU=1), "
        "a Slurm step with --gres=gpu:1; or run the model in the main process.",
        variants=(
            Variant(
                _DS_CPU,
                "DeepSpeed's accelerator auto-detection (Setting accelerator to CPU)",
                "DeepSpeed picked its CPU accelerator because torch.cuda.is_available() was False in the process that "
                "imported it; each process logs this once, so find which ones do. If only some print it (a Ray actor "
                "or task that asked for no GPU: Ray sets its CUDA_VISIBLE_DEVICES to ''; a data, reward or "
                "evaluation worker) while the training ranks log 'Setting ds_accelerator to cuda', it is harmless "
                "there; give such an actor the GPU with `@ray.remote(num_gpus=1)` only if it must run DeepSpeed on "
                "it. If the training itself runs on the CPU (GPU memory unused, very slow steps), check inside the "
                'launched process, with its environment: `CUDA_VISIBLE_DEVICES=<the same value> python -c "import '
                'torch; print(torch.__version__, torch.cuda.is_available(), torch.cuda.device_count())"` (a '
                "CUDA_VISIBLE_DEVICES naming no GPU that exists, a launcher such as accelerate launch / deepspeed / "
                "torchrun run from another environment or a container without the GPU, or a CPU torch there). "
                "Set `DS_ACCELERATOR=cuda` so DeepSpeed stops guessing (a CUDA error then says what is wrong), and "
                "keep ZeRO's offload_optimizer / offload_param off unless the GPU lacks the memory: they move work "
                "to the CPU on purpose.",
            ),
            Variant(
                r"Neither TORCH CUDA nor MPS|TORCH CUDA version not installed",
                "Cellpose's GPU test in a worker",
                "Cellpose tests the GPU by moving a small tensor to cuda:N in the process that segments; there it "
                "failed while the parent sees CUDA: run the segmentation in the main process (no worker pool / "
                "dask's synchronous scheduler) or in workers given the GPU (spawned with CUDA_VISIBLE_DEVICES set, "
                "dask-cuda's LocalCUDACluster, a scheduler job that requests the GPU), check the GPU's compute mode "
                "(`nvidia-smi -q | grep 'Compute Mode'`: Exclusive Process means the parent must not hold a CUDA "
                "context), and that the device number passed to Cellpose exists in the worker.",
            ),
            Variant(
                _RAY,
                "Ray",
                "Ray hides the GPUs from a task or actor that did not ask for one (it sets CUDA_VISIBLE_DEVICES to "
                "''): declare `@ray.remote(num_gpus=1)` (Ray Serve: ray_actor_options={'num_gpus': 1}) and check "
                "ray.get_gpu_ids() inside it.",
            ),
            Variant(
                r"\bdask\b|distributed\.worker",
                "dask workers",
                "Start the dask workers with the GPU: dask-cuda's `LocalCUDACluster()` (one worker per GPU, "
                "CUDA_VISIBLE_DEVICES set per worker) or `dask-cuda-worker`; with dask.distributed's LocalCluster "
                "use processes=False or the synchronous scheduler for the GPU step, and check "
                "client.run(lambda: __import__('torch').cuda.is_available()).",
            ),
        ),
        # DeepSpeed's line is its own context (it runs in launched processes) where the text shows no other failure:
        # beside one, that failure is the answer
        requires=_GPU_SEEN
        + "|"
        + _WORKERS
        + rf"|\A(?![\s\S]{{0,300000}}?(?:{ANOTHER_FAILURE}))[\s\S]{{0,300000}}?(?:{_DS_CPU})",
        unless=r"\+cpu\b|GPU available: True[^\n]{0,20}used: False",
        severity="warns-of-failure",
        loose=True,
        alternatives=("proc-device-cpu-reported",),
        weight=60,
        applies="torch programs that run the model in worker processes (dask, multiprocessing, joblib, Ray, Slurm / "
        "LSF steps), Cellpose and the pipelines built on it",
        shown_by=(_test("test_gpu_seen_by_the_parent_not_by_the_worker"),),
        example="CUDA Available: True\n...\nNeither TORCH CUDA nor MPS version not installed/working.\n>>>> using CPU",
        example_source="https://github.com/prism-oncology/sopa/issues/382 (Cellpose run by sopa's segmentation "
        "workers); the lines are Cellpose's cellpose/core.py",
    ),
)
