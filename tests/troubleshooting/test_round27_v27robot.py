"""`explain`, round twenty-seven (issue 36): robotics and autonomous machines. NVIDIA Warp older than the driver (its
banner shows a driver of a newer CUDA than Warp's build) is no driver that is too old; XLA refusing a custom call's
CUDA graph as a child node is a graph-nesting limit, not a platform feature; headless EGL that finds no EGL device for
the CUDA device (Magnum, habitat-sim, dm_control) is the EGL vendor, not torch; nvcc's front end unaware of a gcc
header's builtins is nvcc older than gcc; Isaac Gym's preload warnings and CPU pipeline are notices, while PhysX's CPU
fallback is not; ROS 2 packages without executables, cumm without a name spconv imports, two libtorch copies in one
build, link errors in both string ABIs, PhysX kernels that fail to launch at start and a rootless Docker daemon get
their own fixes. Near misses (a driver that is too old, torch's own 'operation not supported', an app's own CUDA check,
a project's own undefined identifier, a real failure after the notices, a name missing from another package, a
project's own redefinition, one-ABI undefined references, a PhysX fault after a long run) keep their other answers."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain

_WARP_ENTRY = "Warp CUDA error: Failed to get driver entry point 'cuCtxCreate' (CUDA error 1)\n"


def test_warp_older_than_the_driver() -> None:
    banner = _WARP_ENTRY + "Warp 1.6.2 initialized:\n   CUDA Toolkit 12.6, Driver 13.1\n"
    key, fix = first(banner)
    assert key == "geo-warp-older-than-driver" and "warp-lang" in fix and "570" in fix
    smi = (
        "| NVIDIA-SMI 580.82.07     Driver Version: 580.82.07     CUDA Version: 13.0 |\n"
        "Warp CUDA error: Function cuStreamGetCtx_f: a suitable driver entry point was not found\n"
    )
    assert first(smi)[0] == "geo-warp-older-than-driver"
    # near misses: a driver older than Warp's CUDA, Warp's own minimum-driver check, a Warp built for CUDA 13
    older = _WARP_ENTRY + "Warp 1.6.2 initialized:\n   CUDA Toolkit 12.6, Driver 12.2\n"
    assert first(older)[0] == "cuda-driver-insufficient"
    minimum = (
        "Warp CUDA error: Warp requires CUDA driver 12.0 or higher, but the current driver only supports CUDA 11.8"
    )
    assert first(minimum)[0] == "cuda-driver-insufficient"
    own = _WARP_ENTRY + "Warp 1.11.0 initialized:\n   CUDA Toolkit 13.0, Driver 13.0\n"
    assert "geo-warp-older-than-driver" not in keys(own)


def test_xla_child_graph_not_supported() -> None:
    text = (
        "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to create a child graph node and add it to a CUDA "
        "graph: CUDA_ERROR_NOT_SUPPORTED: operation not supported"
    )
    key, fix = first(text)
    assert key == "xla-child-graph-not-supported" and "xla_gpu_enable_command_buffer" in fix
    assert "pin_memory" not in fix
    mjx = "import mujoco_warp as mjw\n" + text
    assert "graph_conditional" in first(mjx)[1]
    rocm = "E0101 rocm_command_buffer.cc:90] Failed to create a child graph node and add it to a HIP graph"
    assert first(rocm)[0] == "xla-child-graph-not-supported"
    # near misses: torch's own refused feature, another XLA graph failure
    assert first("RuntimeError: CUDA error: operation not supported\nDataLoader(pin_memory=True)")[0] == (
        "torch-operation-not-supported"
    )
    capture = (
        "XlaRuntimeError: INTERNAL: CUDA error: Failed to end stream capture: CUDA_ERROR_STREAM_CAPTURE_INVALIDATED"
    )
    assert "xla-child-graph-not-supported" not in keys(capture)


def test_headless_egl_without_the_cuda_device() -> None:
    magnum = (
        "Platform::WindowlessEglApplication::tryCreateContext(): unable to find CUDA device 1 among 3 EGL devices "
        "in total\nWindowlessContext: Unable to create windowless context"
    )
    key, fix = first(magnum)
    assert key == "geo-egl-context-failed" and "__EGL_VENDOR_LIBRARY_FILENAMES" in fix and "10_nvidia.json" in fix
    assert "app-no-cuda-device" not in keys(magnum)
    # a line wrapped in the middle, and Magnum's older wording
    wrapped = (
        "Platform::WindowlessEglApplication::tryCreateContext(): unable to find CUDA\ndevice 0 among 1 EGL devices"
    )
    assert first(wrapped)[0] == "geo-egl-context-failed"
    old = "Platform::WindowlessEglApplication::tryCreateContext(): unable to find EGL device for CUDA device 0"
    assert first(old)[0] == "geo-egl-context-failed"
    # WSL2 has no NVIDIA EGL at all
    wsl = "export LD_LIBRARY_PATH=/usr/lib/wsl/lib\n" + magnum
    assert "native Linux" in first(wsl)[1]
    none = "Platform::WindowlessEglApplication::tryCreateContext(): no EGL devices found"
    key, fix = first(none)
    assert key == "geo-egl-context-failed" and "EGL enumerated no device" in fix
    # dm_control with an EGL device index the container does not show, and without one
    dmc = "MUJOCO_GL=egl MUJOCO_EGL_DEVICE_ID=2 python eval.py\nImportError: Cannot initialize a headless EGL display."
    key, fix = first(dmc)
    assert key == "geo-egl-context-failed" and "MUJOCO_EGL_DEVICE_ID=0" in fix
    plain = "os.environ['MUJOCO_GL'] = 'egl'\nRuntimeError: Cannot initialize a headless EGL display."
    key, fix = first(plain)
    assert key == "geo-egl-context-failed" and "MUJOCO_GL" in fix and "MUJOCO_EGL_DEVICE_ID=0" not in fix
    # near miss: an application's own CUDA check keeps its answer
    assert first("MyApp: unable to find CUDA device, --use-cuda was given")[0] == "app-no-cuda-device"


def test_nvcc_older_than_the_host_gcc_headers() -> None:
    text = (
        "[ 40%] Building CUDA object src/CMakeFiles/kernels.dir/reduce.cu.o\n/usr/lib/gcc/x86_64-linux-gnu/7/include/"
        'avx512fintrin.h(9218): error: identifier "__builtin_ia32_sqrtsd_round" is undefined'
    )
    key, fix = first(text)
    assert key == "build-nvcc-host-compiler" and "which nvcc" in fix and "front end" in fix
    cut = '/usr/lib/gcc/x86_64-linux-gnu/6/include/clzerointrin.h(33): error: identifier "__builtin_ia32_clze...'
    assert first(cut)[0] == "build-nvcc-host-compiler"
    f128 = '/usr/include/c++/7/type_traits(335): error: identifier "__float128" is undefined'
    assert first(f128)[0] == "build-nvcc-host-compiler"
    # nvcc's own version check keeps its fix; a project's own undefined identifier is no host-compiler matter
    key, fix = first("#error -- unsupported GNU version! gcc versions later than 8 are not supported!")
    assert key == "build-nvcc-host-compiler" and "front end" not in fix
    assert "build-nvcc-host-compiler" not in keys('reduce.cu(12): error: identifier "warp_sum" is undefined')


def test_isaac_gym_start_up_lines_are_notices() -> None:
    log = (
        "*** Warning: failed to preload CUDA lib\n*** Warning: failed to preload PhysX libs\n"
        "Importing module 'gym_37' (/opt/isaacgym/python/isaacgym/_bindings/linux-x86_64/gym_37.so)\n"
        "Using /root/.cache/torch_extensions/py37_cu113 as PyTorch extensions root...\n"
        "Building extension module gymtorch...\nninja: no work to do.\nLoading extension module gymtorch...\n"
        "Can't use GPU pipeline with CPU Physics. Switching pipeline to 'CPU'.\n"
        "Physics Engine: PhysX\nPhysics Device: cpu\nGPU Pipeline: disabled\n"
    )
    found = explain(log)
    assert found.first_answer == "warnings-only" and found[0].key == "isaacgym-startup-notice"
    assert "--sim_device=cuda:0" in found[0].fix
    # near misses: PhysX failing after the same notices, and a real error after them
    failed = (
        "*** Warning: failed to preload CUDA lib\n/buildAgent/work/abc/source/physx/src/gpu/PxPhysXGpuModuleLoader.cpp "
        "(147) : internal error : libcuda.so!\n"
    )
    assert explain(failed).first_answer == "physx-gpu-context-fallback"
    crash = (
        '*** Warning: failed to preload PhysX libs\nTraceback (most recent call last):\n  File "train.py", line 3, '
        "in <module>\nRuntimeError: CUDA error: no kernel image is available for execution on the device"
    )
    assert explain(crash).first_answer not in ("warnings-only", "isaacgym-startup-notice")


def test_physx_falls_back_to_the_cpu() -> None:
    text = (
        "[Warning] [carb.gym.plugin] Failed to create a PhysX CUDA Context Manager. Falling back to CPU.\n"
        "Physics Engine: PhysX\nPhysics Device: cpu\nGPU Pipeline: disabled\n"
    )
    key, fix = first(text)
    assert key == "physx-gpu-context-fallback" and "libcuda.so" in fix and "--gpus all" in fix
    wsl = "Linux pc 5.15.153.1-microsoft-standard-WSL2\n" + text
    assert "/usr/lib/wsl/lib" in first(wsl)[1]
    # GPU state tensors read from a CPU pipeline the command asked for
    cpu = (
        "python train.py task=Ant sim_device=cpu\n*** Must enable GPU pipeline to use state tensors\nTraceback (most "
        'recent call last):\n  File "train.py", line 9, in <module>\nRuntimeError: Must enable GPU pipeline to use '
        "state tensors"
    )
    key, fix = first(cpu)
    assert key == "physx-gpu-context-fallback" and "--pipeline=gpu" in fix


def test_ros2_package_without_executables() -> None:
    python_pkg = (
        "[INFO] [launch]: Default logging verbosity is set to INFO\n[ERROR] [launch]: Caught exception in launch (see "
        "debug for traceback): package 'rover_nav' found at '/home/u/ws/install/rover_nav', but libexec directory "
        "'/home/u/ws/install/rover_nav/lib/rover_nav' does not exist\n(rover_nav has setup.py, build_type ament_python)"
    )
    key, fix = first(python_pkg)
    assert key == "ros2-launch-libexec-missing" and "install_scripts=$base/lib/<package>" in fix
    gpu_pkg = (
        "[ERROR] [launch]: Caught exception in launch (see debug for traceback): package 'tensorrt_yolox' found at "
        "'/opt/ros/humble', but libexec directory '/opt/ros/humble/lib/tensorrt_yolox' does not exist"
    )
    key, fix = first(gpu_pkg)
    assert key == "ros2-launch-libexec-missing" and "TensorRT" in fix and "--gpus all" in fix
    exe = "executable 'talker_node' not found on the libexec directory '/ws/install/demo_pkg/lib/demo_pkg' "
    assert first(exe)[0] == "ros2-launch-libexec-missing"
    # near miss: a package that is not installed at all
    missing = (
        "[ERROR] [launch]: Caught exception in launch: \"package 'foo_bringup' not found, searching: ['/opt/ros']\""
    )
    assert "ros2-launch-libexec-missing" not in keys(missing)


def test_two_libtorch_copies_in_one_build() -> None:
    text = (
        "In file included from /opt/libtorch-1.13/include/torch/script.h:3,\n"
        "/home/u/libtorch/include/torch/csrc/api/include/torch/types.h:40:16: error: conflicting declaration "
        "'constexpr const auto torch::kInt8'"
    )
    key, fix = first(text)
    assert key == "build-libtorch-two-copies" and "Torch_DIR" in fix
    redef = "/ws/third_party/libtorch/include/c10/util/Optional.h:77:8: error: redefinition of 'struct c10::nullopt_t'"
    assert first(redef)[0] == "build-libtorch-two-copies"
    # near misses: a project's own redefinitions
    for own in (
        "main.cpp:12:5: error: conflicting declaration 'int counter'",
        "geometry.h:4:8: error: redefinition of 'struct Point'",
    ):
        assert "build-libtorch-two-copies" not in keys(own), own


def test_link_errors_in_both_string_abis() -> None:
    text = (
        "/usr/bin/ld: libslam.so: undefined reference to `cv::imread(std::string const&, int)'\n"
        "/usr/bin/ld: libslam.so: undefined reference to `YAML::LoadFile(std::__cxx11::basic_string<char, "
        "std::char_traits<char>, std::allocator<char> > const&)'\ncollect2: error: ld returned 1 exit status"
    )
    key, fix = first(text)
    assert key == "build-libtorch-link-error" and "nm -DC" in fix and "cxx11 ABI" in fix
    # near misses: undefined references in one ABI only (a library not linked), and libtorch's own symbols
    one_abi = (
        "main.cpp:(.text+0x2a): undefined reference to `cv::imread(std::__cxx11::basic_string<char, "
        "std::char_traits<char>, std::allocator<char> > const&, int)'\ncollect2: error: ld returned 1 exit status"
    )
    assert "build-libtorch-link-error" not in keys(one_abi)
    torch_abi = (
        "main.cpp:(.text+0x41): undefined reference to `c10::detail::torchCheckFail(char const*, char const*, "
        "unsigned int, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&)'"
    )
    key, fix = first(torch_abi)
    assert key == "build-libtorch-link-error" and "OpenCV" not in fix


def test_cumm_without_a_name_spconv_imports() -> None:
    key, fix = first("ImportError: cannot import name 'ConvAlgo' from 'cumm.conv.bases' (/env/cumm/conv/bases.py)")
    assert key == "geo-spconv-cumm-mismatch" and "spconv-cuXYZ" in fix
    # near miss: a name missing from spconv itself (its 1.x API) keeps the generic answer
    assert first("ImportError: cannot import name 'ops' from 'spconv' (/env/spconv/__init__.py)")[0] == (
        "py-cannot-import-name"
    )


def test_physx_kernels_that_fail_to_launch_at_start() -> None:
    start = (
        'Traceback (most recent call last):\n  File "train.py", line 40, in main\n    env.sim.reset()\n'
        "[Error] [omni.physx.plugin] PhysX error: GPU kernel 'bpSignalComplete' failed to launch with error 400!!\n"
        "[Error] [omni.physx.plugin] PhysX error: GPU narrowPhase fail to launch!!\n"
    )
    key, fix = first(start)
    assert key == "physx-gpu-kernel-failure" and "nvidia-smi" in fix and "as the simulation started" in fix
    # near misses: the same launch failures after a long run, PhysX's internal-error stop alone
    late = "Epoch 1500/3000\n[Error] [omni.physx.plugin] PhysX error: GPU narrowPhase fail to launch!!\n"
    key, fix = first(late)
    assert key == "physx-gpu-kernel-failure" and "as the simulation started" not in fix
    stop = (
        "[Error] [omni.physx.plugin] PhysX error: PhysX Internal CUDA error. Simulation cannot continue! Error code "
        "719!"
    )
    assert "physx-gpu-kernel-failure" not in keys(stop)


def test_rootless_docker_without_the_nvidia_runtime() -> None:
    err = 'docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].'
    rootless = "export DOCKER_HOST=unix:///run/user/1000/docker.sock\n" + err
    key, fix = first(rootless)
    assert key == "host-toolkit-missing" and "--config=$HOME/.config/docker/daemon.json" in fix and "no-cgroups" in fix
    # without the daemon's kind in the text the general fix names the rootless daemon too
    key, fix = first(err)
    assert key == "host-toolkit-missing" and "sudo nvidia-ctk runtime configure" in fix and "rootless" in fix
    # near miss: a Jetson keeps its own fix
    assert "nvidia-container" in first("jetson orin\n" + err)[1]
