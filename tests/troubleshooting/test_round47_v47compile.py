"""`explain`, round forty-seven (issue 36): torch.compile / torch.export failures in projects, and native loaders and
linkers. A converter's generic "not exportable" error whose cause is torch's own log line of unbacked symbols; a
Triton CompilationError of a kernel Inductor generated (also named only in an issue's title); Triton's launcher build
missing a backend's SDK header (Intel XPU's Level Zero); a library the loader finds but refuses (damaged ELF
headers); the OpenMP runtime a link cannot find; a native binding's CUDA driver start; a host compiler's flag handed
to nvcc unwrapped. Near misses keep their other answers."""

from __future__ import annotations

from _explain import first


def test_unbacked_symbols_in_torchs_log_behind_a_converters_error() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "convert.py", line 12, in <module>\n'
        "    edge_model = converter.convert(model, sample)\n"
        "ValueError: Your model is not exportable by torch.export.export. Please modify your model to be "
        "torch-exportable first.\n"
        "W0102 10:11:12.000000 4242 torch/fx/experimental/symbolic_shapes.py:6001] [0/0] failed during "
        "evaluate_expr(2*Min(100, u3) + 2*Min(100, u4), hint=None, size_oblivious=False, forcing_spec=False)"
    )
    key, fix = first(text)
    assert key == "data-dependent-guard", key
    assert "NMS" in fix and "torch.export.export(model" in fix and "torch._check" in fix
    # the same log line on backed symbols only (s0: an input's size) is no data-dependent size
    near = (
        "W0102 10:11:12.000000 4242 torch/fx/experimental/symbolic_shapes.py:6001] failed during "
        "evaluate_expr(Eq(s0, 3), hint=None, size_oblivious=False, forcing_spec=False)"
    )
    assert first(near)[0] != "data-dependent-guard"
    # torch.export's own error with no detection words keeps the general fix
    key, fix = first("torch._dynamo.exc.UserError: Could not guard on data-dependent expression Eq(u5, 1)")
    assert key == "data-dependent-guard" and "torch.where" in fix


def test_triton_compilation_error_of_an_inductor_kernel() -> None:
    # only the title names the exception; the body is torch.compile's traceback
    text = (
        "(issue title: torch.compile fails with triton.compiler.errors.CompilationError in training)\n"
        "Traceback (most recent call last):\n"
        '  File "/env/lib/python3.12/site-packages/torch/_dynamo/output_graph.py", line 1500, in '
        "_call_user_compiler\n"
        "    compiled_fn = compiler_fn(gm, self.example_inputs())\n"
        '  File "/env/lib/python3.12/site-packages/torch/_inductor/compile_fx.py", line 1700, in compile_fx\n'
    )
    key, fix = first(text)
    assert key == "kern-triton-compile-failed", key
    assert "dynamic=False" in fix and "torch.compiler.disable" in fix
    # the undefined size symbol in Inductor's flex_attention kernel
    undefined = (
        "torch._inductor.exc.InductorError: CompilationError: at 40:19:\n"
        "triton.compiler.errors.CompilationError: at 12:8:\n"
        "NameError('s27 is not defined')\n"
        '  File "/env/lib/python3.12/site-packages/torch/_inductor/kernel/flex_attention.py", line 300\n'
    )
    key, fix = first(undefined)
    assert key == "kern-triton-compile-failed" and "size symbol" in fix and "mark_dynamic" in fix, key
    # a library's own kernel rejected by MLIR keeps the library-kernel fix
    lib = (
        "triton.compiler.errors.CompilationError\n"
        "/env/lib/python3.11/site-packages/somelib/ops/kernel.py:88:20: error: 'tt.dot' op operand must be a tensor"
    )
    key, fix = first(lib)
    assert key == "kern-triton-compile-failed" and "library" in fix and "dynamic=False" not in fix


def test_triton_launcher_missing_a_backends_sdk_header() -> None:
    for text in (
        "(issue title: Triton XPU backend cannot compile: level_zero/ze_api.h missing with icpx)\n"
        '  File "C:\\env\\Lib\\site-packages\\torch\\_inductor\\scheduler.py", line 4000, in codegen\n',
        "/tmp/tmpq1/main.cpp:3:10: fatal error: 'level_zero/ze_api.h' file not found\n"
        '  File "/env/lib/python3.10/site-packages/triton/runtime/build.py", line 50, in _build\n',
    ):
        key, fix = first(text)
        assert key == "kern-triton-c-compiler", (key, text)
        assert "setvars" in fix and "Level Zero" in fix
    # the CUDA launcher's missing Python.h keeps the Python headers' fix
    key, fix = first("/tmp/tmpa/main.c:5:10: fatal error: Python.h: No such file or directory")
    assert key == "kern-triton-c-compiler" and "python3-dev" in fix and "setvars" not in fix
    # the Level Zero header missing from a build that has nothing to do with Triton is no launcher failure
    assert first("src/device.cpp:9:10: fatal error: level_zero/ze_api.h: No such file or directory")[0] != (
        "kern-triton-c-compiler"
    )


def test_loader_refuses_a_library_whose_elf_headers_are_damaged() -> None:
    for text in (
        "./bin/test: error while loading shared libraries: libfoo_core.so: ELF load command address/offset not "
        "properly aligned",
        "ImportError: /opt/app/lib/libbar.so.2: ELF file OS ABI invalid",
        "OSError: /models/libengine_plugin.so: invalid ELF header",
        "./run: error while loading shared libraries: libqux.so.1: ELF load command alignment not page-aligned",
    ):
        key, fix = first(text)
        assert key == "library-file-empty", (key, text)
        assert "readelf" in fix and "file <the library>" in fix and "patchelf" in fix
    # a library that is not there stays the missing library's answer
    key, _ = first("./bin/test: error while loading shared libraries: libfoo_core.so: cannot open shared object file")
    assert key == "shared-library-not-found"
    # a 32-bit library stays the architecture's answer
    assert first("ImportError: libbaz.so: wrong ELF class: ELFCLASS32")[0] == "loader-wrong-architecture"
    # an empty file keeps its own fix
    key, fix = first("./app: error while loading shared libraries: /usr/lib/libnvinfer.so.8: file too short")
    assert key == "library-file-empty" and "patchelf" not in fix


def test_openmp_runtime_not_found_by_the_link() -> None:
    text = (
        "/opt/conda/envs/x/compiler_compat/ld: warning: libgomp.so.1, needed by build/src/libmylib.so, not found "
        "(try using -rpath or -rpath-link)\n"
        "/opt/conda/envs/x/compiler_compat/ld: build/src/libmylib.so: undefined reference to `GOMP_parallel@GOMP_4.0'\n"
        "collect2: error: ld returned 1 exit status"
    )
    key, fix = first(text)
    assert key == "build-link-openmp-runtime", key
    assert "compiler_compat" in fix and "libgomp" in fix and "GGML_OPENMP=OFF" in fix
    plain = (
        "/usr/bin/ld: libcore.so: undefined reference to `omp_get_thread_num'\n"
        "collect2: error: ld returned 1 exit status"
    )
    key, fix = first(plain)
    assert key == "build-link-openmp-runtime" and "-rpath-link" in fix
    # another library needed by the link is no OpenMP runtime
    other = (
        "/usr/bin/ld: warning: libfoo.so.3, needed by build/libbar.so, not found (try using -rpath or -rpath-link)\n"
        "collect2: error: ld returned 1 exit status"
    )
    assert first(other)[0] != "build-link-openmp-runtime"


def test_a_native_bindings_cuda_driver_start() -> None:
    text = (
        "ggml_cuda_init: found 1 CUDA devices:\n"
        "CUDA error: initialization error\n"
        "  current device: 0, in function ggml_cuda_init at /tmp/build/llama.cpp/ggml/src/ggml-cuda/ggml-cuda.cu:250\n"
        "  cuDeviceGet(&device, id)\n"
    )
    key, fix = first(text)
    assert key == "torch-cuda-init-unknown", key
    assert "ldd" in fix and "auditwheel" in fix and ".libs" in fix
    # torch's own warning keeps torch's fix
    key, fix = first(
        "UserWarning: CUDA initialization: CUDA unknown error - this may be due to an incorrectly set up "
        "environment, e.g. changing env variable CUDA_VISIBLE_DEVICES after program start."
    )
    assert key == "torch-cuda-init-unknown" and "auditwheel" not in fix


def test_host_compiler_flags_handed_to_nvcc_unwrapped() -> None:
    for flag in ("-Wextra", "-Wshadow", "-fno-strict-aliasing", "-march=native"):
        text = f"/usr/local/cuda/bin/nvcc -Xcompiler -fPIC {flag} -c k.cu\nnvcc fatal   : Unknown option '{flag}'"
        key, fix = first(text)
        assert key == "build-nvcc-unknown-option", (key, flag)
        assert "-Xcompiler" in fix and "COMPILE_LANGUAGE:CUDA" in fix, flag
    # nvcc's own options newer than the installed nvcc keep the old-nvcc fix
    for flag in ("-generate-dependencies-with-compile", "-forward-unknown-to-host-compiler", "--threads"):
        key, fix = first(f"nvcc fatal   : Unknown option '{flag}'")
        assert key == "build-nvcc-unknown-option" and "CUDA_HOME" in fix, flag
