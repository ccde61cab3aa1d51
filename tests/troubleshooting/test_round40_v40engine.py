"""`explain`, round forty (issue 36), the engine: an exception a WARNING record reports is a failure; a warning that
says the GPU cannot be used at all warns of a failure; Python's "Exception ignored in:" blocks are shutdown noise
after a finished run, or a destructor's exception whose cause is above it; a compiler driver's own error line comes
before make's summary; a ROS 2 node's error line, conda's package-not-found, a Java class whose static initialiser
failed and a failed CUDA driver check get steps of their own. Near misses keep their older answers."""

from __future__ import annotations

from _explain import first

from torchtrt_compat.troubleshooting import explain
from torchtrt_compat.troubleshooting.facts import driver_check
from torchtrt_compat.troubleshooting.severity import levels


def _outcome(text: str) -> tuple[str, str, str, str]:
    found = explain(text)
    return found.outcome, found.summary, found.next_step or "", found.command or ""


def test_an_exception_a_warning_record_reports_is_an_error_line() -> None:
    text = (
        "WARNING:holoviews.core: Callable raised \"ValueError('shapes (3,) and (4,) not aligned')\".\n"
        "Invoked as render(x=1)\n"
    )
    lv = levels(text)
    assert lv.errors == 1 and "Callable raised" in lv.first_error
    assert _outcome(text)[0] != "warnings-only"
    # a logger's "raised KeyError" in a record at WARNING level
    assert levels("WARNING:myapp.loader: worker raised KeyError: 'label'\n").errors == 1


def test_a_jitify_compile_log_under_a_warned_exception_is_the_nvrtc_family() -> None:
    text = (
        "WARNING:param.main: Callable raised \"RuntimeError('Runtime compilation failed')\".\n"
        "---------------------------------------------------\n"
        "--- JIT compile log for my_kernel_program ---\n"
        "---------------------------------------------------\n"
        'my_kernel.cu(12): error: identifier "foo" is undefined\n'
    )
    assert first(text)[0] == "jit-nvrtc-compilation-error"


def test_a_warning_that_names_an_error_in_a_retry_stays_a_warning() -> None:
    for text in (
        "WARNING:urllib3.connectionpool: Retrying after connection raised ConnectionError('reset')\n",
        "WARNING: the request raised TimeoutError, will retry in 5 seconds\n",
        "WARNING:root: deprecated option: error_mode will be removed in 2.0\n",
        # an exception's repr without a verb that raised it: the program goes on (vLLM's optional import)
        "WARNING 08-27 13:59:59 _custom_ops.py:15] Failed to import from x._C with ImportError('libfoo.so')\n",
    ):
        assert levels(text).errors == 0, text


def test_an_ipython_traceback_head_is_a_traceback_head() -> None:
    text = (
        "---------------------------------------------------------------------------\n"
        "ValueError                                Traceback (most recent call last)\n"
        "Cell In[3], line 1\n----> 1 f()\n\nValueError: bad value\n"
    )
    lv = levels(text)
    assert lv.first_error == "ValueError: bad value"


def test_a_warning_that_the_gpu_cannot_be_used_is_no_harmless_warning() -> None:
    text = "RuntimeWarning: WGPU could not enumerate any adapters, myplots will not work.\n"
    outcome, summary, step, command = _outcome(text)
    assert outcome != "warnings-only" and "harmless" not in summary
    assert "vulkaninfo" in command and "Vulkan" in step
    # JAX's fallback notice stays a warning: the program goes on on the CPU
    jax = "UserWarning: No GPU/TPU found, falling back to CPU. (Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for more info.)\n"
    assert levels(jax).errors == 0


def test_ignored_exceptions_at_shutdown_after_results_are_noise() -> None:
    text = (
        "result: 0.731\n"
        "Exception ignored in: <function WeakMethod.__new__.<locals>._cb at 0x7f00aa>\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3.9/weakref.py", line 58, in _cb\n'
        "TypeError: 'NoneType' object is not callable\n"
        "Exception ignored in: <function Pool.__del__ at 0x7f00bb>\n"
        "Traceback (most recent call last):\n"
        '  File "/env/lib/python3.9/site-packages/lib/pool.py", line 10, in __del__\n'
        "ImportError: sys.meta_path is None, Python is likely shutting down\n"
    )
    outcome, summary, _, _ = _outcome(text)
    assert outcome == "warnings-only" and "Exception ignored in" in summary and "finished" in summary


def test_a_real_traceback_after_ignored_blocks_is_still_a_failure() -> None:
    text = (
        "result: 0.731\n"
        "Exception ignored in: <function WeakMethod.__new__.<locals>._cb at 0x7f00aa>\n"
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3.9/weakref.py", line 58, in _cb\n'
        "TypeError: 'NoneType' object is not callable\n"
        "Traceback (most recent call last):\n"
        '  File "run.py", line 3, in <module>\n'
        "ValueError: bad input\n"
    )
    assert levels(text).errors > 0


def test_a_destructors_ignored_exception_points_above_it_not_at_a_debugger() -> None:
    text = (
        "Exception ignored in: <bound method Plan.__del__ of <somelib.fft.Plan object at 0x7f0011>>\n"
        "Traceback (most recent call last):\n"
        '  File "somelib/fft.pyx", line 277, in somelib.fft.Plan.__del__\n'
        "AttributeError: 'Plan' object has no attribute 'handle'\n"
    )
    outcome, summary, step, command = _outcome(text)
    assert outcome != "warnings-only"
    assert "half built" in step and "Plan.__del__" in step
    assert "pdb" not in command and "incomplete" not in summary


def test_a_compiler_drivers_own_line_comes_before_makes_summary() -> None:
    text = (
        "nvc++-Error-Unknown switch: -fopenmp-simd\n"
        "make[2]: *** [src/CMakeFiles/app.dir/build.make:76: src/CMakeFiles/app.dir/a.cpp.o] Error 1\n"
        "make: *** [Makefile:136: all] Error 2\n"
    )
    found = explain(text)
    assert found.first_error.startswith("nvc++-Error-Unknown switch")
    assert found.stage == "compile" and "driver itself rejected" in (found.next_step or "")
    # the lines a row reads answer with that row, ahead of make's summary
    assert first(text.replace("Unknown switch: -fopenmp-simd", "Switch -gpu with unknown keyword cc99"))[0] == (
        "build-nvcc-arch-unsupported"
    )
    fortran = "NVFORTRAN-S-0034-Syntax error at or near identifier x (a.f90: 12)\nmake: *** [all] Error 2\n"
    found = explain(fortran)
    assert found.first_error.startswith("NVFORTRAN-S-0034") and found[0].key == "build-nvhpc-compile-error"
    # make's summary alone stays the first error
    assert explain("make: *** [Makefile:136: all] Error 2\n").first_error.startswith("make: ***")


def test_a_ros_node_error_line_gets_the_nodes_step() -> None:
    text = (
        "[INFO] [launch]: All log files can be found below /root/.ros/log\n"
        "[camera_container-1] [ERROR] [1700000000.123456789] [depth_node]: Failed to start the depth engine: 7\n"
    )
    _, _, step, command = _outcome(text)
    assert "--log-level debug" in command and "your_script.py" not in command
    assert "ROS 2 node" in step


def test_conda_package_not_found_is_the_install_stage() -> None:
    found = explain("ResolvePackageNotFound:\n  - somepkg=0.1\n")
    assert found[0].key == "env-conda-package-not-found" and "conda search" in found[0].fix


def test_a_java_class_whose_initialiser_failed_is_no_jar_conflict() -> None:
    text = (
        'Exception in thread "main" java.lang.NoClassDefFoundError: Could not initialize class org.acme.gpu.Booster\n'
        "\tat org.acme.App.main(App.java:12)\n"
    )
    assert first(text)[0] == "jvm-jni-class-init-failed"
    # the initialiser's own failure, with no row for it, gets the step that finds its first cause
    command = (
        explain(
            text.replace("NoClassDefFoundError: Could not initialize class", "ExceptionInInitializerError:")
        ).command
        or ""
    )
    assert "mvn dependency:tree" not in command and "UnsatisfiedLinkError" in command
    # a jar conflict keeps its answer
    other = (
        "Exception in thread \"main\" java.lang.NoSuchMethodError: 'void org.acme.Api.run(int)'\n"
        "\tat org.acme.App.main(App.java:12)\n"
    )
    assert first(other)[0] == "jvm-mixed-jar-versions"


def test_a_failed_cuda_driver_check_names_its_code() -> None:
    line = "F 812 Codegen.cpp:63 Check failed: cuInit(0) == CUDA_SUCCESS (100 == 0)"
    assert driver_check(line) == ("cuInit", 100, "CUDA_ERROR_NO_DEVICE")
    assert driver_check("Check failed: cuCtxCreate(&c, 0, d) == CUDA_SUCCESS (3 vs. 0)")[1:] == (
        3,
        "CUDA_ERROR_NOT_INITIALIZED",
    )
    assert driver_check("Check failed: x == y (3 vs. 0)") is None
