"""Data-science GPU libraries in their own words (issue 36, round forty): cuDF / CuPy arrays that cannot hold strings,
a 0-d CuPy array given to Python's string formatting, CuPy reading another library's __cuda_array_interface__ of a
newer protocol version, conda finding no build of a GPU package for this platform, dpctl / SYCL filter strings that
use sycl-ls's global index, and a JVM class of a GPU library's JNI wrapper whose static initialiser failed. Each pattern
is keyed to the library's own wording (cited in `example_source`); package names, devices and classes are read from
the text, never written into a pattern for one report.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

_test = tests_in("tests/troubleshooting/test_round40_v40datasci.py")
_R56 = tests_in("tests/troubleshooting/test_round56_v56.py")

#: RAPIDS packages (conda channel rapidsai; Linux x86-64 / aarch64 and WSL2 only)
_RAPIDS = r"\b(?:cuml|cudf|cugraph|cuspatial|cucim|cuxfilter|cusignal|dask-cudf|dask_cudf|rapids|libcudf|libcuml)\b"

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "cudf-strings-to-cupy",
        "cuDF / CuPy: a string or object column cannot become a CuPy array ('String arrays are not supported by cupy')",
        # cuDF's StringColumn.values (cudf/core/column/string.py) and CuPy's dtype check (cupy.asarray / cupy.array
        # of a NumPy object array)
        r"String arrays are not supported by cupy|\bUnsupported dtype object\b",
        "A cuDF string (or object) column was turned into a CuPy array (Series.values / DataFrame.values, "
        "cupy.asarray(series), .to_cupy()), or cupy.asarray got a NumPy object array: CuPy arrays hold numbers and "
        "booleans only, so there is no GPU array for strings.",
        "Keep strings out of CuPy: take the column to the host (`.to_pandas()` / `.to_arrow()` / `.values_host`), "
        "encode it as numbers on the GPU (`.astype('category').cat.codes`, `.factorize()`, a label encoder) and "
        "pass those codes, or select only numeric columns before `.values` / `.to_cupy()`. When the call is inside "
        "a library (the traceback's frames are its own, not your code), use a release of it that does not call "
        "`.values` on string columns, or give it integer ids or a pandas frame meanwhile.",
        weight=78,
        applies="cuDF (RAPIDS) and CuPy, any release; libraries built on them (cuML, graph and plotting libraries)",
        shown_by=(_test("test_string_columns_cannot_become_cupy_arrays"),),
        example='  File "cudf/core/column/string.py", line 5932, in values\nTypeError: String arrays are not supported '
        "by cupy",
        example_source="cuDF cudf/core/column/string.py (StringColumn.values); CuPy cupy/_core/_dtype.pyx "
        "('Unsupported dtype')",
    ),
    KnownError(
        "cupy-0d-format",
        "A 0-d CuPy array given to Python's string formatting ('unsupported format string passed to "
        "cupy...ndarray.__format__')",
        # CPython's object.__format__ refuses a non-empty format spec for a type without its own __format__
        r"unsupported format string passed to cupy\.[\w.]{0,40}ndarray\.__format__",
        "A value that looks like a number is a 0-d CuPy array (the result of cupy.max / sum / argmax or an index "
        "into a CuPy array stays on the GPU), and a format spec such as '{:f}' or f'{x:.3f}' is not defined for "
        "it, so Python's formatting refuses it.",
        "Turn it into a host scalar before formatting: `float(x)` / `int(x)`, `x.item()`, or `cupy.asnumpy(x)` "
        "(each copies it from the GPU); plain '{}' / str(x) formatting works without a spec. When the format call "
        "is inside a library that runs on CuPy, use a release of it that converts the values (or its NumPy / CPU "
        "mode) meanwhile.",
        weight=78,
        applies="CuPy (any release) with str.format / f-strings / %-formatting of its scalars",
        shown_by=(_test("test_cupy_scalar_in_a_format_string"),),
        example="TypeError: unsupported format string passed to cupy._core.core.ndarray.__format__",
        example_source="CPython Objects/typeobject.c (object.__format__: 'unsupported format string passed to "
        "%.200s.__format__'); CuPy's ndarray has no __format__ of its own",
    ),
    KnownError(
        "cupy-cuda-array-interface-version",
        "CuPy could not read another library's __cuda_array_interface__ (a producer of a newer protocol version)",
        # CuPy's _convert_object_with_cuda_array_interface (cupy/_core/core.pyx) failing on strides=None (version 2
        # of the protocol, C-contiguous) or on a key it does not know
        r"_convert_object_with_cuda_array_interface[^\n]{0,200}\n(?:[^\n]{0,300}\n){0,8}[^\n]{0,80}"
        r"TypeError: (?:zip argument #\d must support iteration|'NoneType' object is not iterable)",
        "cupy.array / cupy.asarray read the __cuda_array_interface__ of another library's GPU object (cuDF, numba, "
        "PyTorch) and failed on a field it does not understand: the producer uses a newer version of the protocol "
        "(version 2 allows strides=None for a C-contiguous array) than this CuPy reads, so the CuPy is older than "
        "the library that made the array.",
        "Upgrade CuPy to the release that library's version requires (for RAPIDS: the CuPy its release pins; "
        "`python -c 'import cupy; print(cupy.__version__)'` in the same environment), and numba too if it is the "
        "consumer; or convert on the producer's side (`.to_cupy()` / `.values` of cuDF, torch.from_dlpack / "
        "cupy.from_dlpack).",
        weight=80,
        applies="CuPy releases older than the producer's __cuda_array_interface__ version (cuDF, numba, PyTorch)",
        shown_by=(_test("test_cuda_array_interface_of_a_newer_producer"),),
        example="cupy/core/core.pyx in cupy.core.core._convert_object_with_cuda_array_interface()\n\nTypeError: zip "
        "argument #2 must support iteration",
        example_source="CuPy cupy/_core/core.pyx (_convert_object_with_cuda_array_interface: zip(shape, strides)); "
        "numba's __cuda_array_interface__ specification (version 2: strides may be None)",
    ),
    KnownError(
        "env-conda-package-not-found",
        "conda: a package is not available for this platform or channel (PackagesNotFoundError / "
        "ResolvePackageNotFound)",
        # conda's own exceptions (conda/exceptions.py PackagesNotFoundError; conda-env's ResolvePackageNotFound)
        r"^\s{0,8}(?:conda\.\w{1,30}\.)?ResolvePackageNotFound:"
        r"|PackagesNotFoundError: The following packages are not available from current channels",
        "conda found no build of a requested package on the configured channels for this platform: the package "
        "is not built for this operating system or architecture (many GPU packages exist for Linux x86-64 only, "
        "none for macOS; an environment file exported on another OS pins builds of that OS), that exact version "
        "was never published or was removed, or its channel is not in the command.",
        "Search for it: `conda search -c <channel> '<package>'` lists the versions and platforms that exist. Drop "
        "exact pins and build strings from the environment file (export it with `conda env export --no-builds`), "
        "name the channel that publishes it (`-c conda-forge`, `-c nvidia`, `-c rapidsai`), and install on a "
        "platform it is built for.",
        variants=(
            Variant(
                _RAPIDS,
                "a RAPIDS package (cuML, cuDF, cuGraph)",
                "RAPIDS packages (cuml, cudf, cugraph, dask-cudf) are built for Linux only (x86-64 and aarch64) with "
                "an NVIDIA GPU: there is no Windows or macOS package, and old releases are no longer on the "
                "channel. Install on Linux or in WSL2 (Ubuntu, with the NVIDIA driver for WSL) from the rapidsai "
                "channel with a current release: `conda create -n rapids -c rapidsai -c conda-forge -c nvidia "
                "cuml=<current> python=<supported> cuda-version=<X.Y>` (the RAPIDS release selector gives the exact "
                "command), or the pip wheels (cuml-cu12) on Linux.",
                strict=True,
            ),
            Variant(
                r"\b(?:cudatoolkit|pytorch-cuda|cuda-toolkit|cuda-version|cudnn|cuda-nvcc)\s{0,3}[=<>]",
                "a CUDA package pinned to a version",
                "The CUDA pin names a version the channels do not publish for this platform: cudatoolkit / "
                "pytorch-cuda / cudnn exist only for Linux and Windows x86-64 (none for macOS or Linux aarch64 on "
                "these channels), and each channel has its own list (pytorch-cuda from `-c pytorch -c nvidia`, "
                "cudatoolkit up to 11.8, cuda-version / cuda-toolkit 12 from conda-forge or nvidia). Pick a version "
                "`conda search -c conda-forge cuda-version` lists, or install torch with pip, whose CUDA wheels "
                "bring their own CUDA libraries.",
                strict=True,
            ),
        ),
        weight=70,
        applies="conda (classic and libmamba solvers), conda env create / update",
        shown_by=(_test("test_conda_finds_no_gpu_package_for_the_platform"),),
        example="ResolvePackageNotFound:\n  - cuml=0.16",
        example_source="conda conda/exceptions.py (PackagesNotFoundError: 'The following packages are not available "
        "from current channels'); conda env's ResolvePackageNotFound",
    ),
    KnownError(
        "sycl-filter-string-index",
        "dpctl / SYCL: a device filter string did not name a device ('SYCL Device ... could not be created')",
        # dpctl's SyclQueue / SyclDevice constructors (dpctl/_sycl_queue.pyx, _sycl_device.pyx)
        r"SYCL Device '[^'\n]{1,80}' could not be created|\bSyclQueueCreationError\b|\bSyclDeviceCreationError\b",
        "The filter string 'backend:device_type:N' names a device that this selector does not find: N counts "
        "devices of that backend and type only (the first OpenCL GPU is 'opencl:gpu:0'), not the global index "
        "in brackets that sycl-ls prints, or the backend / type is one the runtime does not have.",
        "Use the per-backend index: `dpctl.SyclQueue('opencl:gpu:0')` or `'level_zero:gpu:0'`; list the strings "
        'that work with `python -c "import dpctl; [print(d.get_filter_string(), d.name) for d in '
        'dpctl.get_devices()]"` (or `python -m dpctl -f`), and in ONEAPI_DEVICE_SELECTOR use the same '
        "per-backend form ('opencl:gpu', 'level_zero:0'). If the device is not listed at all, install its "
        "runtime (Intel's GPU compute runtime for Level Zero / OpenCL).",
        weight=80,
        applies="dpctl and other SYCL programs that take filter strings (oneAPI DPC++ runtime)",
        shown_by=(_test("test_sycl_filter_string_uses_the_per_backend_index"),),
        example="dpctl._sycl_queue.SyclQueueCreationError: SYCL Device 'opencl:gpu:2' could not be created.",
        example_source="dpctl dpctl/_sycl_queue.pyx (SyclQueueCreationError for a filter string); oneAPI DPC++ "
        "filter-selector documentation (backend:device_type:device_num)",
    ),
    KnownError(
        "jvm-jni-class-init-failed",
        "Java: 'NoClassDefFoundError: Could not initialize class' (the class's static initialiser failed earlier: a "
        "native library did not load)",
        r"NoClassDefFoundError: Could not initialize class [\w.$]{3,200}",
        "The class was found, but its static initialiser threw an exception the first time it ran (logged "
        "earlier as ExceptionInInitializerError, often with an UnsatisfiedLinkError under it), and the JVM now "
        "refuses the class: for a GPU library's JNI wrapper that is its native library failing to load (an OS, "
        "CPU architecture, CUDA or driver the native build does not support, or a missing dependency library). "
        "It is not a jar version conflict.",
        "Find the first failure: search the log (all of it, the server's too) for the first "
        "ExceptionInInitializerError / UnsatisfiedLinkError: it names the native library and why it did not load. "
        "Run on an OS / CUDA the native build supports (its release notes), install the library it depends on, or "
        "use the CPU backend.",
        variants=(
            Variant(
                r"ml\.dmlc\.xgboost4j|\bh2o\b|XGBoost",
                "XGBoost4J (its JVM packages: Spark XGBoost, H2O, Flink)",
                "XGBoost4J's classes (DMatrix, Booster) load its native library in a static initialiser: on an OS "
                "or CUDA its native build does not support (GPU builds of XGBoost4J are made for a few platforms and "
                "one CUDA major; most have no macOS or Windows GPU build) that load fails and every later use "
                "reports 'Could not initialize class'. Look in the JVM's log (the server's or the executors') for "
                "the first native load error, run where the native build is supported (the platforms, CUDA and "
                "driver its release names), or use the CPU backend (or the CPU build) of the package that wraps it.",
                strict=True,
            ),
        ),
        weight=72,
        applies="JVM libraries with native code loaded in a static initialiser (XGBoost4J, cuDF's Java API, DJL, "
        "ONNX Runtime Java, JavaCPP)",
        shown_by=(_test("test_jni_class_whose_native_library_did_not_load"),),
        example="java.lang.NoClassDefFoundError: Could not initialize class ml.dmlc.xgboost4j.java.DMatrix",
        example_source="JVM specification (a class whose initialisation failed is in an erroneous state: "
        "NoClassDefFoundError 'Could not initialize class'); XGBoost4J ml/dmlc/xgboost4j/java/XGBoostJNI "
        "(NativeLibLoader in a static block)",
    ),
    # issue 36, round fifty-six: a JVM library that unpacks its native library from its jar found no file at the path
    # its loader built (XGBoost4J's NativeLibLoader: "File /lib/cuda11.2/libxgboost4j.so was not found inside JAR.";
    # the same sentence in the loaders copied from NativeUtils)
    KnownError(
        "jvm-native-library-not-in-jar",
        "JVM: 'File /lib/.../libX.so was not found inside JAR' (the jar has no native library for this platform, "
        "CUDA or packaging)",
        r"\bFile [\w./\\-]{1,200}\.(?:so|dll|dylib|jnilib) was not found inside JAR\b"
        r"|\bfailed to load [\w.-]{1,60} library from jar\b",
        "The JVM library unpacks its native library from its own jar at run time, from a path its loader builds "
        "from the platform it detects (OS and CPU architecture, and for a GPU build the CUDA version it finds: "
        "XGBoost4J looks under /lib/cuda<major.minor>/), and the jar has no file there: it was built for another "
        "platform or another CUDA version than the one detected, or it is a repackaged jar (a jar-with-dependencies "
        "/ assembly / shaded jar) that dropped or moved the native resources.",
        "List what the jar holds against the path in the message (`unzip -l <the jar> | grep -e '\\.so' -e "
        "'\\.dll'`); use the jar built for the cluster's platform and CUDA (the GPU artifact of the library's release "
        "made for that CUDA, or a release whose loader accepts it), or rebuild the application jar so it keeps "
        "the native resources under the paths the loader asks for; then restart the JVM (executors too). For a "
        "Spark job, check the jar on the executors' classpath is the one you built (spark.jars, "
        "--jars).",
        weight=80,
        applies="JVM libraries that carry their native code in the jar (XGBoost4J and Spark XGBoost, and loaders "
        "built on NativeUtils)",
        shown_by=(_R56("test_jvm_native_library_not_inside_the_jar"),),
        example="java.io.FileNotFoundException: File /lib/cuda11.2/libxgboost4j.so was not found inside JAR.",
        example_source="XGBoost4J's ml/dmlc/xgboost4j/java/NativeLibLoader.java (createTempFileFromResource)",
    ),
)

# ---- issue 36, round forty-two: a TFRecord whose tf.train.Example does not fit the parsing spec ----------------------
_r42 = tests_in("tests/troubleshooting/test_round42_v42driving.py")

FAMILIES = FAMILIES + (
    KnownError(
        "tf-example-parse-spec-mismatch",
        "TensorFlow: a TFRecord's tf.train.Example does not fit the feature description (Key: X.  Can't parse "
        "serialized Example / Feature: X (data type: float) is required but could not be found / Number of float "
        "values != expected)",
        r"\bKey: [^\n]{1,200}?\.\s{1,3}Can't parse serialized (?:Sequence)?Example\b"
        r"|\bFeature: [^\n]{1,200}? \(data type: \w{1,20}\) is required but could not be found"
        r"|\bName: [^\n]{1,200}?, Feature: [^\n]{1,200}? is required but could not be found"
        r"|\bName: [^\n]{1,200}?, Feature: [^\n]{1,200}?\.\s{1,3}Data types don't match\."
        r"|\bKey: [^\n]{1,200}?, Index: \d{1,9}\.\s{1,3}Number of \w{1,10} values != expected\.",
        "tf.io.parse_example / parse_single_example read records whose features do not fit the description passed "
        "to it (the dict of tf.io.FixedLenFeature / VarLenFeature): a key the records lack, another dtype, or a "
        "FixedLenFeature whose shape holds another number of values than the records store. This is the data and "
        "the parsing code disagreeing, not the environment: typically a dataset release (or a conversion script's "
        "output) other than the one the code's feature description was written for.",
        "Make the feature description fit the records: read one record and list its features (`ex = "
        "tf.train.Example.FromString(next(iter(tf.data.TFRecordDataset(path))).numpy()); print({k: (v.WhichOneof("
        "'kind'), len(getattr(v, v.WhichOneof('kind')).value)) for k, v in ex.features.feature.items()})`), then "
        "fix the key, dtype or shape of the FixedLenFeature the message names (or use VarLenFeature / a "
        "default_value for an optional key); or use the dataset release (version) the code was written for, as its "
        "README names it.",
        weight=82,
        applies="TensorFlow 1.x / 2.x tf.io.parse_example, parse_single_example, tf.data pipelines over TFRecords",
        shown_by=(_r42("test_tfrecord_parse_spec_mismatch"),),
        example="tensorflow.python.framework.errors_impl.InvalidArgumentError: Key: image/encoded.  Can't parse "
        "serialized Example. [Op:ParseExampleV2]",
        example_source='TensorFlow core/util/example_proto_fast_parsing.cc ("Key: ", key, ".  Can\'t parse '
        "serialized Example.\") and core/kernels/example_parsing_ops.cc ('Name: ..., Feature: ... is required but "
        "could not be found.')",
    ),
)

# issue 36, round sixty-two: CuPy looking for the CUDA toolkit it compiles kernels with
FAMILIES = FAMILIES + (
    KnownError(
        "cupy-cuda-root-not-found",
        "CuPy: Failed to auto-detect CUDA root directory (no CUDA toolkit found; set CUDA_PATH)",
        r"Failed to auto-detect CUDA root directory"
        r"|CUDA path could not be detected\. Set CUDA_PATH environment variable if CuPy fails to load",
        "CuPy needs a CUDA toolkit (its headers and NVRTC) to compile kernels and finds one through CUDA_PATH / "
        "CUDA_HOME or nvcc on the PATH; none is set or installed (Windows installs a toolkit only with NVIDIA's CUDA "
        "installer; a pip-only environment has the cupy-cudaXXx wheel but no toolkit), so the first kernel a "
        "library built on CuPy runs fails.",
        "Give CuPy a CUDA toolkit of its wheel's major (cupy-cuda12x: CUDA 12.x): `pip install "
        "'cupy-cuda12x[ctk]'` (recent CuPy releases: the toolkit as pip wheels), or install NVIDIA's CUDA toolkit "
        "and set CUDA_PATH to it (Windows: C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.x; Linux: "
        "/usr/local/cuda), then restart the program; `python -c 'import cupy; cupy.show_config()'` shows the CUDA "
        "root it found. A library that uses CuPy only optionally may also run without it (uninstall cupy, or pin "
        "the library's release that did not need it).",
        weight=80,
        applies="CuPy 9 and later on Windows and Linux (pip wheels without a toolkit)",
        shown_by=("tests/troubleshooting/test_round62_v62.py::test_cupy_and_thinc_find_no_cuda",),
        example="Failed to auto-detect CUDA root directory. Please specify `CUDA_PATH` environment variable if you "
        "are using CUDA versions not yet supported by CuPy.",
        example_source="cupy cupy/_environment.py (get_cuda_path's warning)",
    ),
)
