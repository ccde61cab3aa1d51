"""Where a job runs, in each environment's own words (issue 36, round thirteen): a notebook runtime that must restart
after an install (Google Colab), a Hugging Face ZeroGPU Space's GPU quota and its refusals of CUDA outside a GPU
function, HPC environment modules (Lmod and Environment Modules: an unknown module, one that needs another loaded first,
the `module` command missing in a batch shell), batch schedulers ending a job (Slurm's cgroup OOM kill, PBS's and LSF's
memory limits; the time limit, preemption, a node failure) or refusing it (Slurm's account, partition, QOS and time
policies), Kubernetes' RuntimeClass admission, conda's solver (the ``__cuda`` virtual package missing on a host without
a GPU, an unsatisfiable CUDA stack, a ClobberError between CUDA packages of two channels), and the clouds' GPU quotas
(SageMaker, EC2, Compute Engine, Vertex AI, Azure) and GPU capacity (EC2, Compute Engine, SageMaker, Azure).

Each pattern is keyed to the tool's own message table or source (Lmod's messageDir/en.lua, the `spaces` package's
ZeroGPU client, Environment Modules' ModuleCmd_Load, Slurm's slurm_errno.c and slurmstepd, OpenPBS's pbs_mom, LSF's
termination reasons, kube-apiserver's runtimeclass admission plugin, conda's exceptions.py and libmamba's problem
tree, the clouds' documented error codes), cited in `example_source`; names, numbers, paths and versions are read
from the text, never written into a pattern. The GPU-visibility rows of other modules (no-gpu-visible,
host-slurm-no-gpu-node, host-apptainer-no-nv, ray-gpu-unschedulable, host-k8s-insufficient-gpu) stay where they
are; this module adds the classes they do not cover.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

T_ENGINE = "tests/troubleshooting/test_round21_v21eng.py"

__all__ = ["COLAB", "FAMILIES", "KAGGLE"]

_SHOWN = "tests/troubleshooting/test_round13_w2env.py"


_test = tests_in(_SHOWN)
_r29 = tests_in("tests/troubleshooting/test_round29_v29cloud.py")


#: a Google Colab runtime (its package, its working folder, its name)
COLAB = r"\bgoogle\.colab\b|\bColab\b|(?:^|[\s'\"])/content/"
#: a Kaggle notebook (its input and working folders, its name)
KAGGLE = r"\bKaggle\b|(?:^|[\s'\"])/kaggle/(?:input|working|temp)\b"

_SLURM_MEM_FIX = (
    "Slurm's cgroup killed the job for host RAM (not GPU memory): ask for more with `#SBATCH --mem=<N>G` (or "
    "--mem-per-cpu / --mem-per-gpu), and read what it used with `sacct -j <jobid> -o JobID,MaxRSS,ReqMem,State`; "
    "every DataLoader worker and every rank holds its own copy of what it loads, so fewer workers or ranks, "
    "memory-mapped weights (safetensors) and low_cpu_mem_usage=True lower it."
)

_CONDA_CUDA_FIX = (
    "conda decides whether a CUDA build can be installed from the `__cuda` virtual package, which it sets from the "
    "driver of the machine that runs conda (`conda info` lists it under 'virtual packages'). On a login node, a "
    "build container or a CI runner without a GPU there is none: set `CONDA_OVERRIDE_CUDA=<the CUDA the GPU nodes' "
    "driver supports, e.g. 12.4>` for the install (`CONDA_OVERRIDE_CUDA=12.4 conda install ...`, or the same with "
    "mamba / micromamba), or install on a GPU node. On a machine with a GPU it means the driver is older than the "
    "CUDA the package needs: pin an older build (`pytorch-cuda=<X.Y>` / `cuda-version=<X.Y>`) or update the driver."
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "env-colab-restart-after-install",
        "Colab: packages were previously imported in this runtime; restart it to use the newly installed versions",
        r"previously imported in this runtime|You must restart the runtime in order to use newly installed versions",
        "pip replaced packages (torch, numpy, ...) that the notebook's Python had already imported; that process "
        "keeps running the old copies, so the new versions (and anything built against them) are not in use until "
        "the runtime restarts. Mixing the two gives version errors and undefined symbols.",
        "Restart the session (Colab: Runtime > Restart session, or the button under the warning; Kaggle / Jupyter: "
        "Restart kernel), then run the cells after the install again without reinstalling; put every `pip install` "
        "in the first cell, before anything imports torch. Colab preinstalls torch for its own CUDA: install a "
        "torch_tensorrt / TensorRT release that pins that same torch (`torchtrt-compat suggest` lists them) instead "
        "of replacing torch.",
        severity="warns-of-failure",
        weight=60,
        applies="Google Colab (its pip hook; Jupyter / Kaggle kernels behave the same without the warning)",
        shown_by=(_test("test_colab_restart_after_install"),),
        example="WARNING: The following packages were previously imported in this runtime:\n  [numpy,torch]\nYou must "
        "restart the runtime in order to use newly installed versions.",
        example_source="googlecolab/colabtools google/colab/_pip.py (commit 3c07d776a9d3, print_previous_import_"
        "warning: the 'pip_warning' with the packages already in sys.modules, which the Colab front end shows as "
        "this warning with a restart button)",
    ),
    KnownError(
        "env-zerogpu-quota",
        "Hugging Face ZeroGPU: You have exceeded your GPU quota / the Space reached its GPU limit",
        r"You have exceeded your (?:Pro |free )?(?:ZeroGPU|GPU) quota|exceeded your ZeroGPU runs limit"
        r"|\bZeroGPU quota exceeded\b|Space app has reached its GPU limit"
        r"|The requested GPU duration \(\d{1,9}s\) is larger than the maximum allowed",
        "A ZeroGPU Space lends a shared GPU for each call of a @spaces.GPU function and counts the seconds against a "
        "daily quota per caller (anonymous callers by IP, a small one; logged-in and PRO users more): the quota is "
        "spent, or one call asked for a longer duration than any quota allows. Nothing is wrong with the code.",
        "Wait the time the message names, or call the Space logged in (`gradio_client.Client(space, "
        "hf_token=...)`, or HF_TOKEN in the environment) for a larger quota; for steady use duplicate the Space "
        "onto your own GPU hardware or run it locally. As the Space's author, ask for less per call "
        "(`@spaces.GPU(duration=<seconds>)` no longer than one call needs), since the whole duration is charged.",
        variants=(
            Variant(
                r"is larger than the maximum allowed",
                "a call longer than the maximum",
                "The @spaces.GPU function asks for a duration above ZeroGPU's per-call maximum: lower it "
                "(`@spaces.GPU(duration=<seconds>)`, or a duration function that scales with the input) and do less "
                "per call, e.g. fewer steps or frames.",
            ),
        ),
        weight=84,
        applies="Hugging Face Spaces on ZeroGPU (the `spaces` package), and gradio_client calls to them",
        shown_by=(_test("test_notebook_and_space_gpu_quotas"),),
        example="gradio_client.exceptions.AppError: The upstream Gradio app has raised an exception: You have exceeded "
        "your free ZeroGPU quota (60s requested vs. 12s left). Try again in 2:05:11.",
        example_source="spaces 0.51.3 (PyPI) spaces/zero/client.py (schedule: 'You have exceeded your {gpu} quota "
        "({requested}s requested vs. {left}s left). Try again in {wait}.', 'Space app has reached its GPU limit', "
        "'The requested GPU duration ({requested}s) is larger than the maximum allowed', 'ZeroGPU quota exceeded')",
    ),
    # issue 36, round twenty-nine: the `spaces` package's refusals of CUDA where a ZeroGPU Space has no GPU
    KnownError(
        "env-zerogpu-cuda-init",
        "Hugging Face ZeroGPU: CUDA initialised where the Space has no GPU (before `import spaces`, or in the main "
        "process outside @spaces.GPU)",
        r"CUDA has been initialized before importing the [`'\"]?spaces[`'\"]? package"
        r"|CUDA must not be initialized in the main process on Spaces with Stateless GPU environment",
        "A ZeroGPU Space has no GPU in its main process: the `spaces` package patches torch when it is imported so "
        "that CUDA work is deferred, and a GPU is attached only while a @spaces.GPU function runs (in a worker process "
        "it forks). Something started CUDA outside that: before `import spaces` ran (torch.cuda used at import time, "
        "a library that starts CUDA when imported), or in the main process afterwards (a CUDA call the patch cannot "
        "defer: a warm-up inference at start-up, torch.cuda.synchronize / set_device, a custom CUDA kernel or "
        "another library's CUDA set-up).",
        "Import `spaces` first in app.py, before torch and anything that imports it, and keep every GPU computation "
        "inside a function decorated with @spaces.GPU (the one a Gradio event calls); moving a model with "
        "`.to('cuda')` at module level is allowed (ZeroGPU defers it). The stack trace above the error names the call "
        "that started CUDA. Or run the Space on dedicated GPU hardware instead of ZeroGPU, where CUDA may start "
        "anywhere.",
        variants=(
            Variant(
                r"initialized before importing the [`'\"]?spaces",
                "CUDA started before `import spaces`",
                "Make `import spaces` the first import of app.py, before torch, diffusers, transformers, gradio "
                "and your own modules that import them (`spaces` must patch torch before CUDA starts); move "
                "torch.cuda calls made at import time (a device check that calls torch.cuda.current_device(), a "
                "tensor created on 'cuda' in a module's top level) into the @spaces.GPU function, and import a "
                "library that starts CUDA when it is imported inside that function. A dependency update can bring "
                "such an import: pin the previous release if the order is already right. Then restart the Space.",
            ),
            Variant(
                r"must not be initialized in the main process",
                "a CUDA call in the main process",
                "Read the stack trace printed with the error: its last frames in your code are the call that started "
                "CUDA in the main process. Move that work into a @spaces.GPU-decorated function (the one the Gradio "
                "event calls): inference and warm-up runs, torch.cuda calls that ZeroGPU does not emulate "
                "(synchronize, set_device; is_available and device_count are emulated), a custom CUDA extension, a "
                "library's own CUDA start-up; loading weights and "
                "`.to('cuda')` may stay at module level. Or switch the Space to dedicated GPU hardware.",
            ),
        ),
        weight=86,
        applies="Hugging Face Spaces on ZeroGPU (the `spaces` package; torch)",
        shown_by=(_r29("test_zerogpu_cuda_started_where_the_space_has_no_gpu"),),
        example="RuntimeError: CUDA has been initialized before importing the `spaces` package",
        example_source="spaces (PyPI) spaces/zero/__init__.py ('CUDA has been initialized before importing the "
        "`spaces` package', when torch is in a bad fork) and spaces/zero/torch/patching.py (_cuda_init_raise: 'CUDA "
        "must not be initialized in the main process on Spaces with Stateless GPU environment.')",
    ),
    KnownError(
        "env-zerogpu-no-gpu-function",
        "Hugging Face ZeroGPU: No @spaces.GPU function detected during startup",
        r"No @spaces\.GPU function detected during startup",
        "A Space on ZeroGPU hardware must have at least one function that a Gradio event calls decorated with "
        "@spaces.GPU; at start-up ZeroGPU found none and stops the Space. The decorator is missing, sits on a helper "
        "instead of the function the event calls, or the app does not import `spaces` / launch through Gradio.",
        "Decorate the function the event listener calls (`btn.click(fn=generate, ...)` with `@spaces.GPU` on "
        "generate, `import spaces` at the top of app.py) and launch with Gradio's `demo.launch()`. An app that needs "
        "no GPU: move the Space to CPU hardware in its settings (ZeroGPU expects a GPU function).",
        weight=82,
        applies="Hugging Face Spaces on ZeroGPU (Gradio SDK)",
        shown_by=(_r29("test_zerogpu_cuda_started_where_the_space_has_no_gpu"),),
        example="RuntimeError: No @spaces.GPU function detected during startup",
        example_source="Hugging Face Spaces' ZeroGPU start-up check (the message as Spaces' runtime logs print it; "
        "quoted in Space authors' app.py comments and guides, not read from the `spaces` package's source)",
    ),
    KnownError(
        "env-module-unknown",
        "HPC modules: the module asked for is unknown or cannot be loaded as requested (Lmod / Environment Modules)",
        r"The following module\(s\) are unknown:|module\(s\) or extension\(s\) exist but cannot be loaded as requested"
        r"|Unable to locate a modulefile for\b|Cannot load module \"[^\"\n]{1,120}\" without these module\(s\) loaded"
        r"|Cannot load module \"[^\"\n]{1,120}\"\. At least one of these module\(s\) must be loaded",
        "The cluster's module system has no module of that name and version in the current MODULEPATH: a version "
        "this cluster does not install (cuda/12.4 where it has cuda/12.2), a name spelled another way (CUDA, "
        "cuda-toolkit, nvhpc), or, in Lmod's hierarchy, a module that only appears after its compiler / MPI is "
        "loaded. The job then runs without the CUDA, compiler or Python it expected.",
        "List what exists: `module spider cuda` (Lmod: every version, and what must be loaded first; `module spider "
        "cuda/<version>` prints the exact load line) or `module avail cuda` (Environment Modules); load the "
        "prerequisites it names (e.g. `module load gcc/<v>` before `module load cuda/<v>`), then the module with "
        "the exact name shown. Put the same lines in the batch script: a job does not inherit modules the login "
        "shell loaded unless Slurm exports them. pip's torch wheels bring their own CUDA runtime, so a Python job "
        "needs no cuda module at all, only the driver on the GPU node.",
        variants=(
            Variant(
                r"Unable to locate a modulefile for|ModuleCmd_Load",
                "Environment Modules (Tcl modules)",
                "Environment Modules has no modulefile of that name in MODULEPATH: `module avail cuda` lists the "
                "ones it has (the whole name, e.g. cuda/12.2.0-gcc-11-xyz, is needed where there is no default); "
                "`module use <dir>` adds a folder of modulefiles your site documents. Put the same lines in the "
                "batch script.",
            ),
            Variant(
                r"without these module\(s\) loaded|At least one of these module\(s\) must be loaded"
                r"|exist but cannot be loaded as requested",
                "Lmod: a module that needs another loaded first",
                "The module exists but only under a compiler / MPI of Lmod's hierarchy: `module spider "
                "<name>/<version>` prints the modules to load first; load them, then this one (in the batch "
                "script too).",
            ),
        ),
        op=r"(?:unknown:|requested:|modulefile for|Cannot load module) ?[\"']([\w./+-]{1,80})",
        weight=80,
        applies="HPC clusters with Lmod or Environment Modules (`module load`)",
        shown_by=(_test("test_hpc_module_systems_in_their_words"),),
        example='Lmod has detected the following error:  The following module(s) are unknown: "cuda/12.4"\n\nPlease '
        'check the spelling or version number. Also try "module spider ..."',
        example_source="TACC/Lmod messageDir/en.lua (commit 015a09a17737: e_Failed_Load 'The following module(s) "
        "are unknown: %{module_list}', e_Failed_Load_2 'These module(s) or extension(s) exist but cannot be loaded "
        "as requested', e_Prereq, e_Prereq_Any); Environment Modules (modulecmd / ModuleCmd_Load.c: 'ERROR:105: "
        "Unable to locate a modulefile for')",
    ),
    KnownError(
        "env-module-command-missing",
        "`module: command not found` (a batch or non-login shell without the module system's init)",
        r"\bmodule: command not found|command not found: module\b|'module' is not recognized",
        "`module` is a shell function that the login shell's profile defines (Lmod's or Environment Modules' init "
        "script); a batch script run by a plain `#!/bin/sh` / non-login bash, a container, or a compute node image "
        "without it has no such command, so every `module load` line after it did nothing.",
        "Start the batch script with `#!/bin/bash -l` (a login shell reads the profile), or source the init "
        "script before the first `module` line (`source /etc/profile.d/lmod.sh` or `source /etc/profile.d/"
        "modules.sh`, whichever the cluster has); inside a container, load the modules outside it and pass the "
        "environment in, or install what they provided in the image.",
        weight=75,
        applies="Slurm / PBS / LSF batch scripts and containers on HPC clusters",
        shown_by=(_test("test_hpc_module_systems_in_their_words"),),
        example="/var/spool/slurmd/job123/slurm_script: line 9: module: command not found",
        example_source="bash's 'command not found' (execute_cmd.c) for Lmod's / Environment Modules' `module` shell "
        "function, which their init scripts (Lmod init/bash, Modules init/bash) define",
    ),
    KnownError(
        "env-batch-oom-kill",
        "The batch scheduler killed the job for host memory (Slurm: Detected N oom_kill event(s); PBS: job killed: "
        "mem; LSF: TERM_MEMLIMIT)",
        r"Detected \d{1,9} oom[_-]kill events? in\b|\boom[_-]kill event\(s\) in StepId"
        r"|exceeded memory limit \(\d{1,20} > \d{1,20}\), being killed"
        r"|\bsrun: error: [\w.-]{1,80}: tasks? [\d,-]{1,60}: Out Of Memory\b"
        r"|PBS: job killed: v?mem \d{1,20}\s?[kmgt]?b? exceeded limit"
        r"|TERM_MEMLIMIT: job killed after reaching LSF memory",
        "The job used more host RAM than the scheduler allocated it (Slurm's --mem or the partition's default, PBS's "
        "mem=, LSF's -M / rusage[mem=]), so the scheduler or its cgroup's OOM killer ended its processes. This is "
        "the node's memory, not the GPU's.",
        _SLURM_MEM_FIX,
        variants=(
            Variant(
                r"PBS: job killed",
                "PBS / Torque",
                "PBS killed the job for host RAM: ask for more in the select statement (`#PBS -l select=1:ncpus=8:"
                "ngpus=1:mem=64gb`, Torque: `-l mem=64gb`); `qstat -fx <jobid>` shows resources_used.mem. Fewer "
                "DataLoader workers or ranks and memory-mapped weights lower what it needs.",
            ),
            Variant(
                r"TERM_MEMLIMIT",
                "IBM Spectrum LSF",
                "LSF killed the job at its memory limit: ask for more with `#BSUB -M <N>` and `#BSUB -R "
                '"rusage[mem=<N>]"` (the unit is the cluster\'s, often MB; per slot or per job depending on its '
                "config); the job's report ('Max Memory') shows what it reached.",
            ),
        ),
        weight=88,
        applies="Slurm with cgroup memory enforcement (task/cgroup, jobacct_gather), PBS Pro / OpenPBS / Torque, LSF",
        shown_by=(_test("test_slurm_ends_and_refuses_jobs"),),
        example="slurmstepd: error: Detected 1 oom_kill event in StepId=123456.batch. Some of the step tasks have "
        "been OOM Killed.",
        example_source="SchedMD/slurm src/plugins/task/cgroup/task_cgroup_memory.c ('Detected %lu oom_kill event%s "
        "in %ps. Some of the step tasks have been OOM Killed.'); jobacct_gather ('exceeded memory limit (%lu > "
        "%lu), being killed'); srun's 'task N: Out Of Memory'; OpenPBS pbs_mom ('=>> PBS: job killed: mem ... "
        "exceeded limit'); IBM Spectrum LSF's termination reasons (TERM_MEMLIMIT)",
    ),
    KnownError(
        "env-batch-job-cancelled",
        "The batch scheduler ended the job: time limit / preemption / node failure (Slurm: CANCELLED AT ... DUE TO; "
        "PBS: job killed: walltime; LSF: TERM_RUNLIMIT / TERM_PREEMPT)",
        r"\*\*\* (?:JOB|STEP) [\w.+]{1,40} (?:ON [\w.-]{1,80} )?CANCELLED AT [\w:.-]{1,30} DUE TO "
        r"(?:TIME LIMIT|PREEMPTION|NODE FAILURE)"
        r"|PBS: job killed: walltime \d{1,12} exceeded limit|TERM_RUNLIMIT: job killed after reaching LSF run time"
        r"|TERM_PREEMPT: job killed after preemption",
        "The scheduler ended the job itself, not the program: the wall time asked for (Slurm's --time, PBS's "
        "walltime, LSF's -W, or the queue's default) ran out, a higher-priority job preempted it, or its node "
        "failed. The program's last lines before this show how far it got; nothing in the code failed.",
        "Time limit: ask for more (`#SBATCH --time=HH:MM:SS`, up to the partition's MaxTime from `sinfo -o '%P "
        "%l'`), or save checkpoints and resume in a follow-up job (`--dependency=afterany:<jobid>`); a TensorRT "
        "engine build belongs in its own job, saved to disk, not repeated in every run.",
        variants=(
            Variant(
                r"DUE TO PREEMPTION",
                "preemption",
                "A higher-priority job took the node: submit with `--requeue` and resume from the last checkpoint "
                "(save one regularly, and on SIGTERM: `--signal=B:TERM@120` gives the script two minutes), or use a "
                "partition / QOS that is not preemptible.",
            ),
            Variant(
                r"PBS: job killed: walltime",
                "PBS / Torque",
                "PBS killed the job at its walltime: ask for more (`#PBS -l walltime=HH:MM:SS`, up to the queue's "
                "limit from `qstat -Qf <queue>`), or checkpoint and resume in a follow-up job (`qsub -W "
                "depend=afterany:<jobid>`).",
            ),
            Variant(
                r"TERM_RUNLIMIT|TERM_PREEMPT",
                "IBM Spectrum LSF",
                "LSF ended the job (TERM_RUNLIMIT: its run limit, `#BSUB -W HH:MM`, up to the queue's RUNLIMIT from "
                "`bqueues -l <queue>`; TERM_PREEMPT: a higher-priority job took its slots: submit with `-r` "
                "(rerunnable) and resume from checkpoints).",
            ),
            Variant(
                r"DUE TO NODE FAILURE",
                "node failure",
                "The node failed (the controller's log and `sacct -j <jobid> -o JobID,State,NodeList` name it): "
                "resubmit, excluding it if it repeats (`--exclude=<node>`), and tell the cluster's admins; "
                "`--requeue` with checkpoints makes the next one resume on its own.",
            ),
        ),
        op=r"DUE TO (TIME LIMIT|PREEMPTION|NODE FAILURE)",
        weight=86,
        applies="Slurm (slurmstepd's cancellation notice in the job's output), PBS Pro / OpenPBS / Torque, LSF",
        shown_by=(_test("test_slurm_ends_and_refuses_jobs"),),
        example="slurmstepd: error: *** JOB 4567 ON gpu-node12 CANCELLED AT 2024-05-01T10:00:00 DUE TO TIME LIMIT ***",
        example_source="SchedMD/slurm src/slurmd/slurmstepd/req.c (error('*** %s ON %s CANCELLED AT %s DUE TO TIME "
        "LIMIT ***'), with DUE TO PREEMPTION and DUE TO NODE FAILURE beside it); OpenPBS pbs_mom ('=>> PBS: job "
        "killed: walltime %ld exceeded limit %ld'); IBM Spectrum LSF's termination reasons (TERM_RUNLIMIT, "
        "TERM_PREEMPT)",
    ),
    KnownError(
        "env-slurm-submit-refused",
        "Slurm refused the job: account / partition / QOS / time-limit policy",
        r"Job violates accounting/QOS policy|Invalid account or account/partition combination specified"
        r"|Invalid partition name specified|Invalid qos specification"
        r"|Requested time limit is invalid \(missing or exceeds some limit\)"
        r"|Requested GRES option unsupported by configured SelectType plugin"
        r"|Invalid Trackable RESource \(TRES\) specification",
        "The controller rejected the request as written: a partition or account name this cluster (or your user) "
        "does not have, a QOS limit (jobs, GPUs or wall time per user) the request exceeds, a --time longer than "
        "the partition allows, or a GPU request in a form the cluster's scheduler does not support.",
        "Read your limits: `sacctmgr show assoc user=$USER format=account,partition,qos` (accounts and QOS you may "
        "use), `sacctmgr show qos format=name,maxwall,maxtrespu` and `sinfo -o '%P %l %G'` (partitions, their time "
        "limits and GPUs); then submit with an account, partition and QOS from those lists (`-A`, `-p`, `-q`), a "
        "--time within the partition's limit, and GPUs as the cluster documents them (`--gres=gpu:<n>` or "
        "`--gpus=<n>`).",
        op=r"(Job violates accounting/QOS policy|Invalid account|Invalid partition name|Invalid qos"
        r"|Requested time limit is invalid|Requested GRES option unsupported|Invalid Trackable RESource)",
        weight=80,
        applies="Slurm (sbatch, srun, salloc)",
        shown_by=(_test("test_slurm_ends_and_refuses_jobs"),),
        example="sbatch: error: Batch job submission failed: Job violates accounting/QOS policy (job submit limit, "
        "user's size and/or time limits)",
        example_source="SchedMD/slurm src/common/slurm_errno.c (commit 0001e1b447b8: ESLURM_ACCOUNTING_POLICY, "
        "ESLURM_INVALID_ACCOUNT, ESLURM_INVALID_PARTITION_NAME, ESLURM_INVALID_QOS, ESLURM_INVALID_TIME_LIMIT, "
        "ESLURM_UNSUPPORTED_GRES, ESLURM_INVALID_TRES)",
    ),
    KnownError(
        "env-docker-gpus-flag-unknown",
        "docker: unknown flag: --gpus (a Docker older than 19.03, or a CLI without GPU support)",
        r"unknown flag: --gpus\b",
        "`docker run --gpus` exists from Docker 19.03 on; an older docker CLI (or a docker-compatible CLI without "
        "it) does not know the flag and stops before starting the container.",
        "`docker version` shows the client and server versions: update Docker to 19.03 or newer and install the "
        "NVIDIA Container Toolkit (`nvidia-ctk runtime configure --runtime=docker`, then restart docker); on a "
        "host that must keep the old Docker, the legacy nvidia-docker2 runtime takes `--runtime=nvidia -e "
        "NVIDIA_VISIBLE_DEVICES=all` instead. Compose: `deploy.resources.reservations.devices` with "
        "capabilities [gpu] (Compose v2).",
        weight=84,
        applies="Docker CLI before 19.03 (and CLIs without the --gpus flag)",
        shown_by=(_test("test_docker_and_slurm_steps"),),
        example="unknown flag: --gpus\nSee 'docker run --help'.",
        example_source="docker/cli (spf13/pflag's 'unknown flag: --%s' for a flag the CLI does not define; "
        "`--gpus` was added to docker run in Docker 19.03)",
    ),
    KnownError(
        "env-slurm-step-waiting",
        "srun: Job N step creation temporarily disabled, retrying (Requested nodes are busy): a step waits for "
        "resources another step holds",
        r"step creation temporarily disabled, retrying",
        "A job step (srun inside the allocation) asked for CPUs, memory or GPUs that earlier steps of the same job "
        "still hold, so Slurm holds it until they finish; steps meant to run side by side then run one after "
        "another, or wait forever on a step that never ends (a server started in the background).",
        "Give each step only its share: `srun --exact -n1 --gres=gpu:1 --cpus-per-task=<c> --mem=<m> ... &` (or "
        "`--gpus-per-task=1`) for parallel steps, then `wait`; a step that only needs to run beside a long one "
        "(monitoring, a client) takes `--overlap`. 'Step created for' after it means it started.",
        severity="notice",
        weight=40,
        applies="Slurm (srun inside an allocation)",
        shown_by=(_test("test_docker_and_slurm_steps"),),
        example="srun: Job 5517045 step creation temporarily disabled, retrying (Requested nodes are busy)",
        example_source="SchedMD/slurm src/srun (launch: info('Job %u step creation temporarily disabled, retrying "
        "(%s)', slurm_strerror(rc)), ESLURM_NODES_BUSY 'Requested nodes are busy' in slurm_errno.c)",
    ),
    KnownError(
        "env-k8s-runtimeclass-missing",
        'Kubernetes: pod rejected: RuntimeClass "nvidia" not found',
        r"RuntimeClass \"[\w.-]{1,63}\" not found",
        "The pod names a runtimeClassName (nvidia) that the cluster has no RuntimeClass object for, so the API "
        "server refuses it at admission: the NVIDIA GPU Operator / Container Toolkit that creates it is not "
        "installed, or it was created under another name.",
        "`kubectl get runtimeclass` lists the ones that exist: use that name, or drop runtimeClassName where "
        "containerd's default runtime is already NVIDIA's; to create it, install the NVIDIA GPU Operator (it "
        "creates RuntimeClass `nvidia`) or apply a RuntimeClass with handler: nvidia after configuring containerd "
        "(`nvidia-ctk runtime configure --runtime=containerd` on each GPU node, then restart containerd).",
        weight=84,
        applies="Kubernetes (kube-apiserver's RuntimeClass admission)",
        shown_by=(_test("test_kubernetes_runtimeclass"),),
        example='Error from server (Forbidden): error when creating "pod.yaml": pods "gpu-pod" is forbidden: pod '
        'rejected: RuntimeClass "nvidia" not found',
        example_source="kubernetes/kubernetes plugin/pkg/admission/runtimeclass/admission.go ('pod rejected: "
        "RuntimeClass %q not found')",
    ),
    KnownError(
        "env-conda-cuda-virtual-package",
        "conda / mamba: __cuda is missing on the system (a CUDA build solved on a host without a GPU driver)",
        r"__cuda\b[^\n]{0,60}, which is missing on the system|nothing provides (?:requested )?__cuda\b"
        r"|feature:[\w/|@:-]{0,40}::__cuda=="
        # pixi (rattler's VirtualPackageNotFoundError, and the check of a workspace's system-requirements against
        # the machine): "Virtual package '__cuda' does not match any of the available virtual packages on your
        # machine: [...]", "The current system has a mismatching virtual package. The project requires '__cuda' to
        # be at least version '12' but the system has version '11.4'"
        r"|Virtual package '__cuda\b[^'\n]{0,40}' does not match any of the available virtual packages"
        r"|mismatching virtual package\.? [^\n]{0,60}'__cuda'",
        "The package (a CUDA build of pytorch, tensorflow, jaxlib, xgboost, ...) requires conda's `__cuda` virtual "
        "package, which conda derives from the NVIDIA driver of the machine that runs the solver. There is no "
        "driver there (a login node, a Docker build, CI), or it is older than the CUDA the package needs.",
        _CONDA_CUDA_FIX,
        variants=(
            # issue 36, round forty-seven: pixi, whose workspace declares `cuda = "12"` under [system-requirements]
            # (so every environment that includes it needs a driver), and which words the fix as an environment
            # variable in its help line
            Variant(
                r"\bpixi\b|Virtual package '__cuda|mismatching virtual package|Cannot install environment '"
                r"|system-requirements",
                "pixi (a workspace's [system-requirements] cuda)",
                "pixi requires the `__cuda` virtual package because the manifest (pixi.toml, or pyproject.toml's "
                '[tool.pixi]) declares `cuda = "<major>"` under [system-requirements] for this environment, and it '
                "reads __cuda from the NVIDIA driver of the machine that runs pixi; a CI runner, a login node or a "
                "Docker build has none. To install there anyway (the lock already holds the CUDA builds), set the "
                "variable pixi's help names for that command: `CONDA_OVERRIDE_CUDA=12.0 pixi install --locked` (in "
                'CI: `env: CONDA_OVERRIDE_CUDA: "12.0"` on the step). To keep a CPU-only default environment, move '
                'the requirement into a feature of its own: `[feature.cuda.system-requirements] cuda = "12"` with '
                "the CUDA dependencies under [feature.cuda.dependencies], and `[environments] cuda = "
                '["cuda"]`, then `pixi install -e cuda` only on GPU machines. On a machine with a GPU it means the '
                "driver is older than the CUDA the manifest asks for (`nvidia-smi`'s CUDA Version): update the "
                "driver or lower the system-requirements' cuda and relock.",
            ),
        ),
        weight=88,
        applies="conda (classic and libmamba solvers), mamba, micromamba, pixi",
        shown_by=(_test("test_conda_cuda_environments"),),
        example="Could not solve for environment specs\nThe following packages are incompatible\n└─ pytorch-cuda "
        "12.1**  is not installable because it requires\n   └─ __cuda, which is missing on the system.",
        example_source="mamba-org/mamba libmamba/src/solver/problems_graph.cpp (the problem tree's 'which is missing "
        "on the system'); conda/conda tests/test_create.py ('nothing provides __cuda >=9.0 needed by "
        "cudatoolkit-9.0-0', classic 'feature:/linux-64::__cuda==8.0=0')",
    ),
    KnownError(
        "env-conda-unsatisfiable",
        "conda / mamba could not solve the environment (UnsatisfiableError / LibMambaUnsatisfiableError)",
        r"\bUnsatisfiableError: The following specifications were found|\bLibMambaUnsatisfiableError\b"
        r"|Could not solve for environment specs|Encountered problems while solving",
        "The packages asked for cannot all be installed together: pins of different CUDA versions (pytorch-cuda, "
        "cudatoolkit, cuda-version), a Python the package has no build for, or packages from channels that do not "
        "mix (pytorch / nvidia against conda-forge).",
        "Read the solver's tree from the top: the first package 'is not installable because it requires' names the "
        "conflict. Solve with fewer pins in a new environment from one channel (`conda create -n trt -c "
        "conda-forge --override-channels python=3.11 pytorch cuda-version=12.4`; conda-forge's pytorch takes its "
        "CUDA from cuda-version), or use pip inside the env for torch and torch_tensorrt (their wheels carry their "
        "own CUDA libraries).",
        variants=(
            # issue 36, round thirty-eight: a backport of a module Python 3 has in its standard library (argparse,
            # futures, enum34, typing, ...) pinned in an old environment file or setup routine: its conda builds are
            # for Python 2 only, so it conflicts with any Python 3
            Variant(
                r"^\s{0,12}-?\s{0,3}(?:argparse|futures|enum34|typing|functools32|subprocess32"
                r"|backports\.\w{1,40})\s{0,3}(?:->|==?|\[|$)[^\n]{0,60}?(?:python\s{0,2}[=<>]{1,2}\s{0,2}2\b|$)",
                "a Python 2 backport of a standard-library module in the request (argparse, futures, enum34, typing)",
                "The conflicting spec is a backport of a module that Python 3 has in its standard library (argparse, "
                "futures / concurrent.futures, enum34 / enum, typing, functools32, subprocess32); its conda builds "
                "require Python 2, so it can never install beside Python 3 and is not needed there. Remove that "
                "line from the environment file / requirements (or the install command the project's setup runs), "
                "or ignore the error if the setup goes on, and install the packages that are really needed (the "
                "framework, e.g. TensorFlow at the version the project names) into the environment directly.",
                strict=True,
                sure=True,
            ),
            Variant(
                r"pytorch-cuda|cudatoolkit|cuda-version|cuda-toolkit|cuda-nvcc|\bcudnn\b",
                "CUDA packages in the request",
                "Two CUDA versions are pinned at once (pytorch-cuda=X with cudatoolkit / cuda-version=Y, or "
                "packages built for different CUDA majors): pin one `cuda-version=<X.Y>` and let the solver pick "
                "builds for it, from one channel (`-c conda-forge --override-channels`; the pytorch channel's "
                "pytorch-cuda packages stop at torch 2.5). With torch_tensorrt, install torch and torch_tensorrt "
                "with pip into the env instead: their wheels pin each other and bring their CUDA libraries.",
            ),
        ),
        loose=True,
        alternatives=("env-conda-cuda-virtual-package",),
        weight=55,
        applies="conda (classic and libmamba solvers), mamba, micromamba",
        shown_by=(_test("test_conda_cuda_environments"),),
        example="LibMambaUnsatisfiableError: Encountered problems while solving:\n  - package pytorch-cuda-12.1-"
        "ha16c6d3_5 requires cuda-cudart >=12.1,<12.2, but none of the providers can be installed",
        example_source="conda/conda-libmamba-solver conda_libmamba_solver/exceptions.py (LibMambaUnsatisfiableError);"
        " conda/conda conda/exceptions.py (UnsatisfiableError 'The following specifications were found to be "
        "incompatible with each other'); libmamba ('Could not solve for environment specs')",
    ),
    KnownError(
        "env-conda-clobber",
        "conda: ClobberError: This transaction has incompatible packages due to a shared path",
        r"This transaction has incompatible packages due to a shared path",
        "Two packages in the environment install the same file (a CUDA library, nvcc, an OpenMP runtime): usually "
        "the same CUDA component from two channels (nvidia and conda-forge, or defaults), or an old cudatoolkit "
        "beside the new split cuda-* packages. Whichever was written last wins, so the library a program loads may "
        "not be the one its package expects.",
        "Use one channel for the CUDA stack: create a new environment with `-c conda-forge --override-channels` "
        "(or only `-c nvidia`), with channel_priority strict (`conda config --set channel_priority strict`), and do "
        "not mix cudatoolkit with cuda-* packages; `conda list | grep -E 'cuda|nvidia'` shows which channel each "
        "came from. `conda clean --all` clears a half-extracted package cache when the same package clashes with "
        "itself.",
        weight=70,
        applies="conda, mamba",
        shown_by=(_test("test_conda_cuda_environments"),),
        example="ClobberError: This transaction has incompatible packages due to a shared path.\n  packages: nvidia/"
        "linux-64::cuda-nvcc-12.1.105-0, conda-forge/linux-64::cuda-nvcc-12.4.99-0\n  path: 'bin/nvcc'",
        example_source="conda/conda conda/exceptions.py (SharedLinkPathClobberError: 'This transaction has "
        "incompatible packages due to a shared path.')",
    ),
    KnownError(
        "env-cloud-gpu-quota",
        "The cloud account's GPU quota is too low (ResourceLimitExceeded / VcpuLimitExceeded / Quota '..._GPUS' "
        "exceeded / exceeding approved quota)",
        r"\bResourceLimitExceeded\b|\bVcpuLimitExceeded\b|\bInstanceLimitExceeded\b"
        r"|Quota '[A-Z0-9_]{0,60}GPUS?[A-Z0-9_]{0,40}' exceeded|quota metrics exceed quota limits"
        r"|results in exceeding approved [\w -]{1,80} quota",
        "The request asked for GPU instances beyond the account's quota for that instance type or family in that "
        "region; new accounts start at 0 for most GPU types. It is a limit on the account, not a shortage of "
        "hardware, and retrying does not help.",
        "Request a quota increase for that GPU type in that region, then retry (it is approved in minutes to days); "
        "meanwhile use an instance type or region where the quota is above 0.",
        variants=(
            Variant(
                r"ResourceLimitExceeded|CreateTrainingJob|CreateEndpoint|CreateProcessingJob|\bml\.[a-z0-9]{2,6}\.",
                "Amazon SageMaker",
                "SageMaker's quotas are per instance type and per use ('ml.g5.xlarge for training job usage', "
                "'... for endpoint usage'), separate from EC2's: open Service Quotas > Amazon SageMaker, find that "
                "line and request an increase (or `aws service-quotas request-service-quota-increase`); until then "
                "pick an ml.* instance type whose quota is above 0 for that use.",
            ),
            Variant(
                r"VcpuLimitExceeded|InstanceLimitExceeded|RunInstances",
                "Amazon EC2",
                "EC2 limits On-Demand (and Spot) instances by vCPUs per family: 'Running On-Demand G and VT "
                "instances' for g4dn / g5 / g6, 'P instances' for p3 / p4 / p5. Request an increase of that quota in "
                "Service Quotas > Amazon EC2 for the region (in vCPUs: a g5.xlarge needs 4).",
            ),
            Variant(
                r"aiplatform\.googleapis\.com|custom_model_training|Vertex",
                "Vertex AI",
                "Vertex AI training has its own per-region GPU quotas (aiplatform.googleapis.com/"
                "custom_model_training_<gpu>_gpus): request an increase in IAM & Admin > Quotas for that metric and "
                "region, or run in a region with quota.",
            ),
            Variant(
                r"Quota '[A-Z0-9_]{0,60}GPUS?[A-Z0-9_]{0,40}' exceeded|gcloud|compute\.googleapis",
                "Google Compute Engine / GKE",
                "Compute Engine counts GPUs per type per region (NVIDIA_T4_GPUS, NVIDIA_L4_GPUS, PREEMPTIBLE_...) and "
                "all together (GPUS_ALL_REGIONS, 0 on new projects): request increases for both in IAM & Admin > "
                "Quotas, then create the VM or GKE node pool again.",
            ),
            Variant(
                r"exceeding approved|Microsoft\.Compute|\baz\b|Azure",
                "Azure",
                "Azure counts vCPUs per VM family per region (e.g. 'Standard NCASv3_T4 Family vCPUs'): request an "
                "increase in the portal's Quotas (Compute) for that family and region; Azure ML compute clusters "
                "use the workspace's quota page.",
            ),
        ),
        weight=82,
        applies="AWS (SageMaker, EC2), Google Cloud (Compute Engine, GKE, Vertex AI), Azure",
        shown_by=(_test("test_cloud_gpu_quota_and_capacity"),),
        example="botocore.exceptions.ClientError: An error occurred (ResourceLimitExceeded) when calling the "
        "CreateTrainingJob operation: The account-level service limit 'ml.g5.xlarge for training job usage' is 0 "
        "Instances, with current utilization of 0 Instances and a request delta of 1 Instances.",
        example_source="botocore's SageMaker service model (ResourceLimitExceeded: 'You have exceeded an SageMaker "
        "resource limit'); the EC2 API's error codes (VcpuLimitExceeded, InstanceLimitExceeded); Google's Deep "
        "Learning VM troubleshooting ('Quota 'NVIDIA_P4_GPUS' exceeded. Limit: 0.0 in region'); Azure Resource "
        "Manager's quota errors",
    ),
    KnownError(
        "env-cloud-gpu-capacity",
        "The cloud has no free GPU capacity there now (InsufficientInstanceCapacity / ZONE_RESOURCE_POOL_EXHAUSTED "
        "/ CapacityError / SkuNotAvailable)",
        r"\bInsufficientInstanceCapacity\b|We currently do not have sufficient [\w.-]{1,40} capacity"
        r"|ZONE_RESOURCE_POOL_EXHAUSTED|does not have enough resources available to fulfill the request"
        r"|\bCapacityError: |\bSkuNotAvailable\b|is currently not available in location '[\w-]{1,40}'"
        r"|CAPACITY:INSUFFICIENT_INSTANCE_CAPACITY",
        "The zone or region has no free machines of that GPU type at this moment (or, for Azure's SkuNotAvailable, "
        "that size is not offered there for this subscription). This is not the account's quota: raising it does "
        "not help.",
        "Try another zone or region that offers the GPU, another GPU type, or later; keep the request flexible "
        "(several instance types / zones in the launch template, node pool or job), or reserve capacity ahead "
        "(EC2 Capacity Blocks / On-Demand Capacity Reservations, Compute Engine reservations, Azure capacity "
        "reservations).",
        variants=(
            Variant(
                r"CapacityError|SageMaker|CAPACITY:INSUFFICIENT",
                "Amazon SageMaker",
                "SageMaker could not get that ml.* instance type now: retry later, in another region, or with "
                "another instance type (tuning jobs and endpoints take a list of alternates); training plans reserve "
                "capacity ahead.",
            ),
            Variant(
                r"SkuNotAvailable|is currently not available in location",
                "Azure",
                "That VM size is not available in that region / zone for the subscription: `az vm list-skus "
                "--location <region> --size <size> --output table` shows where it is and any restriction; pick "
                "another region or zone, or ask Azure support to enable the size.",
            ),
        ),
        weight=82,
        applies="AWS (EC2, SageMaker), Google Cloud (Compute Engine, GKE), Azure",
        shown_by=(_test("test_cloud_gpu_quota_and_capacity"),),
        example="An error occurred (InsufficientInstanceCapacity) when calling the RunInstances operation: We "
        "currently do not have sufficient p4d.24xlarge capacity in the Availability Zone you requested (us-east-1a).",
        example_source="the EC2 API's error codes (InsufficientInstanceCapacity); Compute Engine's 'Troubleshooting "
        "resource availability errors' (ZONE_RESOURCE_POOL_EXHAUSTED, 'does not have enough resources available to "
        "fulfill the request'); AWS Batch's SageMaker capacity guide (failedReason 'CapacityError'); Azure Resource "
        "Manager's 'SKU not available' errors",
    ),
    KnownError(
        "pip-replaced-cuda-torch",
        "pip's install replaces torch (another build, and the nvidia-*-cuXX wheels of another CUDA)",
        # pip's own lines: "Installing collected packages: ..., nvidia-cudnn-cu12, ..., torch" and "Attempting
        # uninstall: torch ... Successfully uninstalled torch-2.0.1+cu118" (pip/_internal/commands/install.py)
        r"Installing collected packages: [^\n]{0,3000}?\b(?:nvidia-[a-z]{2,12}(?:-[a-z]{2,12}){0,2}-cu\d{2}|torch)\b"
        r"|Successfully uninstalled torch-\d{1,2}\.\d{1,2}[\w.+]{0,20}",
        "Installing a package (xformers, a pinned requirements file, a library that requires another torch) made "
        "pip uninstall the torch you had and pull another build with the nvidia-*-cuXX runtime wheels of its CUDA: "
        "the CUDA torch the project was set up with is gone, so CUDA, extensions built for it (xformers, "
        "flash-attn, torchvision) or the install itself fail next.",
        "Install the release of that package built for the torch you have (xformers and flash-attn pin one torch "
        "each: pick theirs for your torch and CUDA, from the same index as torch), or install torch and it together "
        "as a matched pair (`pip install torch==X xformers==Y --index-url <the CUDA index of X>`); `pip install "
        "--no-deps` keeps torch but only after checking the pin. Check with `python -c 'import torch; "
        "print(torch.__version__, torch.cuda.is_available())'` and `python -m xformers.info`.",
        severity="warns-of-failure",
        loose=True,
        alternatives=("kern-xformers-built-for-other-torch",),
        weight=40,
        applies="pip installs into an environment with a CUDA torch (xformers, flash-attn, requirements that pin "
        "torch)",
        shown_by=(f"{T_ENGINE}::test_new_and_widened_rows",),
        example="Installing collected packages: triton, nvidia-nvtx-cu12, nvidia-nvjitlink-cu12, nvidia-nccl-cu12, "
        "nvidia-curand-cu12, nvidia-cufft-cu12, nvidia-cuda-runtime-cu12, torch, xformers",
        example_source="baichuan-inc/Baichuan2 issue 307 (pip install xformers over torch 2.0.1+cu118); pip "
        "src/pip/_internal/commands/install.py (Installing collected packages)",
    ),
)
