"""`explain`, round thirteen, compute environments (issue 36): where the job runs, in each environment's own words.
Each class is checked against its sources' wordings (Colab's pip hook, Lmod's message table and Environment Modules,
Slurm's slurm_errno.c and slurmstepd, kube-apiserver's RuntimeClass admission, conda's and libmamba's solver
messages, the clouds' documented quota and capacity errors), per product, with near misses that must not match; the
fix must name that environment's own remedy."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain


def test_colab_restart_after_install() -> None:
    text = (
        "Successfully installed torch-2.5.1 torch-tensorrt-2.5.0\nWARNING: The following packages were previously "
        "imported in this runtime:\n  [torch,torchgen]\nYou must restart the runtime in order to use newly installed "
        "versions."
    )
    result = explain(text)
    assert result.first_answer == "env-colab-restart-after-install"
    assert "Restart session" in result[0].fix and "first cell" in result[0].fix
    # a real failure after it is the answer, not the warning
    failed = text + "\nTraceback (most recent call last):\nRuntimeError: CUDA error: out of memory"
    assert explain(failed).first_answer != "env-colab-restart-after-install"
    # the words 'restart the runtime' alone are no such warning
    assert "env-colab-restart-after-install" not in keys("Please restart the runtime after changing settings.")


def test_notebook_and_space_gpu_quotas() -> None:
    text = (
        "gradio_client.exceptions.AppError: The upstream Gradio app has raised an exception: You have exceeded your "
        "free ZeroGPU quota (60s requested vs. 12s left). Try again in 2:05:11."
    )
    key, fix = first(text)
    assert key == "env-zerogpu-quota" and "hf_token" in fix
    older = "You have exceeded your GPU quota (60s requested vs. 54s left)."
    assert first(older)[0] == "env-zerogpu-quota"
    too_long = "The requested GPU duration (900s) is larger than the maximum allowed"
    assert "duration=" in first(too_long)[1]
    # the word quota alone, or another service's GPU quota, is not ZeroGPU's
    assert "env-zerogpu-quota" not in keys("Your GPU quota resets at midnight.")


def test_hpc_module_systems_in_their_words() -> None:
    lmod = (
        'Lmod has detected the following error:  The following module(s) are unknown: "cuda/12.4"\n\nPlease check '
        'the spelling or version number. Also try "module spider ..."'
    )
    key, fix = first(lmod)
    assert key == "env-module-unknown" and "module spider cuda" in fix
    hierarchy = (
        "Lmod has detected the following error:  These module(s) or extension(s) exist but cannot be loaded as "
        'requested: "cuda/12.2"\n   Try: "module spider cuda/12.2" to see how to load the module(s).'
    )
    key, fix = first(hierarchy)
    assert key == "env-module-unknown" and "hierarchy" in fix
    prereq = 'Lmod has detected the following error:  Cannot load module "cudnn/8.9" without these module(s) loaded:'
    assert first(prereq)[0] == "env-module-unknown"
    tcl = "ModuleCmd_Load.c(213):ERROR:105: Unable to locate a modulefile for 'cuda/11.8'"
    key, fix = first(tcl)
    assert key == "env-module-unknown" and "module avail cuda" in fix and "Environment Modules" in fix
    assert explain(tcl)[0].op == "cuda/11.8"
    missing = "/var/spool/slurmd/job123/slurm_script: line 9: module: command not found"
    key, fix = first(missing)
    assert key == "env-module-command-missing" and "#!/bin/bash -l" in fix
    # near misses: Lmod's notices of a swap, and another command not found, are not these
    assert not {"env-module-unknown", "env-module-command-missing"} & set(
        keys('Lmod is automatically replacing "gcc/11" with "gcc/12".\nbash: nvcc: command not found')
    )


def test_slurm_ends_and_refuses_jobs() -> None:
    oom = (
        "slurmstepd: error: Detected 1 oom_kill event in StepId=123456.batch. Some of the step tasks have been OOM "
        "Killed."
    )
    key, fix = first(oom)
    assert key == "env-batch-oom-kill" and "--mem" in fix and "sacct" in fix
    older = "slurmstepd: error: Step 812.0 exceeded memory limit (34359738368 > 34359738368), being killed"
    assert first(older)[0] == "env-batch-oom-kill"
    srun = "srun: error: gpu-node04: task 0: Out Of Memory"
    assert first(srun)[0] == "env-batch-oom-kill"
    pbs_mem = "=>> PBS: job killed: mem 67108864kb exceeded limit 33554432kb"
    key, fix = first(pbs_mem)
    assert key == "env-batch-oom-kill" and "select=1" in fix
    lsf_mem = "TERM_MEMLIMIT: job killed after reaching LSF memory usage limit.\nExited with exit code 137."
    key, fix = first(lsf_mem)
    assert key == "env-batch-oom-kill" and "#BSUB -M" in fix
    # the GPU's out-of-memory is another failure
    assert "env-batch-oom-kill" not in keys("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB")

    limit = "slurmstepd: error: *** JOB 4567 ON gpu-node12 CANCELLED AT 2024-05-01T10:00:00 DUE TO TIME LIMIT ***"
    key, fix = first(limit)
    assert key == "env-batch-job-cancelled" and "--time" in fix and explain(limit)[0].op == "TIME LIMIT"
    preempt = "slurmstepd: error: *** STEP 88.0 ON n3 CANCELLED AT 2024-05-01T10:00:00 DUE TO PREEMPTION ***"
    assert "--requeue" in first(preempt)[1]
    pbs = "=>> PBS: job killed: walltime 3611 exceeded limit 3600"
    key, fix = first(pbs)
    assert key == "env-batch-job-cancelled" and "#PBS -l walltime" in fix
    lsf = "TERM_RUNLIMIT: job killed after reaching LSF run time limit.\nExited with exit code 140."
    key, fix = first(lsf)
    assert key == "env-batch-job-cancelled" and "#BSUB -W" in fix
    # a job the user cancelled is no failure of the environment
    assert "env-batch-job-cancelled" not in keys("slurmstepd: error: *** JOB 4567 ON n1 CANCELLED AT 2024-05-01 ***")

    qos = (
        "sbatch: error: Batch job submission failed: Job violates accounting/QOS policy (job submit limit, user's "
        "size and/or time limits)"
    )
    key, fix = first(qos)
    assert key == "env-slurm-submit-refused" and "sacctmgr" in fix
    account = "srun: error: Unable to allocate resources: Invalid account or account/partition combination specified"
    assert first(account)[0] == "env-slurm-submit-refused"
    # the GPU-node row keeps its own wording
    assert first("srun: error: Unable to allocate resources: Requested node configuration is not available")[0] == (
        "host-slurm-no-gpu-node"
    )


def test_kubernetes_runtimeclass() -> None:
    text = (
        'Error from server (Forbidden): error when creating "pod.yaml": pods "gpu-pod" is forbidden: pod rejected: '
        'RuntimeClass "nvidia" not found'
    )
    key, fix = first(text)
    assert key == "env-k8s-runtimeclass-missing" and "kubectl get runtimeclass" in fix and "GPU Operator" in fix
    assert "env-k8s-runtimeclass-missing" not in keys('RuntimeClass "nvidia" created')


def test_conda_cuda_environments() -> None:
    libmamba = (
        "Could not solve for environment specs\nThe following packages are incompatible\n└─ pytorch-cuda 12.1**  is "
        "not installable because it requires\n   └─ __cuda, which is missing on the system."
    )
    key, fix = first(libmamba)
    assert key == "env-conda-cuda-virtual-package" and "CONDA_OVERRIDE_CUDA" in fix
    classic = "Encountered problems while solving:\n  - nothing provides __cuda >=11.8 needed by pytorch-2.1.0"
    assert first(classic)[0] == "env-conda-cuda-virtual-package"
    older = (
        "UnsatisfiableError: The following specifications were found to be incompatible with your system:\n\n"
        "  - feature:/linux-64::__cuda==11.4=0"
    )
    assert first(older)[0] == "env-conda-cuda-virtual-package"
    # a conflict that is no missing __cuda is the loose solver row, with the CUDA pins' fix
    solver = (
        "LibMambaUnsatisfiableError: Encountered problems while solving:\n  - package pytorch-cuda-12.1-ha16c6d3_5 "
        "requires cuda-cudart >=12.1,<12.2, but none of the providers can be installed"
    )
    found = explain(solver)
    assert found[0].key == "env-conda-unsatisfiable" and "cuda-version" in found[0].fix
    assert "env-conda-cuda-virtual-package" not in keys(solver)
    # another virtual package missing (glibc, a macOS solve) is not the GPU driver
    assert "env-conda-cuda-virtual-package" not in keys("  └─ __glibc >=2.17, which is missing on the system.")
    clobber = (
        "ClobberError: This transaction has incompatible packages due to a shared path.\n  packages: nvidia/linux-64::"
        "cuda-nvcc-12.1.105-0, conda-forge/linux-64::cuda-nvcc-12.4.99-0\n  path: 'bin/nvcc'"
    )
    key, fix = first(clobber)
    assert key == "env-conda-clobber" and "--override-channels" in fix


def test_cloud_gpu_quota_and_capacity() -> None:
    sagemaker = (
        "botocore.exceptions.ClientError: An error occurred (ResourceLimitExceeded) when calling the CreateTrainingJob "
        "operation: The account-level service limit 'ml.g5.xlarge for training job usage' is 0 Instances"
    )
    key, fix = first(sagemaker)
    assert key == "env-cloud-gpu-quota" and "Service Quotas > Amazon SageMaker" in fix
    ec2 = (
        "An error occurred (VcpuLimitExceeded) when calling the RunInstances operation: You have requested more vCPU "
        "capacity than your current vCPU limit of 0 allows for the instance bucket that the specified instance type "
        "belongs to."
    )
    key, fix = first(ec2)
    assert key == "env-cloud-gpu-quota" and "G and VT" in fix
    gce = "ERROR: (gcloud.compute.instances.create) Quota 'NVIDIA_T4_GPUS' exceeded. Limit: 0.0 in region us-east1."
    key, fix = first(gce)
    assert key == "env-cloud-gpu-quota" and "GPUS_ALL_REGIONS" in fix
    vertex = (
        "google.api_core.exceptions.ResourceExhausted: 429 The following quota metrics exceed quota limits: "
        "aiplatform.googleapis.com/custom_model_training_nvidia_t4_gpus"
    )
    assert "Vertex AI" in first(vertex)[1]
    azure = "Operation could not be completed as it results in exceeding approved standardNCASv3_T4Family Cores quota."
    key, fix = first(azure)
    assert key == "env-cloud-gpu-quota" and "Quotas (Compute)" in fix

    capacity = (
        "An error occurred (InsufficientInstanceCapacity) when calling the RunInstances operation: We currently do "
        "not have sufficient p4d.24xlarge capacity in the Availability Zone you requested (us-east-1a)."
    )
    key, fix = first(capacity)
    assert key == "env-cloud-gpu-capacity" and "another zone" in fix
    zone = (
        "The zone 'projects/p/zones/us-central1-a' does not have enough resources available to fulfill the request. "
        "Try a different zone, or try again later."
    )
    assert first(zone)[0] == "env-cloud-gpu-capacity"
    sku = (
        "SkuNotAvailable: The requested size for resource '/subscriptions/x/resourceGroups/rg/providers/Microsoft."
        "Compute/virtualMachines/vm' is currently not available in location 'westus2' zones '' for subscription 'x'."
    )
    assert "az vm list-skus" in first(sku)[1]
    # a quota on something other than the GPUs' instances is not this row
    assert "env-cloud-gpu-quota" not in keys("Quota 'SSD_TOTAL_GB' exceeded. Limit: 500.0 in region us-central1.")


def test_no_gpu_in_each_environments_words() -> None:
    colab = (
        '  File "/content/drive/MyDrive/proj/train.py", line 12, in <module>\n    model = model.cuda()\n'
        "RuntimeError: Found no NVIDIA driver on your system."
    )
    key, fix = first(colab)
    assert key == "no-gpu-visible" and "Change runtime type" in fix
    kaggle = '  File "/kaggle/working/train.py", line 3\nRuntimeError: No CUDA GPUs are available'
    assert "Accelerator" in first(kaggle)[1]
    slurm = "srun python train.py\nRuntimeError: No CUDA GPUs are available"
    assert "--gres=gpu:1" in first(slurm)[1]
    apptainer = "apptainer exec image.sif python run.py\nRuntimeError: Found no NVIDIA driver on your system."
    assert "--nv" in first(apptainer)[1]
    # a plain host keeps the general fix
    assert "Change runtime type" not in first("RuntimeError: No CUDA GPUs are available")[1]


def test_docker_and_slurm_steps() -> None:
    key, fix = first("unknown flag: --gpus\nSee 'docker run --help'.")
    assert key == "env-docker-gpus-flag-unknown" and "19.03" in fix and "--runtime=nvidia" in fix
    assert "env-docker-gpus-flag-unknown" not in keys("unknown flag: --gpu-memory")
    text = "srun: Job 5517045 step creation temporarily disabled, retrying (Requested nodes are busy)"
    result = explain(text)
    assert result.outcome == "warnings-only" and result[0].key == "env-slurm-step-waiting"
    assert "--exact" in result[0].fix and "--overlap" in result[0].fix
    # a step that then fails for its own reason has that reason as the answer
    failed = text + "\nTraceback (most recent call last):\nRuntimeError: CUDA error: out of memory"
    assert explain(failed).first_answer != "env-slurm-step-waiting"


def test_an_old_gpu_in_a_notebook() -> None:
    text = (
        "/opt/conda/lib/python3.10/site-packages/torch/cuda/__init__.py:230: UserWarning: \n"
        "Tesla P100-PCIE-16GB with CUDA capability sm_60 is not compatible with the current PyTorch installation.\n"
        '  File "/kaggle/working/train.py", line 3'
    )
    key, fix = first(text)
    assert key == "gpu-arch-unsupported" and "T4 x2" in fix
    # the same warning on a workstation keeps torch's own fix
    assert "Kaggle" not in first(text.replace("/kaggle/working", "/home/u"))[1]
