"""Robotics and simulation stacks in their own words (issue 36, round twenty-seven): NVIDIA Warp older than the driver
(a CUDA 13 / R580 driver no longer hands out a driver entry point a Warp built for CUDA 12 asks for), XLA refusing to
embed a CUDA graph captured by a custom call (MuJoCo Warp's conditional graphs called from JAX), Isaac Gym's start-up
lines (its library preload warnings and the CPU pipeline a CPU physics run switches to, notices) and PhysX falling
back to the CPU when it cannot create its CUDA context, and ROS 2's launch finding a package without its
executables (a GPU-only node left out of a build or an image without CUDA / TensorRT). The round's other classes
widen the rows their labels name: headless EGL that finds no EGL device for the CUDA device (geometry_ext's
geo-egl-context-failed, Magnum's and dm_control's wording), PhysX kernels that fail to launch in an Omniverse log
(cuda_faults' physx-gpu-kernel-failure), nvcc older than the host gcc's intrinsic headers (native_build's
build-nvcc-host-compiler), a cumm that does not match spconv (geometry_ext's geo-spconv-cumm-mismatch), two libtorch
copies in one build and link errors in both C++ string ABIs (native_build), and a rootless Docker daemon without the
NVIDIA runtime (containers' host-toolkit-missing).

Each pattern is keyed to the library's own wording (the file is named in each row's ``example_source``); names,
versions and paths are read from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round27_v27robot.py")
_test49 = tests_in("tests/troubleshooting/test_round49_v49z.py")

#: Warp's start-up banner ("Warp 1.7.1 initialized:\n   CUDA Toolkit 12.8, Driver 13.0") naming a driver of a newer
#: CUDA major than the toolkit the Warp build was made with, or nvidia-smi's CUDA 13+ (an R580+ driver) in a text that
#: shows no Warp build for CUDA 13
_DRIVER_NEWER_THAN_WARP = (
    r"CUDA Toolkit 11\.\d{1,2}, Driver (?:1[2-9]|[2-9]\d)\.\d|CUDA Toolkit 12\.\d{1,2}, Driver (?:1[3-9]|[2-9]\d)\.\d"
    r"|\A(?![\s\S]{0,300000}?CUDA Toolkit (?:1[3-9]|[2-9]\d)\.)"
    r"(?=[\s\S]{0,300000}?(?:CUDA Version: {0,3}(?:1[3-9]|[2-9]\d)\.\d|\bR5[89]\d\b"
    r"|\bdriver (?:version )?5[89]\d\.\d{2,3}\b))"
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "geo-warp-older-than-driver",
        "NVIDIA Warp: Failed to get driver entry point 'cuX' with a driver newer than the Warp build (a CUDA 13 / "
        "R580 driver and a Warp built for CUDA 12)",
        # warp/native/cuda_util.cpp (get_driver_entry_point, driver_entry_point_error); CUDA error 34, the toolkit's
        # stub libcuda, is another row's
        r"Warp CUDA error: Failed to get driver entry point '\w{1,60}' \(CUDA error (?!34\))\d{1,4}\)"
        r"|Warp CUDA error: Function \w{1,60}: a suitable driver entry point was not found",
        "Warp looks up each CUDA driver function by the version it was built against (cuGetProcAddress). The driver "
        "here is newer than the Warp build, not older: a Warp release built for an older CUDA major asks for entry "
        "points (by that version) that a newer driver branch no longer hands out, so Warp's CUDA initialisation "
        "fails (error 36) and the simulator built on it stops or hangs on the GPU.",
        "Keep the driver and move Warp forward: install the newest warp-lang (`pip install -U warp-lang`), or, where "
        "the simulator bundles its own Warp (Isaac Sim / Isaac Lab, Newton, MuJoCo Warp through MJX), a release of "
        "it validated for this driver branch (Isaac Sim's requirements name the driver of each release). Or go back "
        "to a driver of the CUDA major Warp was built for (its banner names it: a 570-series driver for CUDA 12.8 / "
        "12.9), and reboot. Warp's banner ('CUDA Toolkit X, Driver Y') shows the pair: updating the driver further "
        "does not help.",
        requires=_DRIVER_NEWER_THAN_WARP,
        weight=89,  # above cuda-driver-insufficient, which matches the same Warp lines for a driver that is too old
        applies="NVIDIA Warp (warp-lang) built for CUDA 12 on R580+ drivers, and the simulators that bundle it",
        shown_by=(_test("test_warp_older_than_the_driver"),),
        example="Warp CUDA error: Failed to get driver entry point 'cuDeviceGetUuid' (CUDA error 1)\nWarp 1.7.1 "
        "initialized:\n   CUDA Toolkit 12.8, Driver 13.0",
        example_source="warp warp/native/cuda_util.cpp (get_driver_entry_point, driver_entry_point_error); "
        "NVIDIA/warp#940 (a maintainer on Warp 1.7.1 and R580 drivers)",
    ),
    KnownError(
        "xla-child-graph-not-supported",
        "XLA: Failed to create a child graph node and add it to a CUDA graph (a custom call's own CUDA graph embedded "
        "in XLA's command buffer), or Failed to add memset / kernel node to a CUDA graph (XLA's own capture)",
        # xla/stream_executor/cuda/cuda_command_buffer.cc (CreateChildNode; the ROCm build says "a HIP graph")
        r"Failed to create a child graph node and add it to a (?:CUDA|HIP) graph"
        # the same file's other node kinds (CreateMemsetNode, CreateMemcpyD2DNode, CreateKernelNode, the conditional
        # node: "Failed to add memset node to a CUDA graph", "... memcpy d2d node ...") and its graph's own creation
        # (issue 36, round forty-one: a multi-GPU sharded run whose tiny jit's memset node was refused)
        r"|Failed to add (?:memset|memcpy(?: d2d)?|kernel|conditional|empty|event\w{0,12}|barrier) node to a "
        r"(?:CUDA|HIP) graph|Failed to create (?:CUDA|HIP) graph\b",
        "XLA runs a jitted function as a CUDA graph (its command buffers) and embeds what a custom call captured "
        "into it as a child graph node. A custom call that captures its own CUDA graph (an FFI callback: Warp's "
        "jax_callable in Warp's graph mode, MuJoCo Warp through MJX or MuJoCo Playground / Brax) can hand over a "
        "graph the driver does not accept as a child: conditional nodes (Warp's capture_while / capture_if, which "
        "MuJoCo Warp's solver uses to exit early) or memory allocation nodes make cuGraphAddChildGraphNode refuse "
        "it with CUDA_ERROR_NOT_SUPPORTED. The GPU and the driver are fine. XLA's own nodes (a memset, a copy, a "
        "kernel) can be refused the same way while it records the graph (CUDA_ERROR_INVALID_VALUE), most often "
        "with several GPUs and sharded arrays: the capture failed, not the computation.",
        "Keep the custom call's graph out of XLA's graph: run without XLA command buffers (`XLA_FLAGS="
        "--xla_gpu_enable_command_buffer=`, an empty list, set before jax is imported), or make the custom call "
        "capture no conditional graph (MuJoCo Warp: `m.opt.graph_conditional = False` on the Warp model before it "
        "is used from JAX; Warp's FFI: `jax_callable(..., graph_mode=GraphMode.JAX)` or `GraphMode.NONE` instead of "
        "`GraphMode.WARP`); or update jax, warp-lang and mujoco / mujoco_warp together to releases that support "
        "conditional graphs inside JAX. A driver of CUDA 12.4 or newer is needed for Warp's conditional graphs at "
        "all.",
        variants=(
            # issue 36, round forty-one: XLA's own node (a memset, a copy, a kernel of its fusion) refused while it
            # built the command buffer, with no custom call's child graph: XLA's capture itself failed
            Variant(
                r"Failed to add (?:memset|memcpy(?: d2d)?|kernel|conditional|empty|event\w{0,12}|barrier) node to a "
                r"(?:CUDA|HIP) graph|Failed to create (?:CUDA|HIP) graph\b",
                "XLA's own command buffer (a memset / copy / kernel node of its CUDA graph refused)",
                "XLA records the jitted function into a CUDA graph (a command buffer) and the driver refused one of "
                "its own nodes (the operation is in the line: a memset, a copy, a kernel of a fusion), so the graph "
                "capture failed, not the computation: most often with several GPUs and sharded arrays (a small "
                "jit, e.g. a comparison on a sharded scalar read on the host, captured on a device whose memory "
                "or context the graph cannot use), or a fusion XLA launches with dimensions the captured kernel "
                "does not take. Run without XLA command buffers: `XLA_FLAGS=--xla_gpu_enable_command_buffer=` (an "
                "empty list; set before jax is imported, keep your other XLA_FLAGS in the same variable); if it "
                "then works, report it to jax / XLA with the jax, jaxlib and driver versions, and update jax and "
                "jaxlib (plugin included) together. Where it comes from a host read of a sharded value (float() / "
                "bool() / .item() on a sharded scalar), gathering it first (`jax.device_get`) or keeping it on "
                "one device avoids the capture too.",
                sure=True,
                strict=True,
            ),
            Variant(
                r"mujoco_warp|mujoco\.mjx|\bmjx\b|mujoco_playground|\bmjwarp\b|impl=['\"]warp",
                "MuJoCo Warp (MJX's Warp backend, MuJoCo Playground)",
                "MuJoCo Warp's constraint solver exits early through a conditional CUDA graph node, which XLA cannot "
                "embed in its own graph: set `m.opt.graph_conditional = False` on the MuJoCo Warp model before it "
                "is put on the device for JAX (the solver then runs its fixed iteration count), or run with "
                "`XLA_FLAGS=--xla_gpu_enable_command_buffer=` (set before jax is imported); newer mujoco / "
                "mujoco_warp and warp-lang releases change how the graph is handed to JAX, so update them together.",
            ),
        ),
        weight=80,  # above torch-operation-not-supported, whose CUDA_ERROR_NOT_SUPPORTED the line also carries
        applies="JAX / XLA on NVIDIA GPUs with custom calls that capture CUDA graphs (Warp's JAX FFI, MuJoCo Warp)",
        shown_by=(_test("test_xla_child_graph_not_supported"),),
        example="XlaRuntimeError: INTERNAL: CUDA error: Failed to create a child graph node and add it to a CUDA "
        "graph: CUDA_ERROR_NOT_SUPPORTED: operation not supported",
        example_source="xla xla/stream_executor/cuda/cuda_command_buffer.cc (CreateChildNode); "
        "google-deepmind/mujoco_warp#319 (Warp conditionals inside JAX graphs); warp jax_experimental/ffi.py "
        "(GraphMode)",
    ),
    KnownError(
        "isaacgym-startup-notice",
        "Isaac Gym's start-up lines: '*** Warning: failed to preload CUDA lib / PhysX libs' and 'Can't use GPU "
        "pipeline with CPU Physics' (notices, not errors)",
        # isaacgym/python/isaacgym/gymdeps.py (the preload of libcuda.so and libPhysXGpu_64.so) and gymutil.py
        # (parse_arguments: a CPU sim device turns the GPU pipeline off)
        r"^\s{0,8}\*{3} Warning: failed to preload (?:CUDA lib|PhysX libs)"
        r"|Can't use GPU pipeline with CPU Physics\. (?:Changing|Switching) pipeline to 'CPU'",
        "Isaac Gym tries to preload libcuda.so (the unversioned name, which many systems have only as libcuda.so.1) "
        "and its PhysX GPU library when it is imported, and prints these warnings when that probe fails; PhysX loads "
        "the libraries again later, so they are harmless when the simulation starts. 'Can't use GPU pipeline with "
        "CPU Physics' is gymutil's notice that the run asked for CPU physics (--sim_device=cpu), so the GPU pipeline "
        "is turned off as requested; the policy can still train on the GPU (--rl_device).",
        "Nothing failed in these lines. To simulate on the GPU, pass --sim_device=cuda:0 (and --rl_device=cuda:0; "
        "--pipeline=gpu), and check that the log then says 'Physics Device: cuda:0' and 'GPU Pipeline: enabled'. "
        "If PhysX itself later fails ('Failed to create a PhysX CUDA Context Manager. Falling back to CPU', "
        "'internal error : libcuda.so!'), that line is the problem: explain it.",
        severity="notice",
        weight=35,
        applies="Isaac Gym Preview 3 / 4 and the projects on it (IsaacGymEnvs, legged_gym and their forks)",
        shown_by=(_test("test_isaac_gym_start_up_lines_are_notices"),),
        example="*** Warning: failed to preload CUDA lib\n*** Warning: failed to preload PhysX libs",
        example_source="isaacgym python/isaacgym/gymdeps.py (_import_deps) and gymutil.py (parse_arguments), Isaac "
        "Gym Preview 4",
    ),
    KnownError(
        "physx-gpu-context-fallback",
        "PhysX could not create its CUDA context ('Failed to create a PhysX CUDA Context Manager. Falling back to "
        "CPU', 'internal error : libcuda.so!'): physics runs on the CPU",
        r"Failed to create a (?:valid )?PhysX CUDA Context Manager\. Falling back to CPU"
        r"|internal error : libcuda\.so!"
        # Isaac Gym's refusal when code reads GPU state tensors from a CPU pipeline
        r"|Must enable GPU pipeline to use state tensors",
        "PhysX's GPU module could not load the CUDA driver (it opens libcuda.so by that unversioned name) or create "
        "its CUDA context, so Isaac Gym falls back to CPU physics with the GPU pipeline off; code that reads GPU "
        "state tensors then stops ('Must enable GPU pipeline to use state tensors'). The usual causes: libcuda.so "
        "not on the loader's path (WSL keeps it in /usr/lib/wsl/lib; some installs have only libcuda.so.1), no GPU "
        "in the container, or a driver too old for the PhysX build.",
        "Check `nvidia-smi`, then make libcuda.so findable: on WSL `export LD_LIBRARY_PATH=/usr/lib/wsl/lib:"
        "$LD_LIBRARY_PATH`; elsewhere the driver's folder (`ldconfig -p | grep libcuda`) must hold libcuda.so (a "
        "link to libcuda.so.1; the driver's -dev package or `ln -s`), and a conda env's LD_LIBRARY_PATH must not "
        "hide it; in Docker start with --gpus all (the NVIDIA Container Toolkit mounts the driver's libcuda.so.1 "
        "only, so add the libcuda.so link inside the image). Update a driver older than the simulator requires. "
        "Point --sim_device=cuda:N and graphics_device_id at a GPU the process sees (CUDA_VISIBLE_DEVICES renumbers "
        "them from 0). Then check the log says 'Physics Device: cuda:0' and 'GPU Pipeline: enabled'; the later "
        "'Gym cuda error: invalid resource handle', state-tensor errors and a software Vulkan renderer (lavapipe) "
        "follow from this fallback.",
        variants=(
            Variant(
                r"\A(?![\s\S]{0,300000}?(?:Falling back to CPU|libcuda\.so!))"
                r"(?=[\s\S]{0,300000}?Must enable GPU pipeline to use state tensors)",
                "GPU state tensors with the CPU pipeline (no PhysX failure shown)",
                "The task reads GPU state tensors but the simulation runs with the CPU pipeline: the command asked "
                "for CPU physics (--sim_device=cpu, which turns the GPU pipeline off) or --pipeline=cpu. Run with "
                "--sim_device=cuda:0 --rl_device=cuda:0 --pipeline=gpu; if the log then shows 'Falling back to CPU', "
                "PhysX cannot reach the GPU (libcuda.so not found, no GPU in the container, an old driver).",
                strict=True,
            ),
            Variant(
                r"\bWSL\d?\b|/usr/lib/wsl|microsoft-standard",
                "WSL2",
                "On WSL2 the driver's libcuda.so lives in /usr/lib/wsl/lib, which PhysX does not search: `export "
                "LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH` in the shell (or the conda env's activation "
                "script) that starts the simulation, then check 'Physics Device: cuda:0' in the log.",
            ),
        ),
        severity="warns-of-failure",
        # issue 36, round forty-nine: above invalid-resource-handle (75) and vulkan-software-driver (76), which the
        # same log shows as consequences of the fallback
        weight=79,
        applies="Isaac Gym and other PhysX GPU simulations on Linux and WSL2",
        shown_by=(
            _test("test_physx_falls_back_to_the_cpu"),
            _test49("test_physx_fallback_ranks_above_its_consequences"),
        ),
        example="/buildAgent/work/f3416cf82e3cf1ba/source/physx/src/gpu/PxPhysXGpuModuleLoader.cpp (147) : internal "
        "error : libcuda.so!\n[Warning] [carb.gym.plugin] Failed to create a PhysX CUDA Context Manager. Falling back "
        "to CPU.",
        example_source="PhysX source/physx/src/gpu/PxPhysXGpuModuleLoader.cpp (the libcuda.so load); Isaac Gym's "
        "carb.gym.plugin fallback warning",
    ),
    KnownError(
        "ros2-launch-libexec-missing",
        "ROS 2 launch: package 'X' found at '...', but libexec directory '.../lib/X' does not exist (the package is "
        "installed without its executables)",
        # launch_ros/substitutions/executable_in_package.py (ExecutableInPackage.perform); ros2run's "No executable
        # found"
        r"package '[^'\n]{1,120}' found at '[^'\n]{1,300}', but libexec directory '[^'\n]{1,300}' does not exist"
        r"|executable '[^'\n]{1,120}' not found on the libexec directory '[^'\n]{1,300}'"
        r"|^\s{0,8}No executable found\s{0,4}$",
        "ros2 launch / ros2 run found the package's install prefix (its ament index marker) but not its "
        "executables in <prefix>/lib/<package>: the build installed none there. An ament_python package without "
        "setup.cfg puts its console scripts in bin/ instead; an ament_cmake package without install(TARGETS ... "
        "DESTINATION lib/${PROJECT_NAME}) installs none; and packages that need CUDA / TensorRT or a vendor SDK "
        "(GPU perception nodes, camera drivers) skip their executables when the build does not find them, which is "
        "how an image or a machine without CUDA gets the package's metadata alone.",
        "Look at what was installed: `ls <prefix>/lib/<package>` (the paths are in the message). ament_python: add "
        "setup.cfg with `[develop] script_dir=$base/lib/<package>` and `[install] install_scripts=$base/lib/"
        "<package>`; ament_cmake: install the targets to lib/${PROJECT_NAME}. A package that needs CUDA / TensorRT "
        "or an SDK: rebuild it where they are found and read the build's CMake warnings (`colcon build "
        "--packages-select <package> --event-handlers console_direct+`), use the image built with CUDA on a host "
        "with the NVIDIA driver and the container toolkit (docker run --gpus all), or leave that node out of the "
        "launch. Then rebuild clean (`rm -rf build/<package> install/<package>`) and source install/setup.bash again.",
        variants=(
            Variant(
                r"(?:package|executable) '[^'\n]{0,120}(?:tensorrt|_trt\b|cuda|centerpoint|bevfusion|transfusion"
                r"|yolox|_tvm\b)",
                "a GPU-only package (CUDA / TensorRT) in a build or image without them",
                "The package is one of the GPU perception nodes (CUDA / TensorRT), whose CMake skips the executables "
                "when CUDA, cuDNN or TensorRT is not found, so a build or image without them (an image without "
                "CUDA, a machine without an NVIDIA GPU) carries only its metadata. Use the image or build made "
                "with CUDA and TensorRT (Autoware: its CUDA image variant) on a host with an NVIDIA GPU, driver and "
                "the NVIDIA Container Toolkit (`docker run --gpus all`), and rebuild the package there; on a machine "
                "without an NVIDIA GPU, skip the step that needs it (a TensorRT engine build) and configure the "
                "launch to use a perception mode without that node.",
            ),
            Variant(
                r"ament_python|setup\.cfg|setup\.py|console_scripts|install[\\/][\w.-]{1,80}[\\/]bin[\\/]",
                "an ament_python package",
                "An ament_python package installs its console scripts to lib/<package> only through setup.cfg: add "
                "it beside setup.py with `[develop] script_dir=$base/lib/<package>` and "
                "`[install] install_scripts=$base/lib/<package>`, rebuild (`colcon build --packages-select "
                "<package>`, --symlink-install as before) and source install/setup.bash again; a setuptools release "
                "that ignores script_dir has the same effect (pin the one your ROS distribution ships).",
            ),
        ),
        weight=80,
        applies="ROS 2 (launch_ros's ExecutableInPackage, ros2 run) with colcon workspaces and prebuilt images",
        shown_by=(_test("test_ros2_package_without_executables"),),
        example="[ERROR] [launch]: Caught exception in launch (see debug for traceback): package 'my_node_pkg' "
        "found at '/ws/install/my_node_pkg', but libexec directory '/ws/install/my_node_pkg/lib/my_node_pkg' does "
        "not exist",
        example_source="launch_ros launch_ros/substitutions/executable_in_package.py (ExecutableInPackage.perform)",
    ),
    # issue 36, round forty: librealsense's synthetic-stream.cpp logs an exception a frame callback threw
    # ("Exception was thrown during callback: <what()>"); in its CUDA build (BUILD_WITH_CUDA) the CUDA helpers
    # (src/cuda/*.cuh, rscuda::alloc_dev) throw "cudaMalloc failed status: " + res, which adds the status to the
    # string's pointer, so a failed allocation prints a piece of the neighbouring mangled names (alloc_dev's
    # "..._devIhEESt10shared_ptrIT_EiE...") or other cuda words
    KnownError(
        "librealsense-cuda-callback-failed",
        "librealsense: 'Exception was thrown during callback' from its CUDA processing (a build with BUILD_WITH_CUDA)",
        r"Exception was thrown during callback: [^\n]{0,300}?(?:cuda|alloc_dev|loc_dev[IE]|_devI\w{0,8}St10shared_ptr"
        r"|St10shared_ptrIT_EiE|failed status: )"
        r"|Exception was thrown during callback: (?=[\s\S]{0,3000}?(?:BUILD_WITH_CUDA|RS2_USE_CUDA|rscuda))",
        "A frame callback of librealsense's processing (format conversion, align, pointcloud) failed in its CUDA "
        "path, which a build with BUILD_WITH_CUDA uses: a CUDA call there (a device allocation or a kernel) "
        "failed, and its message comes out garbled (the helper adds the CUDA status to its message's pointer, so "
        "a piece of a neighbouring symbol name is printed). Typical causes: no usable GPU in the process (a "
        "container started without the NVIDIA runtime, no access to the GPU device), GPU memory exhausted (a "
        "Jetson shares it with the CPU), or a librealsense built for another GPU architecture or CUDA / L4T than "
        "the board's.",
        "Check that CUDA works in the same place (inside the container: started with `--runtime nvidia`, a CUDA "
        "sample such as deviceQuery runs), then rebuild librealsense for the board: "
        "its CUDA and architecture (`cmake -DBUILD_WITH_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=<sm>` with 53 Nano, 62 "
        "TX2, 72 Xavier, 87 Orin; against the L4T / CUDA of the running JetPack), and run it with the NVIDIA "
        "runtime; if the CUDA path is not needed, build with -DBUILD_WITH_CUDA=OFF (the CPU conversions work "
        "everywhere). Watch `tegrastats` / `nvidia-smi` for memory while it streams.",
        weight=74,
        applies="librealsense 2.x built with BUILD_WITH_CUDA (realsense-ros, the SDK's tools), Jetson and x86",
        shown_by=("tests/troubleshooting/test_round40_v40jetson.py::test_librealsense_callback_in_its_cuda_path",),
        example="(synthetic-stream.cpp:51) Exception was thrown during callback: cudaMalloc failed status: 2",
        example_source="librealsense src/proc/synthetic-stream.cpp (the callback's catch) and its CUDA helpers' "
        'rscuda::alloc_dev (std::runtime_error("cudaMalloc failed status: " + res))',
    ),
)

# ---- issue 36, round forty-two: the CARLA driving simulator's server crashed (or never answered) -------------------
_r42 = tests_in("tests/troubleshooting/test_round42_v42driving.py")

FAMILIES = FAMILIES + (
    KnownError(
        "sim-carla-server-crash",
        "CARLA: the simulator server crashed or does not answer (Signal 11 caught, CarlaUE4 Segmentation fault, "
        "'time-out of 10000ms while waiting for the simulator')",
        r"\bSignal 11 caught\b"
        r"|\bCarlaUE[45](?:-Linux-Shipping)?\b[^\n]{0,400}(?:Segmentation fault|core dumped|Signal 11)"
        r"|(?:Segmentation fault|core dumped)[^\n]{0,800}\bCarlaUE[45]\b"
        r"|\btime-out of \d{1,7}ms while waiting for the simulator",
        "The CARLA server (the Unreal Engine process CarlaUE4 / CarlaUnreal) crashed, or never came up, and the "
        "client (the Python carla package, a leaderboard or RL training script) then fails or waits: the server "
        "ran out of GPU memory or crashed in its renderer (several servers or a training job sharing one GPU, "
        "off-screen rendering with a missing or mismatched Vulkan / OpenGL driver), or the carla Python package is "
        "of another release than the server, so the client's calls crash or time out.",
        "Start one server by hand and watch it (`./CarlaUE4.sh -RenderOffScreen -quality-level=Low "
        "-carla-rpc-port=2000`, plus `-graphicsadapter=N` for a GPU of its own), and let the client wait longer "
        "(`client.set_timeout(60.0)`) on that port. Give each server enough GPU memory: fewer servers per GPU (or "
        "one GPU each), the training job on another GPU, Low quality; watch `nvidia-smi` while it runs. Use the "
        "carla Python package of the server's exact release (`pip install carla==<server version>`, or the egg / "
        "wheel in the server's PythonAPI/carla/dist), and a working Vulkan driver for -RenderOffScreen "
        "(`vulkaninfo --summary`; in Docker the NVIDIA runtime with graphics capability). A segfault in the "
        "client itself: take its native stack (`gdb -batch -ex run -ex bt --args python your_script.py`).",
        requires=r"carla|while waiting for the simulator",
        weight=89,
        applies="CARLA 0.9.x servers (Unreal Engine 4) and their Python clients: leaderboards, RL training, "
        "data collection",
        shown_by=(_r42("test_carla_server_crash"),),
        example="Signal 11 caught.\nMalloc Size=65538 LargeMemoryPoolOffset=65554\nCommandLine: -RenderOffScreen\n"
        './CarlaUE4.sh: line 5: 12345 Segmentation fault (core dumped) "$UE4_PROJECT_ROOT/CarlaUE4/Binaries/'
        'Linux/CarlaUE4-Linux-Shipping" CarlaUE4 "$@"',
        example_source="CARLA's CarlaUE4.sh (runs CarlaUE4-Linux-Shipping) and Unreal Engine 4's Linux crash "
        "handler ('Signal 11 caught.'); the carla client's 'time-out of 10000ms while waiting for the simulator, "
        "make sure the simulator is ready and connected to localhost:2000' (LibCarla client)",
    ),
)

# ---- issue 36, round forty-nine: mujoco-py's OpenGL context, and NVIDIA Warp older (or newer) than a library's kernels
FAMILIES = FAMILIES + (
    KnownError(
        "mujoco-py-gl-context",
        "mujoco-py / MuJoCo could not create its OpenGL context ('Failed to initialize OpenGL', 'Found 0 GPUs for "
        "rendering', 'GLEW initalization error: Missing GL version', 'Failed to create GLFW window')",
        # mujoco_py/opengl_context.pyx (OffscreenOpenGLContext: "Failed to initialize OpenGL"; GlfwContext:
        # "Failed to initialize GLFW", "Failed to create GLFW window"), mujoco_py/gl/eglshim.c ("Found %d GPUs for
        # rendering. Using device %d.", "Device id outside of range of available devices."), MuJoCo's
        # mjr_makeContext ("GLEW initalization error: Missing GL version", MuJoCo's own spelling) and osmesashim.c
        r"\bFailed to initialize OpenGL\b|\bFound 0 GPUs for rendering\b"
        r"|\bDevice id outside of range of available devices\b"
        r"|\bGLEW initi?alization error: Missing GL version"
        r"|\bGlfwError: Failed to (?:initialize GLFW|create GLFW window)"
        r"|\bOSMesaCreateContext failed",
        "mujoco-py renders through one of three OpenGL back ends fixed when it was built and imported: EGL on an "
        "NVIDIA GPU (offscreen: MjRenderContextOffscreen, sim.render), OSMesa on the CPU, or GLFW with a window "
        "(MjViewer). The context could not be made: EGL found no NVIDIA device ('Found 0 GPUs for rendering': the "
        "driver's EGL library is not found, or a preloaded libGLEW / libGL takes EGL's place), GLEW found no "
        "current GL context ('Missing GL version': the onscreen viewer without the libGLEW preload its README asks "
        "for, or offscreen rendering with it), or GLFW found no display (no X server, a headless machine or SSH).",
        "Match the back end to the way you render. Offscreen (sim.render, MjRenderContextOffscreen, "
        "rgb_array): `unset LD_PRELOAD` in that shell (the libGLEW preload is only for the onscreen viewer), make "
        "the NVIDIA driver's EGL / GL libraries findable (LD_LIBRARY_PATH with /usr/lib/nvidia or the driver's "
        "folder; in Docker NVIDIA_DRIVER_CAPABILITIES=all), or render on the CPU with OSMesa (libosmesa6-dev, "
        "then rebuild mujoco-py). Onscreen (MjViewer, env.render('human')): run under a display (X, or xvfb-run) "
        "with `export LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libGLEW.so` (plus the driver's libGL.so if needed). "
        "After changing libraries, rebuild mujoco-py (delete its generated build folder, then import it again). "
        "New code: move to the official mujoco bindings, where MUJOCO_GL=egl / osmesa / glfw picks the back end.",
        variants=(
            Variant(
                r"\bLD_PRELOAD\b[^\n]{0,200}\blibGLEW\b|\blibGLEW\.so\b",
                "libGLEW preloaded (LD_PRELOAD) while rendering offscreen",
                "LD_PRELOAD holds libGLEW, which mujoco-py's README asks for only for the onscreen GLFW viewer; for "
                "offscreen rendering (EGL) the preloaded GLEW breaks the context. Run `unset LD_PRELOAD` (and drop "
                "it from ~/.bashrc or the conda env's activation) before an offscreen run; set it only in the "
                "shell that opens MjViewer.",
                strict=True,
            ),
            Variant(
                r"\bGLEW initi?alization error: Missing GL version",
                "GLEW found no GL context (onscreen viewer without the libGLEW preload, or offscreen with it)",
                "GLEW found no current OpenGL context. For the onscreen viewer (MjViewer, render('human')) start "
                "with `export LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libGLEW.so` (apt install libglew-dev; add the "
                "driver's libGL.so when the system libGL is Mesa's) under a display; for offscreen rendering "
                "(sim.render, rgb_array) do the opposite: `unset LD_PRELOAD` and render through EGL or OSMesa.",
                strict=True,
            ),
            Variant(
                r"\bGlfwError\b|\bFailed to (?:initialize GLFW|create GLFW window)\b",
                "GLFW found no display",
                "GLFW needs a display: on a headless server or over SSH there is none. Render offscreen instead "
                "(mujoco-py built with EGL on the NVIDIA GPU, or OSMesa), or run under a virtual display "
                "(`xvfb-run -a -s '-screen 0 1400x900x24' python ...`); on a desktop check DISPLAY and that the "
                "NVIDIA driver's libGL is the one loaded.",
                strict=True,
            ),
        ),
        requires=r"mujoco|mjrendercontext|opengl_context|\bGPUs for rendering\b|GLEW initi?alization|OSMesa"
        r"|\bMjViewer\b|\bMjSim\b|\bdm_control\b|robosuite",
        weight=82,
        applies="mujoco-py 1.50 / 2.x (EGL, OSMesa and GLFW back ends) and the gym / robosuite / D4RL environments "
        "that render through it",
        shown_by=(_test49("test_mujoco_py_gl_context"),),
        example="Found 0 GPUs for rendering. Using device 0.\nDevice id outside of range of available devices.\n"
        "RuntimeError: Failed to initialize OpenGL",
        example_source="tests/troubleshooting/test_round49_v49z.py; mujoco_py/opengl_context.pyx and "
        "mujoco_py/gl/eglshim.c, the sources of mujoco-py 2.1",
    ),
    KnownError(
        "warp-version-mismatch",
        "NVIDIA Warp of another release than the library's kernels need ('Failed to find forward kernel ... from "
        "module', 'Could not find function wp.X as a built-in', 'passed N arguments but kernel requires M')",
        # warp/context.py (launch: "Failed to find forward|backward kernel '<key>' from module '<module>' for device
        # '<device>'", "Error launching kernel '<key>', passed N arguments but kernel requires M") and
        # warp/codegen.py ("Could not find function wp.<name> as a built-in or user-defined function"), the
        # sources of warp-lang 1.x
        r"\bFailed to find (?:forward|backward) kernel '[^'\n]{1,200}' from module '[^'\n]{1,200}'"
        r"|\bCould not find function (?:wp|warp)\.[\w.]{1,80} as a built-in or user-defined function"
        r"|\bError launching kernel '[^'\n]{1,200}', passed \d{1,4} arguments but kernel requires \d{1,4}"
        r"|\bmodule 'warp(?:\.\w{1,40}){0,3}' has no attribute '\w{1,80}'",
        "The Warp the program imported is not the release the library's kernels were written for: a library "
        "(cuRobo, Isaac Lab, Newton, a differentiable simulator) builds or launches Warp kernels with an API "
        "another Warp release lacks or changed, so a kernel it generates is never compiled into its module, a "
        "wp. builtin is missing, or a kernel's argument list differs. Simulators bundle their own Warp (Isaac "
        "Sim's omni.warp extension, found before pip's), so `pip list` can show another release than the one "
        "imported. A kernel cache that several processes fill at once can also leave a module without its kernel.",
        'Print the Warp the program really imports, with the same Python: `python -c "import warp; '
        'print(warp.__version__, warp.__file__)"`, and compare it with the warp-lang version the library pins '
        "(its requirements / setup.cfg). Install that release into the Python that runs the program (`pip install "
        "warp-lang==<the pin>`), or use the library's release made for the Warp you have; then clear Warp's "
        "kernel cache (~/.cache/warp/<version>, or the folder WARP_CACHE_PATH names) so its kernels are built "
        "again. If only some of several processes fail on their first run, give each its own WARP_CACHE_PATH "
        "(or let one run warm the cache first).",
        variants=(
            Variant(
                r"\bisaac[-_ ]?sim\b|\bomni\.(?:isaac|warp|kit)\b|\bextscache\b|\bpython\.sh\b|\bSimulationApp\b"
                r"|\bisaaclab\b|\bIsaac Lab\b",
                "inside Isaac Sim / Isaac Lab (the simulator's bundled Warp)",
                "Isaac Sim bundles its own Warp (the omni.warp.core extension in extscache, and a copy in its kit "
                "Python), and that one is imported, whatever pip installed. Print it from the simulator's Python "
                '(`./python.sh -c "import warp; print(warp.__version__, warp.__file__)"`) and compare with the '
                "library's pin: use the library release made for this Isaac Sim (its install notes name them), or "
                "an Isaac Sim release that bundles the Warp the library needs; installing warp-lang with "
                "`./python.sh -m pip install warp-lang==<the pin>` helps only where the bundled extension is not "
                "loaded first. Then clear ~/.cache/warp and rerun.",
            ),
        ),
        weight=80,
        applies="NVIDIA Warp (warp-lang) and the libraries and simulators that generate Warp kernels (cuRobo, "
        "Isaac Sim / Isaac Lab, Newton, warp-based differentiable simulators)",
        shown_by=(_test49("test_warp_of_another_release"),),
        example="RuntimeError: Failed to find forward kernel 'forward_l2_loop4' from module 'pkg.cost.dist' for "
        "device 'cuda:0'",
        example_source="tests/troubleshooting/test_round49_v49z.py; warp/context.py (launch) and warp/codegen.py, "
        "the sources of warp-lang 1.x",
    ),
)

# issue 36, round fifty-eight: Isaac Gym's viewer asked for on a machine without a display (carb.gym.plugin's
# "Graphics is nullptr in GymCreateTextureFromFile", after "Failed to create graphics device" style lines)
_R58 = tests_in("tests/troubleshooting/test_round58_v58.py")
FAMILIES = FAMILIES + (
    KnownError(
        "isaacgym-graphics-nullptr",
        "Isaac Gym: '[Error] [carb.gym.plugin] Graphics is nullptr in GymCreate...' (no graphics device: a viewer or "
        "camera on a machine without a display or Vulkan)",
        r"\[carb\.gym\.plugin\] Graphics is nullptr in Gym\w{1,60}",
        "Isaac Gym created its simulation without a graphics device (no display, a headless server or container, "
        "no Vulkan driver for the GPU, or graphics_device_id -1), and then a call that needs one ran: the viewer "
        "(headless=False), a camera sensor, or a texture loaded for rendering. The physics is fine; the rendering "
        "part has nothing to draw with.",
        "On a server without a display run headless (headless=True / --headless) and turn off cameras and "
        "textures, or save the states and render them on a machine with a display; to render off-screen keep "
        "a graphics device: the NVIDIA driver's Vulkan (`vulkaninfo --summary` must list the GPU; in a container "
        "NVIDIA_DRIVER_CAPABILITIES=all) with graphics_device_id set to that GPU, or a virtual display (Xvfb) for "
        "the viewer.",
        weight=82,
        applies="Isaac Gym (preview releases) and the projects built on it (legged_gym, IsaacGymEnvs, dexterous "
        "manipulation code)",
        shown_by=(_R58("test_a_simulators_graphics_and_a_genomics_pipelines_gpus"),),
        example="[Error] [carb.gym.plugin] Graphics is nullptr in GymCreateTextureFromFile",
        example_source="Isaac Gym's carb.gym.plugin (its error when a rendering call finds no graphics device)",
    ),
)

# issue 36, round sixty-two: reinforcement-learning environments whose game files are not installed
FAMILIES = FAMILIES + (
    KnownError(
        "rl-atari-roms-missing",
        "Atari game ROMs are not installed (ALE: Couldn't open .../atari_roms/X.bin, Unable to find game, Gym no "
        "longer distributes ROMs)",
        r"\bCouldn't open [^\n]{0,300}?atari_roms[\\/][\w.-]{1,80}\.bin\b"
        r"|We're Unable to find the game \"[^\"\n]{1,60}\"\. Note: Gym no longer distributes ROMs"
        r"|\bUnable to find game \"[^\"\n]{1,60}\", did you import \w{1,60} with ale-import-roms\?"
        r"|ROM is missing for [\w-]{1,60}, see [^\n]{0,80}ale-py",
        "The Atari emulator (the Arcade Learning Environment under atari_py, ale-py, gym / gymnasium's Atari "
        "environments) opened the game's ROM file and it is not there: the ROMs are distributed apart from the "
        "Python packages (licensing), so an install without them, or with the ROMs of another package version, "
        "has the emulator but no games. Not a GPU or training problem.",
        "Install the ROMs for the package you use: ale-py 0.9 and later include them (`pip install -U ale-py "
        "gymnasium[atari]`); ale-py 0.7-0.8 with gym: `pip install 'gym[atari,accept-rom-license]'` or `pip install "
        "autorom && AutoROM --accept-license`, or `ale-import-roms <folder of .bin files>`; the old atari_py: `python "
        "-m atari_py.import_roms <folder of ROMs>` (its atari_roms folder must hold the game's .bin). Then create the "
        "environment again.",
        weight=80,
        applies="atari_py, ale-py, gym / gymnasium Atari environments",
        shown_by=("tests/troubleshooting/test_round62_v62.py::test_graph_and_rl_library_messages",),
        example="ERROR: Couldn't open /anaconda3/envs/RND/lib/python3.6/site-packages/atari_py/atari_roms/"
        "montezuma_revenge.bin ...",
        example_source="Arcade Learning Environment (atari_py's ALE loadROM: \"Couldn't open\"), gym "
        "envs/atari/environment.py and ale-py roms/__init__.py (their missing-ROM errors)",
    ),
)
