"""`explain`, round forty-nine (issue 36): GPU simulators and robot learning. PhysX's CUDA context fallback ranked
above what follows from it (Isaac Gym's 'invalid resource handle', the state-tensor refusals, a software Vulkan
renderer), an out-of-memory in a vectorised RL simulation (its buffers scale with the environment count),
mujoco-py's OpenGL back ends (EGL, OSMesa, GLFW, the libGLEW preload) and NVIDIA Warp of another release than a
library's kernels need. Near misses keep their answers."""

from __future__ import annotations

from _explain import first


def test_physx_fallback_ranks_above_its_consequences() -> None:
    for text in (
        "[Warning] [carb.gym.plugin] Failed to create a PhysX CUDA Context Manager. Falling back to CPU.\n"
        "Physics Engine: PhysX\nPhysics Device: cpu\nGPU Pipeline: disabled\n"
        "[Error] [carb.gym.plugin] Gym cuda error: invalid resource handle: ../../../source/plugins/carb/gym/impl/"
        "Gym/GymPhysX.cpp: 5981\n[Error] [carb.gym.plugin] Must enable GPU pipeline to use state tensors\n"
        'Traceback (most recent call last):\n  File "train.py", line 12, in <module>\n    env = make_env(args)\n'
        "RuntimeError: invalid resource handle",
        "/buildAgent/work/0123abcd/source/physx/src/gpu/PxPhysXGpuModuleLoader.cpp (151) : internal error : "
        "libcuda.so!\n[Warning] [carb.gym.plugin] Failed to create a valid PhysX CUDA Context Manager. Falling back "
        "to CPU.\nPhysics Device: cpu\nWARNING: lavapipe is not a conformant vulkan implementation, testing use "
        "only.\n[Error] [carb.gym.plugin] Gym cuda error: invalid resource handle: GymPhysX.cpp: 6002",
        "(issue title: Gym cuda error: invalid resource handle)\n*** Warning: failed to preload CUDA lib\n"
        "PxPhysXGpuModuleLoader.cpp (148) : internal error : libcuda.so!\n"
        "WARNING: llvmpipe is not a conformant vulkan implementation, testing use only.",
    ):
        key, fix = first(text)
        assert key == "physx-gpu-context-fallback", text
        assert "libcuda.so" in fix and "CUDA_VISIBLE_DEVICES" in fix and "driver" in fix, text
    # near misses: a software Vulkan renderer alone, and an invalid handle without PhysX, keep their answers
    key, _ = first("WARNING: lavapipe is not a conformant vulkan implementation, testing use only.\nSegmentation fault")
    assert key == "vulkan-software-driver"
    key, _ = first("RuntimeError: CUDA error: invalid resource handle\nimport pycuda.autoinit")
    assert key == "invalid-resource-handle"


def test_vectorised_simulation_out_of_memory() -> None:
    for text in (
        "Error executing job with overrides: ['headless=True', 'env.num_envs=2048']\nTraceback (most recent call "
        'last):\n  File "/w/scripts/utils.py", line 80, in evaluate\n    trajs = env.rollout(\n'
        "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 15.70 GiB total "
        "capacity; 3.10 GiB already allocated; 6.44 MiB free; 3.20 GiB reserved in total by PyTorch)",
        '  File "/opt/venv/lib/python3.11/site-packages/mani_skill/envs/sapien_env.py", line 640, in step\n'
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 512.00 MiB. GPU 0 has a total capacity of "
        "11.72 GiB of which 100.25 MiB is free.",
        "python source/standalone/workflows/rsl_rl/train.py --task Isaac-Velocity-Rough-Anymal-C-v0 --num_envs "
        '8192 --headless\n  File "/IsaacLab/source/isaaclab/isaaclab/envs/manager_based_rl_env.py", line 190, in '
        "step\ntorch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB",
    ):
        key, fix = first(text)
        assert key == "gpu-out-of-memory" and "num_envs" in fix and "torch.no_grad" not in fix, text
    # near miss: an out-of-memory in a validation loop with no simulation keeps its validation fix
    key, fix = first(
        'Epoch 3 (valid):   0%|          | 0/50\nTraceback (most recent call last):\n  File "train.py", line 90, in '
        "validate\ntorch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 64.00 MiB"
    )
    assert key == "gpu-out-of-memory" and "num_envs" not in fix


def test_mujoco_py_gl_context() -> None:
    offscreen = (
        "Found 0 GPUs for rendering. Using device 1.\nDevice id outside of range of available devices.\nTraceback "
        '(most recent call last):\n  File "/home/u/render.py", line 20, in <module>\n    ctx = '
        'mujoco_py.MjRenderContextOffscreen(sim, device_id=1)\n  File "mujoco_py/opengl_context.pyx", line 130, in '
        "mujoco_py.cymj.OffscreenOpenGLContext.__init__\nRuntimeError: Failed to initialize OpenGL"
    )
    key, fix = first(offscreen)
    assert key == "mujoco-py-gl-context" and "unset LD_PRELOAD" in fix and "OSMesa" in fix
    key, fix = first(
        offscreen + "\n$ echo $LD_PRELOAD\n/usr/lib/x86_64-linux-gnu/libGLEW.so:/usr/lib/nvidia-470/libGL.so"
    )
    assert key == "mujoco-py-gl-context" and "unset LD_PRELOAD" in fix and "MjViewer" in fix
    key, fix = first(
        "Creating window glfw\nERROR: GLEW initalization error: Missing GL version\n\nPress Enter to exit ...\n"
        '  File "/venv/lib/python3.8/site-packages/mujoco_py/mjviewer.py", line 180, in render'
    )
    assert key == "mujoco-py-gl-context" and "libGLEW.so" in fix and "offscreen" in fix
    key, fix = first(
        '  File "/venv/lib/python3.7/site-packages/mujoco_py/opengl_context.pyx", line 68, in '
        "mujoco_py.cymj.GlfwContext._init_glfw\nmujoco_py.cymj.GlfwError: Failed to create GLFW window"
    )
    assert key == "mujoco-py-gl-context" and "xvfb-run" in fix
    # near misses: an OpenGL failure outside MuJoCo stays unmatched by this family; dm_control's EGL error keeps
    # its own family
    key, _ = first('RuntimeError: Failed to initialize OpenGL\n  File "viewer.py", line 3, in <module>')
    assert key != "mujoco-py-gl-context"
    key, _ = first('mujoco.FatalError: gladLoadGL error\n  File "dm_control/_render/__init__.py", line 86')
    assert key != "mujoco-py-gl-context"


def test_warp_of_another_release() -> None:
    for text in (
        "RuntimeError: Failed to find forward kernel 'forward_sphere_loop7' from module 'planner.cost.kernels' for "
        "device 'cuda:1'",
        '  File "/site-packages/warp/context.py", line 4120, in launch\nRuntimeError: Failed to find backward '
        "kernel 'integrate_bodies' from module 'sim.integrator' for device 'cuda:0'",
        'warp.codegen.WarpCodegenError: Error while parsing function "eval_joint" at /src/lib/joints.py:88:\n'
        "Could not find function wp.transform_compose as a built-in or user-defined function. Note that user "
        "functions must be annotated with a @wp.func decorator to be called from a kernel.",
        "RuntimeError: Error launching kernel 'eval_rigid_contacts', passed 14 arguments but kernel requires 15.",
        "AttributeError: module 'warp.types' has no attribute 'array'",
    ):
        key, fix = first(text)
        assert key == "warp-version-mismatch" and "warp.__version__" in fix and "warp-lang" in fix, text
    key, fix = first(
        "RuntimeError: Failed to find forward kernel 'k_update' from module 'curobo.geom.sdf' for device 'cuda:0'\n"
        "/isaac-sim/python.sh examples/isaac_sim/motion_gen_reacher.py\n[ext: omni.warp.core-1.0.0] startup"
    )
    assert key == "warp-version-mismatch" and "omni.warp" in fix and "python.sh" in fix
    # near miss: Warp built for an older CUDA than the driver keeps its own family
    key, _ = first(
        "Warp CUDA error: Failed to get driver entry point 'cuDeviceGetUuid' (CUDA error 1)\nWarp 1.7.1 "
        "initialized:\n   CUDA Toolkit 12.8, Driver 13.0"
    )
    assert key == "geo-warp-older-than-driver"
