"""`explain`, round forty-seven (issue 36), the engine: a text with no error line is answered as one (an application's
notice that its library was built without the GPU backend goes on, on the CPU; a miss says no error line was found,
not that the text fails); CMake's configure output that only reports what it did not find is a warning with its
cost (a build without CUDA); an assertion that ends the run after a warning-level notice is the answer's error line;
build tools other than pip / setup.py (xmake, ninja's build file, a cargo build script, EasyBuild's test summary, the
linker's missing needed library), torch.compile's Inductor and Triton's compile error are the compile stage with
that tool's own step; a Java binding's native method gets the binding's own check. Near misses keep their answers."""

from __future__ import annotations

from torchtrt_compat.troubleshooting import explain

# ---- warnings only ---------------------------------------------------------------------------------------------


def test_a_library_built_without_its_gpu_backend_goes_on_on_the_cpu() -> None:
    for text in (
        "$ mytool serve\nwhisper_cpp_binding is built without hardware acceleration. transcription will be very slow.\n"
        "INFO 2025-01-02 10:00:00,000 app.py:12 Starting server...\n  3%|#  | 3/100 [00:01<00:30, 3.1it/s]",
        "(issue title: fooengine was compiled without CUDA support)\nfooengine was compiled without CUDA support.",
    ):
        found = explain(text)
        assert found.outcome == "warnings-only", found.summary
        assert found.summary.startswith("No failure shown") and "without the GPU backend" in found.summary
        assert "--force-reinstall" in found.command, found.command


def test_built_without_in_an_exception_is_no_notice() -> None:
    found = explain(
        'Traceback (most recent call last):\n  File "a.py", line 1, in <module>\n'
        "AssertionError: Torch not compiled with CUDA enabled"
    )
    assert found.outcome != "warnings-only"


def test_a_miss_with_no_error_line_says_so() -> None:
    text = "Loading config from settings.yaml\nModel: tiny-v2\nBatch size: 8\nWriting results to out/"
    found = explain(text)
    assert found.first_answer == "miss"
    assert "shows no error line" in found.summary and "fails" not in found.summary.split("(")[0]


def test_a_miss_whose_text_speaks_of_trouble_still_fails() -> None:
    found = explain("Windows fatal exception: access violation\n\nMain thread:\nCurrent thread 0x00001 (most recent)")
    assert "shows no error line" not in found.summary


def test_cmake_status_lines_alone_are_a_warning_with_their_cost() -> None:
    text = (
        "-- The CXX compiler identification is GNU 11.4.0\n-- Detecting CXX compiler ABI info - done\n"
        '-- Could NOT find CUDAToolkit (missing: CUDA_CUDART) (found version "12.4.99")\n-- CUDA not found\n'
        "CMake Warning at src/CMakeLists.txt:88 (message):\n  CUDA backend disabled\n-- Configuring done\n"
    )
    found = explain(text)
    assert found and found[0].key == "build-cmake-no-cuda"
    assert found.summary.startswith("Warning, no failure:") and "without CUDA" in found.summary


def test_cmake_status_lines_then_an_error_stay_a_failure() -> None:
    text = (
        "-- The CXX compiler identification is GNU 11.4.0\n"
        '-- Could NOT find CUDAToolkit (missing: CUDA_CUDART) (found version "12.4.99")\n'
        "CMake Error at CMakeLists.txt:40 (enable_language):\n  No CMAKE_CUDA_COMPILER could be found.\n"
        "-- Configuring incomplete, errors occurred!"
    )
    found = explain(text)
    assert found and found[0].key == "build-cmake-no-cuda" and not found.summary.startswith("Warning")


# ---- an abort after a warning ----------------------------------------------------------------------------------


def test_an_assert_after_a_partial_offload_is_no_warnings_only_answer() -> None:
    text = (
        "llm_load_tensors: offloading 10 repeating layers to GPU\nllm_load_tensors: offloaded 10/33 layers to GPU\n"
        "....................GGML_ASSERT: /src/llama.cpp/ggml-cuda.cu:1234: false\n"
    )
    found = explain(text)
    assert found.outcome != "warnings-only" and not found.summary.startswith("Warning, no failure")
    assert not found or found[0].key != "cpu-ggml-partial-offload" or found.first_answer == "miss"


def test_a_partial_offload_alone_stays_a_warning() -> None:
    found = explain(
        "llm_load_tensors: offloading 10 repeating layers to GPU\nllm_load_tensors: offloaded 10/33 layers to GPU\n"
    )
    assert found and found[0].key == "cpu-ggml-partial-offload" and found.summary.startswith("Warning, no failure")


# ---- build tools -----------------------------------------------------------------------------------------------


def test_xmake_s_own_failure_is_a_compile_miss_with_its_step() -> None:
    # xmake without a CUDA compiler ("cannot get program for cu") is answered by build-tool-no-cuda-compiler; its
    # other failures are a miss at the compile stage with xmake's own step
    head = "$ xmake -v\nerror: @programdir/core/main.lua:300: @programdir/actions/build/main.lua:160: ...core/tool/"
    tail = "\nstack traceback:\n    [C]: in function 'error'\n"
    assert explain(head + "compiler.lua:37: cannot get program for cu" + tail)[0].key == "build-tool-no-cuda-compiler"
    found = explain(head + "compiler.lua:37: cannot get program for mm" + tail)
    assert found.first_answer == "miss"
    assert found.stage == "compile" and "xmake" in found.command and "your_script" not in found.command


def test_ninja_refusing_its_build_file_is_a_compile_miss() -> None:
    for text in (
        "(issue title: ninja: error: build.ninja:120: unknown build rule 'cxx_compile')\nsee below",
        "ninja: error: build.ninja:12: unknown build rule 'c_link'\n",
    ):
        found = explain(text)
        assert found.first_answer == "miss" and found.stage == "compile" and "ninja -v" in found.command, text
    # a rule for CUDA sources missing: the build tool found no CUDA compiler
    assert explain("ninja: error: build.ninja:12: unknown build rule 'cu'\n")[0].key == "build-tool-no-cuda-compiler"


def test_a_cargo_build_script_nvcc_failure_gets_cargo_s_step() -> None:
    text = (
        "thread 'main' panicked at /home/u/.cargo/registry/src/bindgen_cuda-0.1.5/src/lib.rs:262:21:\n"
        'nvcc error while executing compiling: "nvcc" "--gpu-architecture=sm_70" "-c" "kernels/x.cu"\n'
    )
    found = explain(text)
    if found.first_answer == "miss":  # no family: the stage and cargo's own step
        assert found.stage == "compile" and "cargo build" in found.command and "nvcc --version" in found.command
    else:
        assert found[0].key == "build-extension-compile-failed", found[0].key


def test_easybuild_test_failures_are_the_build_s() -> None:
    text = (
        "(issue title: MyLib-1.0-foss-2023a.eb fails with too many failed tests)\n"
        "WARNING: 5 test failures, 1 test error (out of 9000):\ntest_ops 1/1 (5 failed, 100 passed)\n"
    )
    found = explain(text)
    assert found[0].key == "build-easybuild-test-failures"
    assert "max_failed_tests" in found[0].fix and "excluded_tests" in found[0].fix


def test_the_linker_missing_a_needed_library_names_it() -> None:
    text = (
        "/opt/env/compiler_compat/ld: warning: libfoo_rt.so.2, needed by lib/libbar.so, not found (try using "
        "-rpath or -rpath-link)\n/opt/env/compiler_compat/ld: lib/libbar.so: undefined reference to `foo_init'\n"
    )
    found = explain(text)
    assert found.stage == "compile" and "libfoo_rt.so.2" in found.command
    assert "compiler_compat" in (found.next_step or "")


def test_an_undefined_reference_alone_keeps_the_compile_step() -> None:
    found = explain(
        "/usr/bin/ld: main.o: undefined reference to `foo_init'\ncollect2: error: ld returned 1 exit status"
    )
    assert found.stage == "compile" and "rpath-link" not in (found.next_step or "")


# ---- torch.compile ---------------------------------------------------------------------------------------------


def test_an_inductor_codegen_traceback_is_the_compile_stage() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/env/lib/site-packages/torch/_inductor/compile_fx.py", line 900, in codegen_and_compile\n'
        "    compiled_module = graph.compile_to_module()\n"
        '  File "/env/lib/site-packages/torch/_inductor/graph.py", line 2000, in compile_to_module\n'
        "    return self._compile_to_module()\n...\n"
    )
    found = explain(text)
    assert found.stage == "compile"  # cut before its exception line: the traceback's end is the step
    # the same traceback with torch.compile's own tail: the torch.compile step
    found = explain(text + "You can suppress this exception and fall back to eager by setting:\n")
    assert found.stage == "compile" and "TORCH_LOGS" in found.command and "aot_eager" in (found.next_step or "")


def test_a_triton_compilation_error_in_the_title_is_the_compile_stage() -> None:
    # the title's CompilationError is read: kern-triton-compile-failed answers it (a miss on such a title was staged
    # compile by the title's words before that family read it; Inductor's own frames: the test above)
    body = (
        "[rank0]: Traceback (most recent call last):\n"
        '[rank0]:   File "/env/torch/_dynamo/output_graph.py", line 1400, in _call_user_compiler\n'
        "[rank0]:     compiled_fn = compiler_fn(gm, self.example_inputs())\n...\n"
    )
    titled = explain("(issue title: model.compile() raises triton.compiler.errors.CompilationError)\n" + body)
    assert titled[0].key == "kern-triton-compile-failed"


def test_inductor_s_cudagraph_replay_stays_runtime() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/env/torch/_inductor/compile_fx.py", line 1772, in run\n    return compiled_fn(new_inputs)\n'
        '  File "/env/torch/_inductor/cudagraph_trees.py", line 2238, in record_function\n    torch.cuda.'
    )
    assert explain(text).stage == "runtime"


# ---- a Java binding --------------------------------------------------------------------------------------------


def test_a_jni_binding_s_native_method_gets_the_binding_s_step() -> None:
    text = (
        "engine_load: error: could not open model ''\n"
        'Exception in thread "main" org.example.engine.EngineException: could not load model\n'
        "\tat org.example.engine.Model.load(Native Method)\n\tat org.example.engine.Model.<init>(Model.java:40)\n"
    )
    found = explain(text)
    assert found.first_answer == "miss" and "same build" in (found.next_step or "")


def test_a_jdk_native_frame_is_no_binding() -> None:
    text = (
        'Exception in thread "main" java.io.IOException: No such file\n'
        "\tat java.io.FileInputStream.open0(Native Method)\n\tat app.Main.main(Main.java:10)\n"
    )
    assert "JNI" not in (explain(text).next_step or "")
