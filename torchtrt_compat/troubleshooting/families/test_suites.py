"""A project's own test suite failing on GPU code (issue 36, round twenty-six): a test that found a tensor on the CPU
where it expected CUDA (a device-placement bug of the code or of the test, in unittest's, pytest's and
torch.testing's own wording), and a runner's list of failed tests that carries no error text (GoogleTest's
"[  FAILED  ]" lines, CTest's "The following tests FAILED", Catch2's summary). The other classes of the round are
variants of the families they belong to: the project's own CUDA code (`entry.OWN_CUDA_CODE`) in the invalid device
function, kernel fault and PTX JIT rows; a GPU test's own skip notice in cuda-driver-insufficient and no-gpu-visible;
a crash at exit after every test passed in exit-teardown-crash. Each pattern is keyed to the runner's or library's own
wording, named in ``example_source``; names, counts and paths are read from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_test = tests_in("tests/troubleshooting/test_round26_v26ci.py")
_test47 = tests_in("tests/troubleshooting/test_round47_v47pkg.py")

#: a CUDA version the text names (an upgrade the failures came with)
_CUDA_VERSION = (
    r"\bCUDA(?: Toolkit| toolkit)?[ -]?v?\d{1,2}\.\d{1,2}\b|\bcuda-\d{1,2}\.\d{1,2}\b|\bnvcc[^\n]{0,40}V\d{2}\."
)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "test-device-placement",
        "A test found a tensor on the CPU where it expected CUDA ('cpu' != 'cuda', .is_cuda is False): a "
        "device-placement bug of the code or the test",
        # unittest's assertEqual of two strings ("AssertionError: 'cpu' != 'cuda'") or of two torch.device objects;
        # pytest's rewritten assert ("assert 'cpu' == 'cuda'", "where False = tensor(...).is_cuda"); torch.testing's
        # assert_close ("The values for attribute 'device' do not match: cpu != cuda:0."); a test's own message that
        # something "is not cuda" on its assertion or failure line
        r"AssertionError: '(?:cpu|cuda(?::\d{1,2})?)' != '(?:cpu|cuda(?::\d{1,2})?)'"
        r"|assert '(?:cpu|cuda(?::\d{1,2})?)' == '(?:cpu|cuda(?::\d{1,2})?)'"
        r"|device\(type='(?:cpu|cuda)'(?:, index=\d{1,2})?\) (?:!=|==) device\(type='(?:cpu|cuda)'"
        r"|The values for attribute 'device' do not match: (?:cpu != cuda|cuda(?::\d{1,2})? != cpu)"
        r"|where False = [^\n]{0,200}\.is_cuda\b"
        r"|(?:AssertionError|\bassert\b|\bfailure\b|\bFAILED\b)[^\n]{0,200}\bis not (?:on )?(?:cuda|the GPU)\b",
        "The test ran on a GPU (CUDA works here) and found a tensor still on the CPU where it expected CUDA: a bug "
        "of the code or of the test, not of the environment. Common causes: a tensor kept as a plain attribute (not "
        "a registered buffer or parameter), which module.to() / .cuda() does not move; data that the code moves to "
        "the GPU only per batch inside its training loop, checked by the test before that; an option that turns "
        "CUDA on that the test did not pass. GPU-only tests are skipped on CPU-only CI, so such bugs stay hidden "
        "until someone runs the suite on a GPU.",
        "Find which tensor stayed on the CPU (print its .device in the failing test). A module's tensor attribute "
        "must be registered (self.register_buffer('name', tensor), or an nn.Parameter) so .to() / .cuda() moves "
        "it, or be re-created on the module's device where it is used; a distribution's parameters kept "
        "as plain attributes need the same. If the code moves data only per batch (a DataLoader loop), make "
        "the test check what the code actually moves (the model's parameters, a batch inside the loop) and pass "
        "the option that enables CUDA. Then run the GPU tests in CI on a GPU runner so they do not rot.",
        weight=55,
        applies="any project's GPU tests (unittest, pytest, torch.testing), any torch",
        shown_by=(_test("test_a_tensor_left_on_the_cpu_by_the_code_or_the_test"),),
        example="    self.assertEqual(model.scale.device.type, \"cuda\")\nAssertionError: 'cpu' != 'cuda'",
        example_source="CPython's unittest (case.py: assertEqual's '%s != %s' with safe_repr); pytest's assertion "
        "rewriting ('assert X == Y', 'where False = ...'); torch/testing/_comparison.py ('The values for attribute "
        "'{name}' do not match: {actual} != {expected}.')",
    ),
    KnownError(
        "test-failures-no-error",
        "A test runner's list of failed tests with no error text (GoogleTest's [  FAILED  ] lines, CTest's 'The "
        "following tests FAILED')",
        # GoogleTest's summary ("[  FAILED  ] Suite/3.Name, where TypeParam = float (4 ms)"), CTest's ("The following
        # tests FAILED:", "  47 - name (Failed)", "97% tests passed, 3 tests failed out of 120"), Catch2's ("test
        # cases: 12 | 9 passed | 3 failed")
        r"^\[ {0,2}FAILED {0,2}\] [\w/.]{1,200}(?:, where \w{1,20} = [^\n]{1,200}?)?(?: \(\d{1,9} ms\))?[ \t]*$"
        r"|The following tests FAILED:|\btests passed, \d{1,6} tests? failed out of \d"
        r"|^\s{0,8}\d{1,6} - [\w./:-]{1,200} \((?:Failed|SEGFAULT|Subprocess aborted|Child aborted|Timeout|Exception"
        r"|OTHER_FAULT|ILLEGAL|BUS_ERROR|NUMERICAL)\)"
        r"|^test cases: {1,4}\d{1,6} \| {1,4}\d{1,6} passed \| {1,4}\d{1,6} failed",
        "The text lists the tests that failed, not why: each failed test's own output (above the runner's summary) "
        "holds its error, and the summary lines carry none.",
        "Rerun one failed test alone with its whole output and explain that: GoogleTest `<test binary> "
        "--gtest_filter='<Suite>.<Name>*'`, CTest `ctest -R '<name>' --output-on-failure`, Catch2 `<test binary> "
        '"<test name>" -s`. If the same tests pass on another machine, compare the two: GPU model, driver '
        "(`nvidia-smi`) and CUDA toolkit (`nvcc --version`).",
        variants=(
            Variant(
                _CUDA_VERSION,
                "failures that came with a CUDA release the text names",
                "The failures came with a CUDA release the text names. When the same code passed with the previous "
                "toolkit, it most likely relies on behaviour the older release tolerated; for example, code that "
                "assumes threads of a warp run in lockstep instead of synchronising them (the *_sync intrinsics, "
                "__syncwarp), sizes or limits assumed instead of queried from a library, or results compared with "
                "tolerances tuned to the old kernels. Rerun one failing test alone with its output "
                "(GoogleTest `--gtest_filter='<Suite>.<Name>*'`, `ctest -R '<name>' --output-on-failure`) and under "
                "compute-sanitizer (`--tool memcheck`, then `racecheck` and `synccheck`) to name the kernel, fix "
                "the code (or loosen a tolerance where results legitimately moved), and as a stopgap build with the "
                "CUDA release that passed.",
            ),
        ),
        weight=12,
        applies="native test suites (GoogleTest, CTest, Catch2) whose summary was pasted without the tests' output",
        shown_by=(_test("test_a_list_of_failed_tests_without_their_errors"),),
        example="[  FAILED  ] Solve/3.TriangleLower, where TypeParam = double (4 ms)",
        example_source="GoogleTest's summary printer (gtest.cc PrintFailedTests: '[  FAILED  ] ' with the test's "
        "name and its type parameter); CTest's 'The following tests FAILED:' (cmCTestTestHandler.cxx); Catch2's "
        "totals line ('test cases: N | N passed | N failed')",
    ),
    # issue 36, round forty-seven: EasyBuild's PyTorch easyblock runs the framework's own test suite after the source
    # build and rejects the installation when more tests failed than the easyconfig allows (max_failed_tests)
    KnownError(
        "build-easybuild-test-failures",
        "EasyBuild: the framework built from source, then its test suite failed beyond the easyconfig's limit "
        "(N test failures, M test errors (out of K); Too many failed tests)",
        # easybuild-easyblocks' pytorch.py (test_step): "%d test %s, %d test %s (out of %d):" (print_warning adds
        # "WARNING: "), its note on flaky tests, "Too many failed tests (%d), maximum allowed is %d", and "Test ended
        # with failures! Exit code: %s" when the failures were not counted
        r"\b\d{1,6} test failures?, \d{1,6} test errors? \(out of \d{1,9}\)"
        r"|Too many failed tests \(\d{1,6}\), maximum allowed is \d{1,6}"
        r"|The PyTorch test suite is known to include some flaky tests"
        r"|\bTest ended with failures! Exit code: \d",
        "The source build of the framework (PyTorch by EasyBuild's easyblock) succeeded; EasyBuild then ran the "
        "framework's own test suite and some tests failed. The easyconfig tolerates at most max_failed_tests "
        "failures (0 by default), so more failures than that reject the whole installation: the summary names the "
        "failed suites (test_nn 1/1 (1 failed, ...)), often flaky or hardware-specific tests on this GPU or CPU, "
        "sometimes a real bug of that release that an upstream patch fixes.",
        "Read which tests failed: the summary names the suites, and the EasyBuild log (`eb --last-log`, or the "
        "log path in the error) holds each test's own error; rerun one alone in the build environment "
        "(`python test/run_test.py -i test_nn` with the module loaded) to see whether it fails every time. For a "
        "known flaky or hardware-specific test, exclude it in the easyconfig (`excluded_tests = {'': ['test_x', "
        "...]}`, or a `-k 'not name'` in runtest) or raise `max_failed_tests` to the number seen, after checking "
        "the failures do not touch what you use; for a real bug, add the upstream patch to the easyconfig's "
        "patches. Then rebuild (`eb <easyconfig> --rebuild`); `--skip-test-step` installs without the tests, at "
        "your own risk.",
        weight=45,
        applies="EasyBuild's PyTorch easyblock (easybuild-easyblocks' pytorch.py), any easyconfig with CUDA or not",
        shown_by=(_test47("test_easybuild_test_failures"),),
        example="WARNING: 3 test failures, 0 test errors (out of 210847):\ntest_nn 1/1 (1 failed, 2556 passed, "
        "109 skipped, 3 xfailed, 2 rerun)",
        example_source="easybuilders/easybuild-easyblocks easybuild/easyblocks/p/pytorch.py (test_step: '%d test %s, "
        "%d test %s (out of %d):', 'Too many failed tests (%d), maximum allowed is %d')",
    ),
)
