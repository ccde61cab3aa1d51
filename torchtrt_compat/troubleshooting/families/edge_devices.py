"""GPU and NPU inference in browsers, on phones and on small boards, in their runtimes' own words (issue 36, round
thirty): onnxruntime-web's WebAssembly loader and binary of different builds, its WebAssembly memory, WebGPU that the
JS runtime or browser does not give (onnxruntime-web's "[webgpu] backend not found" / "WebGPU is not supported in
current environment", Transformers.js' device list, gpu.cpp's adapter request), TensorFlow.js' WebGL shader link,
TensorFlow Lite's GPU delegates (Metal on iOS, OpenGL ES / OpenCL on Android and boards, MediaPipe's inference
calculators), the Coral Edge TPU (a device libedgetpu could not open, a compiled model run without its delegate, the
PCIe driver's performance ioctl notice), Rockchip RKNN / RKLLM model files the runtime cannot parse, HailoRT's
driver, library and binding versions, MNN's backend fallback and Vulkan pipelines, the Apple Neural Engine under
Core ML, OpenCL without a platform (ArmNN's GpuAcc, pyopencl) and ninja's missing input (a vendor library an Android
build links). Each pattern is keyed to the runtime's own message (onnxruntime-common backend-impl, onnxruntime-web's
WebGPU init, tfjs-backend-webgl webgl_util, libedgetpu's kernel_top_level_handler, HailoRT's driver check, MNN's
Interpreter / VulkanPipeline, ArmNN's ClBackendContext); paths, boards and numbers are read from the text, never
written into a pattern. None of these devices is an NVIDIA GPU: no fix names CUDA or nvidia-smi.
"""

from __future__ import annotations

from ..entry import KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round30_v30edge.py"
_test = tests_in(_TESTS)
_R33 = tests_in("tests/troubleshooting/test_round33_v33zk.py")
_R53 = tests_in("tests/troubleshooting/test_round53_v53.py")

#: Transformers.js in a text (its package, its env object, its pipeline and model loaders)
_TRANSFORMERS_JS = (
    r"@(?:huggingface|xenova)/transformers|transformers\.js|\btransformers\.min\.js|env\.backends\.onnx"
    r"|\bmodels\.js:\d|\bpipelines\.js:\d|seq2seqLoadModel|\bfrom_pretrained \(models\.js"
)
#: Deno (its internal module paths, its CLI's error prefix with its own paths)
_DENO = r"\bdeno\b|ext:core/|ext:deno_|\bDeno\."
#: Node.js (its internal module frames, onnxruntime-node)
_NODE = r"node:internal/|onnxruntime-node|\bnode_modules[\\/]onnxruntime-node\b|\bNode\.js\b"
#: an emscripten (WebAssembly) build's own lines
_EMSCRIPTEN = r"keepRuntimeAlive\(\)|emscripten_force_exit|\bemscripten\b|\bemcc\b|-sASSERTIONS"
#: a Linux desktop (where Chrome ships WebGPU only behind flags)
_LINUX_DESKTOP = r"\bLinux\b|\bUbuntu\b|\bX11\b|\bWayland\b|\bFedora\b|\bDebian\b|\bArch Linux\b"

_WEB: tuple[KnownError, ...] = (
    KnownError(
        "web-wasm-loader-binary-mismatch",
        "WebAssembly LinkError at instantiate (onnxruntime-web's JS loader and its .wasm binary are from different "
        "builds)",
        r"LinkError: WebAssembly\.instantiate(?:Streaming)?\(\): Import #\d{1,5}\b[^\n]{0,200}?"
        r"(?:function import requires a callable|imported function does not match the expected type"
        r"|module is not an object or function|memory import must be a WebAssembly\.Memory object)"
        r"|LinkError: import object field '[^'\n]{1,80}' is not a Function",
        "An emscripten build is two halves: the JS glue (ort.*.mjs / ort-wasm*.js, bundled into the app) and the "
        ".wasm binary it fetches at run time; they are generated together, and the numbered import table differs "
        "between releases and between variants (simd, threaded, jsep). A .wasm from another onnxruntime-web version "
        "(a CDN path, a copy left in public/, a bundler that rewrote or cached the file) does not link against the "
        "loader, so no backend can be created.",
        "Serve the .wasm files of the exact onnxruntime-web version the app bundles: copy them from "
        "node_modules/onnxruntime-web/dist/ into the folder the app serves, or set `ort.env.wasm.wasmPaths` to that "
        "version's folder (not to another version's CDN path); stop the bundler from hashing or re-using an old copy "
        "(Vite: `optimizeDeps.exclude: ['onnxruntime-web']`), keep a single onnxruntime-web in the dependency tree "
        "(`npm ls onnxruntime-web`), then clear the browser cache / service worker and reload.",
        variants=(
            Variant(
                _TRANSFORMERS_JS,
                "Transformers.js",
                "Transformers.js bundles a fixed onnxruntime-web and fetches the matching .wasm from a CDN unless told "
                "otherwise: do not point `env.backends.onnx.wasm.wasmPaths` at another onnxruntime-web version (leave "
                "it unset, or serve the files from node_modules/onnxruntime-web/dist/ of the version Transformers.js "
                "depends on: `npm ls onnxruntime-web`), keep no second onnxruntime-web in the app, exclude both "
                "packages from the bundler's pre-bundling (Vite: `optimizeDeps.exclude`), and clear the cached .wasm "
                "(cache storage / service worker) before reloading.",
            ),
        ),
        weight=86,
        applies="onnxruntime-web (and Transformers.js, which runs on it) in browsers and bundlers; any emscripten "
        "build whose .wasm comes from another build than its JS",
        shown_by=(_test("test_wasm_loader_and_binary_of_different_builds"),),
        example="Error: no available backend found. ERR: [wasm] RuntimeError: Aborted(LinkError: "
        'WebAssembly.instantiate(): Import #12 module="a" function="b" error: function import requires a callable)',
        example_source="V8's WebAssembly instantiate LinkError wording inside onnxruntime-common's backend-impl "
        "('no available backend found. ERR: [name] err')",
    ),
    KnownError(
        "web-wasm-out-of-memory",
        "WebAssembly could not get the memory it asked for (onnxruntime-web's [wasm] backend: RangeError: Out of "
        "memory)",
        r"\[wasm\] (?:RangeError|RuntimeError): (?:Aborted\()?(?:Out of memory|WebAssembly\.Memory\(\): could not "
        r"allocate memory|Array buffer allocation failed|OOM\b)"
        r"|RangeError: WebAssembly\.(?:Memory|Instance|instantiate)\(\): (?:Out of memory|could not allocate memory)"
        r"|\bAborted\(OOM\)|Cannot enlarge memory arrays|failed to grow memory",
        "A WebAssembly instance lives in one linear memory that the browser must reserve: a large model (weights "
        "are copied into that memory) or a runtime that reserves more up front asks for more than the tab may have. "
        "Mobile browsers, iOS Safari above all, cap a tab far below desktop browsers, and 32-bit WebAssembly stops at "
        "4 GiB whatever the machine has. This is the browser's memory, not a GPU's.",
        "Load less: a smaller or more heavily quantized model (q4 / q8 / int8 ONNX files instead of fp32), one model "
        "at a time (release sessions with `session.release()`), or a runtime release with the memory fixes for this "
        "browser; test the same page in a desktop browser to confirm it is the tab's limit. On iOS Safari the WebGPU "
        "backend does not lift it; keep models well under about 1 GiB there.",
        variants=(
            Variant(
                _TRANSFORMERS_JS,
                "Transformers.js",
                "Pick a smaller or quantized variant of the model (`dtype: 'q4'` / `'q8'` in `pipeline(...)` or "
                "`from_pretrained(...)`, or a model with fewer parameters), load one pipeline at a time and dispose "
                "of it when done (`await pipe.dispose()`), and update Transformers.js (newer releases bring "
                "onnxruntime-web builds with smaller memory needs); on iOS Safari keep the model well under about "
                "1 GiB, since the tab's WebAssembly memory cap is the limit, not the GPU.",
            ),
        ),
        weight=90,
        applies="onnxruntime-web, Transformers.js and other WebAssembly runtimes in browsers (mobile Safari above all)",
        shown_by=(_test("test_wasm_out_of_memory_is_the_browsers_memory"),),
        example="Error: no available backend found. ERR: [wasm] RangeError: Out of memory",
        example_source="onnxruntime-common backend-impl ('no available backend found. ERR: [wasm] ...') with the "
        "JS engine's RangeError for a WebAssembly memory it could not allocate",
    ),
    KnownError(
        "web-webgpu-unavailable",
        "WebGPU is not available to this JS runtime or browser (onnxruntime-web '[webgpu] backend not found' / "
        "'WebGPU is not supported in current environment', no GPU adapter)",
        r"\[webgpu\] (?:backend not found|WebGPU is not supported|Failed to get GPU adapter)"
        r"|WebGPU is not supported in current environment|\bFailed to get GPU adapter\b"
        r"|Unsupported device: \"webgpu\"\. Should be one of"
        r"|(?:^|\] )Request WebGPU adapter\s*$|requestAdapter\(\)? (?:returned null|failed)"
        r"|No (?:appropriate|suitable|available) GPUAdapter found|navigator\.gpu is undefined",
        "The WebGPU execution provider needs `navigator.gpu` and an adapter from it: the runtime or browser does not "
        "expose WebGPU (a browser or platform where it is off or not shipped, such as Chrome on Linux without its "
        "flags, older Safari and Firefox; a server runtime like Node or older Deno), the GPU or its driver is on the "
        "browser's block list, or the app imported an onnxruntime-web bundle without the WebGPU backend (before 1.17 "
        "it lived in 'onnxruntime-web/webgpu').",
        "Check what the runtime gives: in the browser's console `navigator.gpu` and `await "
        "navigator.gpu.requestAdapter()` (null means no adapter), and the WebGPU line of Chrome's GPU status page. "
        "Use a browser that ships WebGPU here (Chrome / Edge 113+ on Windows, macOS and ChromeOS; recent Safari and "
        "Firefox; on Linux Chrome needs the 'Unsafe WebGPU Support' flag on its flags page and "
        "`--enable-features=Vulkan`), update the GPU driver if that page shows it blocked, import the WebGPU build of "
        "onnxruntime-web ('onnxruntime-web/webgpu' in releases that split it), and fall back to the 'wasm' provider "
        "where WebGPU is missing.",
        variants=(
            Variant(
                _DENO,
                "Deno",
                "Deno's WebGPU is not what onnxruntime-web and Transformers.js detect in older releases: update Deno "
                "(`deno upgrade`) and onnxruntime-web / Transformers.js to releases that detect WebGPU in Deno (older "
                "Transformers.js treats Deno like Node and offers only 'cpu'); until then run with the wasm / cpu "
                "backend (`device: 'cpu'`, `executionProviders: ['wasm']`).",
            ),
            Variant(
                _NODE,
                "Node.js",
                "Node has no WebGPU: onnxruntime-web's 'webgpu' provider cannot run there. Use onnxruntime-node with "
                "its own providers (cpu; GPU providers only in its builds that carry them), or run the WebGPU code "
                "in a browser.",
            ),
            Variant(
                _EMSCRIPTEN + r"|" + _LINUX_DESKTOP,
                "a browser build (emscripten) or Chrome on Linux",
                "The page's requestAdapter() got no adapter: the browser does not give WebGPU here. On Linux, Chrome "
                "ships it only behind flags: enable the 'Unsafe WebGPU Support' flag on Chrome's flags page and start "
                "Chrome with `--enable-features=Vulkan` (Chrome's GPU status page should then show WebGPU as "
                "'Hardware accelerated'); or run the page in a browser and OS that ship WebGPU by default (Chrome / "
                "Edge on Windows or macOS). The emscripten 'keepRuntimeAlive' line after it is only the runtime's "
                "exit notice.",
            ),
        ),
        weight=84,
        applies="onnxruntime-web, Transformers.js, gpu.cpp and other WebGPU code in browsers, Deno and Node",
        shown_by=(_test("test_webgpu_unavailable_in_runtime_or_browser"),),
        example="Error: no available backend found. ERR: [webgpu] backend not found.",
        example_source="onnxruntime-common backend-impl (resolveBackendAndExecutionProviders); onnxruntime-web's "
        "WebGPU init ('WebGPU is not supported in current environment', 'Failed to get GPU adapter')",
    ),
    KnownError(
        "web-webgl-shader-link",
        "WebGL: Failed to link vertex and fragment shaders (TensorFlow.js' WebGL backend, a shader program the "
        "browser's WebGL rejected)",
        r"Failed to link vertex and fragment shaders\.?|Failed to compile (?:fragment|vertex) shader\."
        r"|Could not get context for WebGL version \d",
        "TensorFlow.js' WebGL backend compiles a GPU shader program for each op; the browser's WebGL implementation "
        "(the GPU, its driver, ANGLE) refused to link one: an older tfjs release that generated a shader this GPU "
        "cannot take, a mobile or integrated GPU with tighter limits, a GPU out of memory or a lost WebGL context.",
        "Update @tensorflow/tfjs (and @tensorflow/tfjs-backend-webgl) to a current release; if it persists on this "
        "device, run on another backend (`await tf.setBackend('wasm')` with @tensorflow/tfjs-backend-wasm, or "
        "'cpu'; 'webgpu' where the browser has it), try `tf.env().set('WEBGL_PACK', false)`, and report the GPU "
        "(Chrome's GPU status page) and the shader log printed above the error to tfjs.",
        weight=80,
        applies="TensorFlow.js in browsers and React / React Native apps on the WebGL backend",
        shown_by=(_test("test_tfjs_webgl_shader_link"),),
        example="Error: Failed to link vertex and fragment shaders.",
        example_source="tfjs-backend-webgl webgl_util.ts (linkProgram: 'Failed to link vertex and fragment shaders.')",
    ),
)

#: the TFLite OpenGL ES delegate or its GL objects in a text (MediaPipe's GPU graphs use it)
_TFLITE_GL = (
    r"GL_INVALID_\w{1,30}|\bglBufferData\b|\bOpenGl\w{0,30}|\bOpenGL\b|\bGLES\b|\bEGL\b|delegates/gpu/gl/"
    r"|TfLiteGpuDelegateBindBufferToTensor|demo_run_graph_main_gpu|_gpu\.pbtxt|\bgl_buffer\b"
)
#: a Mali GPU or a Rockchip / Amlogic / Allwinner board
_MALI_BOARD = r"\bMali\b|\brk3\d{3}\w{0,3}\b|\bRockchip\b|\bAmlogic\b|\bAllwinner\b|\bodroid|\bpanfrost\b|\blibmali\b"

_TFLITE: tuple[KnownError, ...] = (
    KnownError(
        "tflite-gpu-delegate-symbol-missing",
        "TensorFlow Lite GPU delegate symbol not found (TFLGpuDelegateCreate / TfLiteGpuDelegateV2Create: the "
        "TFLite library loaded has no GPU delegate)",
        r"Failed to lookup symbol[^\n]{0,40}?\b(TFLGpuDelegate\w{0,30}|TfLiteGpuDelegate\w{0,30}"
        r"|TfLiteMetalDelegate\w{0,30}|TfLiteCoreMlDelegate\w{0,30}|TfLiteXNNPackDelegate\w{0,30})\b"
        r"|undefined symbol: (TFLGpuDelegate\w{0,30}|TfLiteGpuDelegateV2\w{0,30})\b"
        r"|symbol not found[^\n]{0,20}\b(TFLGpuDelegateCreate|TfLiteGpuDelegateV2Create)\b",
        "The app asked for a TensorFlow Lite delegate whose functions are not in the TFLite library it loaded: the "
        "GPU delegates ship apart from the core library (iOS: the Metal delegate is its own TensorFlowLiteC/Metal "
        "subspec or framework since TFLite 2.4; Android: the tensorflow-lite-gpu artifact / "
        "libtensorflowlite_gpu_delegate.so), so a build with the core alone fails at the lookup.",
        "Link the delegate's library beside the core one, from the same TFLite release: iOS `pod "
        "'TensorFlowLiteC/Metal'` (or a TensorFlowLiteC.framework built with the Metal delegate, "
        "`TensorFlowLiteCMetal`), Android `org.tensorflow:tensorflow-lite-gpu` (with tensorflow-lite-gpu-api) or "
        "libtensorflowlite_gpu_delegate.so in jniLibs; with Flutter / FFI plugins use the plugin's setup that "
        "bundles the delegate; or create the interpreter without the GPU delegate.",
        variants=(
            Variant(
                r"\bTFLGpuDelegate\w{0,30}|\bRunner\[|\biOS\b|\biPhone|\bXcode\b|\bTensorFlowLiteC\b|\bPodfile\b",
                "iOS (the Metal delegate)",
                "The TensorFlowLiteC framework the app links lacks the Metal delegate: add it from the same release "
                "(`pod 'TensorFlowLiteC/Metal'` or `pod 'TensorFlowLiteSwift/Metal'`, `pod install`; a hand-built "
                "framework: build TensorFlowLiteCMetal too and embed it), make sure the linker keeps its symbols "
                "(`-force_load` the framework, or set 'Strip Style' to non-global symbols when the lookup is through "
                "dlsym / FFI), then rebuild; or run without the GPU delegate.",
            ),
        ),
        op=r"\b(TFLGpuDelegate\w{0,30}|TfLiteGpuDelegate\w{0,30}|TfLiteMetalDelegate\w{0,30})\b",
        weight=86,
        applies="TensorFlow Lite apps on iOS (Metal) and Android (OpenGL ES / OpenCL), Flutter and Unity plugins",
        shown_by=(_test("test_tflite_gpu_delegate_symbol_missing"),),
        example="flutter: Error while creating interpreter: Invalid argument(s): Failed to lookup symbol "
        "(dlsym(RTLD_DEFAULT, TFLGpuDelegateCreate): symbol not found)",
        example_source="Dart FFI's DynamicLibrary.lookup wording ('Failed to lookup symbol') for TFLite's Metal "
        "delegate entry point (tensorflow/lite/delegates/gpu/metal_delegate.h: TFLGpuDelegateCreate)",
    ),
    KnownError(
        "tflite-gpu-delegate-failed",
        "TensorFlow Lite GPU delegate could not prepare or bind the graph on this GPU (TfLiteGpuDelegate / "
        "TfLiteMetalDelegate Prepare, GL delegate buffers; MediaPipe's inference calculator)",
        r"\bTfLite(?:Metal|Gpu)Delegate(?:V2)? (?:Prepare|Init|Invoke)\b"
        r"|TfLiteGpuDelegateBindBufferToTensor\("
        r"|Node number \d{1,5} \(TfLite(?:Metal|Gpu)Delegate(?:V2)?\) failed to (?:prepare|invoke)"
        r"|lite/delegates/gpu/(?:gl|cl|metal|common)/[\w/]{1,120}\.(?:h|cc|mm):\d{1,6}"
        r"|Failed to apply (?:the )?(?:GPU|Metal|OpenCL|OpenGL) delegate",
        "TensorFlow Lite's GPU delegate turns the graph into GPU programs when the interpreter is prepared; this "
        "GPU or its driver could not take them: the OpenGL ES delegate needs OpenGL ES 3.1 compute shaders and EGL "
        "(old Intel GMA / early Mali drivers, Mesa without ES 3.1, a board's generic GL stack lack them), the Metal "
        "delegate fails when its prebuilt binary does not match the TFLite runtime or the device, and an op the "
        "delegate cannot run is left to the CPU (that part is only a notice).",
        "Check the GPU API the delegate needs on this device (OpenGL ES 3.1+ with EGL: `eglinfo` / `glxinfo -B`; "
        "Android: the device's GLES version; iOS: a Metal device), use the GPU delegate and the TFLite runtime of one "
        "release, and fall back to the CPU (XNNPACK) when the delegate cannot be applied; the lines above the error "
        "name the op or GL call that failed.",
        variants=(
            Variant(
                r"\bTfLiteMetalDelegate\b|\bMetal delegate\b|delegate for Metal|delegates/gpu/metal/",
                "the Metal delegate (iOS / macOS)",
                "Use a Metal delegate built from the same TensorFlow Lite release as the runtime: a prebuilt delegate "
                "binary that does not match (an app's or plugin's bundled libtensorflowlite_metal_delegate, a "
                "sample's Plugins folder) fails at Prepare; update the app / plugin to a release that ships a "
                "rebuilt delegate, or build the delegate yourself from the TensorFlow source of the runtime "
                "(`bazel build -c opt --config=ios_arm64 //tensorflow/lite/delegates/gpu:tensorflow_lite_gpu_"
                "framework` or the plugin's build script); meanwhile run without the delegate. 'operations are not "
                "supported by GPU delegate' before it is only the CPU fallback notice.",
            ),
            # issue 36, round fifty-three: the OpenCL back-end could not start ("Can not open OpenCL library on
            # this device - undefined symbol: ...", then "Falling back to OpenGL") and the OpenGL ES back-end has no
            # shader for an op of the model ("No shader implementation for transpose")
            Variant(
                r"Can not open OpenCL library on this device|No shader implementation for \w{1,40}",
                "OpenCL unavailable, and the OpenGL ES fallback lacks an op",
                "The delegate's OpenCL back-end could not start (the OpenCL library is missing, not accessible to "
                "apps, or lacks a symbol this TFLite release calls), so it fell back to OpenGL ES, which has no "
                "shader for an op of the model (the 'No shader implementation for X' line) and could not prepare. "
                "Give the app OpenCL: on Android 12 and later declare `<uses-native-library "
                'android:name="libOpenCL.so" android:required="false"/>` in the manifest, and use a '
                "TFLite / LiteRT release whose OpenCL loader matches the device's library; or convert the model "
                "without that op (or with it outside the GPU partition), or run it on the CPU delegate "
                "(XNNPACK) on such devices.",
            ),
            Variant(
                _MALI_BOARD,
                "a Mali GPU board (Rockchip and others)",
                "The board's OpenGL ES / EGL stack does not give the GL delegate what it needs (ES 3.1 compute, "
                "shader storage buffers bound to EGL): install the SoC vendor's Mali driver (libmali with EGL and "
                "GLES 3.2 for this board, matching its kernel driver) instead of a generic or software GL, check "
                "with `eglinfo` that the Mali driver is used, or run the CPU graph / CPU delegate on this board "
                "(MediaPipe: the *_cpu example, or build with `--define MEDIAPIPE_DISABLE_GPU=1`).",
            ),
            Variant(
                _TFLITE_GL,
                "the OpenGL ES delegate (MediaPipe GPU graphs)",
                "The GL delegate needs OpenGL ES 3.1 compute shaders and an EGL driver: this GPU or driver lacks "
                "them (an old integrated GPU, a driver without ES 3.1, a software renderer, a headless session "
                "without EGL). Run on a GPU with OpenGL ES 3.1+ and its vendor's EGL / Mesa driver (check `eglinfo` "
                "or `glxinfo -B` for the ES version), or use the CPU graph (MediaPipe: the *_cpu example and graph, "
                "or build with `--define MEDIAPIPE_DISABLE_GPU=1`).",
            ),
        ),
        weight=82,
        applies="TensorFlow Lite GPU delegates (OpenGL ES, OpenCL, Metal) in apps, Unity / Flutter plugins and "
        "MediaPipe's GPU graphs",
        shown_by=(_test("test_tflite_gpu_delegate_failed_per_api"),),
        example="TfLiteGpuDelegate Prepare: Shader compilation failed: ERROR: 0:3: 'compute shaders' : not supported",
        example_source="tensorflow/lite/delegates/gpu (gl_delegate.cc / delegate.cc / metal_delegate.mm: "
        "'TfLiteGpuDelegate Prepare: %s', 'TfLiteMetalDelegate Prepare: %s'); mediapipe's inference calculators",
    ),
    # issue 36, round fifty-three: TensorFlow Lite logs the ops its GPU delegate leaves to the CPU at ERROR level,
    # then goes on with a partly delegated graph (tensorflow/lite/delegates/gpu: GetOpsToReplace)
    KnownError(
        "tflite-gpu-delegate-partial-notice",
        "TensorFlow Lite: 'Following operations are not supported by GPU delegate' (a partly delegated graph: a "
        "notice, not a failure)",
        r"\bFollowing operations are not supported by GPU delegate:"
        r"|\b\d{1,6} operations? will run on the GPU, and the remaining \d{1,6} operations? will run on the CPU\b",
        "TensorFlow Lite's GPU delegate took the operations it supports and lists, at ERROR level, those it leaves "
        "to the CPU (an op it has no kernel for, a data type or size it does not take, or a node another delegate "
        "already claimed); the interpreter runs the graph split between GPU and CPU. Nothing failed: the lines after "
        "it ('Created N GPU delegate kernels') show the delegate working.",
        "Nothing to fix for the run. For speed, move more of the graph to the GPU: a node named "
        "'DELEGATE TfLiteXNNPackDelegate' means the XNNPACK CPU delegate was applied first and took the graph "
        "(create the interpreter without the default delegates: Python's "
        "`experimental_op_resolver_type=tf.lite.experimental.OpResolverType.BUILTIN_WITHOUT_DEFAULT_DELEGATES`, "
        "C++ `BuiltinOpResolverWithoutDefaultDelegates`, or a build with `--define tflite_with_xnnpack=false`, "
        "then apply the GPU delegate); other ops listed need a model converted with ops the GPU delegate supports.",
        severity="notice",
        weight=40,
        applies="TensorFlow Lite's GPU delegate (OpenCL / OpenGL ES on Android and Linux boards, Metal on iOS)",
        shown_by=(_R53("test_tflite_partial_delegation_is_a_notice"),),
        example="ERROR: Following operations are not supported by GPU delegate:\nDELEGATE TfLiteXNNPackDelegate: "
        "Operation is not supported.\n1 operations will run on the GPU, and the remaining 4 operations will run on "
        "the CPU.",
        example_source="tensorflow/lite/delegates/gpu (the op partitioning's log: 'Following operations are not "
        "supported by GPU delegate', 'N operations will run on the GPU, and the remaining M operations will run on "
        "the CPU.')",
    ),
    # issue 36, round fifty-three: a MediaPipe binary compiled without its GPU code (every Windows build, and builds
    # with --define MEDIAPIPE_DISABLE_GPU=1) given a graph or task that asks for the GPU
    KnownError(
        "mediapipe-gpu-disabled-build",
        "MediaPipe: 'GPU processing is disabled in build flags' (a build without GPU support asked for the GPU "
        "delegate or a GPU calculator)",
        r"\bGPU processing is disabled in build flags\b",
        "This MediaPipe was compiled with MEDIAPIPE_DISABLE_GPU (MediaPipe's Windows builds always are; so are "
        "custom builds made with `--define MEDIAPIPE_DISABLE_GPU=1`), so its calculators have no GPU path; the "
        "graph or task asked for the GPU (a GPU delegate in the task's base options, a *_gpu graph, image "
        "frames on the GPU), and validating the graph fails before anything runs.",
        "Ask for the CPU: the CPU delegate in the task's options (BaseOptions(delegate=CPU) or the plugin's "
        "delegate setting), or the *_cpu graph; on Windows MediaPipe has no GPU support, so that is the fix there. "
        "For the GPU, use a platform MediaPipe supports it on (Linux with EGL / OpenGL ES 3.1, Android, iOS / "
        "macOS) with a build made without MEDIAPIPE_DISABLE_GPU.",
        weight=88,
        applies="MediaPipe (its C++ framework, Tasks, and plugins built on it such as GDMP for Godot) built without "
        "GPU support",
        shown_by=(_R53("test_a_mediapipe_build_without_its_gpu"),),
        example="ImageCloneCalculator: GPU processing is disabled in build flags",
        example_source="mediapipe's calculators under MEDIAPIPE_DISABLE_GPU (image_clone_calculator.cc and others: "
        "'GPU processing is disabled in build flags')",
    ),
    # issue 36, round thirty-eight: a model converted with Select TensorFlow ops (SELECT_TF_OPS: Flex ops such as
    # FlexRFFT, FlexErf, FlexTensorListReserve) run on an interpreter without the Flex delegate (tflite_runtime, the
    # plain Android / iOS / C++ TFLite library)
    KnownError(
        "tflite-flex-delegate-missing",
        "TFLite: 'Select TensorFlow op(s), included in the given model, is(are) not supported by this interpreter' "
        "(a model with Flex ops on an interpreter without the Flex delegate)",
        r"Select TensorFlow op\(s\), included in the given model, is\(are\) not supported by this interpreter"
        r"|Regular TensorFlow ops are not supported by this interpreter"
        r"|Make sure you apply/link the Flex delegate before inference",
        "The model was converted with Select TensorFlow ops (converter.target_spec.supported_ops with "
        "SELECT_TF_OPS): the ops TFLite has no builtin for are kept as Flex ops (FlexRFFT, FlexErf, "
        "FlexTensorListReserve, ... in the 'Node number N (FlexXxx) failed to prepare' line), which only the Flex "
        "delegate runs. tflite_runtime and the plain TFLite libraries (Android's tensorflow-lite, iOS' "
        "TensorFlowLiteSwift, a C++ build with only the builtin op resolver) do not link it.",
        "Either run the model where the Flex delegate is linked: full TensorFlow's `tf.lite.Interpreter` (pip install "
        "tensorflow; it applies Flex by itself) instead of tflite_runtime's; or convert the model again with "
        "builtin ops only (`converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS]`, replacing the "
        "layers the conversion reports, or use the project's model file made for tflite_runtime without Flex "
        "ops); or link the Flex delegate into your TFLite build (the select-tf-ops library beside the core one).",
        variants=(
            Variant(
                # (not the message's own "For the Android, ..." sentence)
                r"\bgradle\b|\b[EIW]/tflite\b|\.apk\b|\bflutter\b|\bkotlin\b|\bandroidx?\.\w|Android Studio",
                "Android / Flutter",
                "Add the Select TF ops library of the same TFLite release beside the core one (Gradle: "
                "org.tensorflow:tensorflow-lite-select-tf-ops next to org.tensorflow:tensorflow-lite; a Flutter "
                "plugin: its Select-TF-ops option), which adds several MB to the app; or convert the model again "
                "with TFLITE_BUILTINS only so the plain library runs it.",
            ),
            Variant(
                r"\bios\b|\bxcode\b|\bpod\b|Podfile|TensorFlowLiteSwift|TensorFlowLiteObjC|\bswift\b",
                "iOS",
                "Add the Select TF ops pod of the same TFLite release (TensorFlowLiteSelectTfOps in the Podfile, "
                "with the -force_load linker flag for its library); or convert the model again with "
                "TFLITE_BUILTINS only.",
            ),
        ),
        op=r"Node number \d{1,6} \((Flex\w{1,60})\) failed to prepare",
        weight=86,
        applies="TensorFlow Lite models converted with SELECT_TF_OPS, on tflite_runtime, Android, iOS and C++ TFLite "
        "builds without the Flex delegate",
        shown_by=("tests/troubleshooting/test_round38_v38ecopretrain.py::test_tflite_select_ops_need_flex",),
        example="RuntimeError: Select TensorFlow op(s), included in the given model, is(are) not supported by this "
        "interpreter. Make sure you apply/link the Flex delegate before inference.Node number 5 (FlexRFFT) failed "
        "to prepare.",
        example_source="TensorFlow Lite's interpreter (tensorflow/lite/core/subgraph.cc, the unresolved-Flex-op "
        "error; the older 'Regular TensorFlow ops are not supported by this interpreter' wording): file location "
        "from memory, wording as TFLite prints it",
    ),
)

#: the Coral Edge TPU in a text (its runtime, its delegate, its USB ids in both states, PyCoral)
_EDGETPU = r"edgetpu|Edge ?TPU|\bCoral\b|\bpycoral\b|1a6e:089a|18d1:9302|Global Unichip|\bapex_\d\b|/dev/apex_\d"

_EDGETPU_ROWS: tuple[KnownError, ...] = (
    KnownError(
        "edgetpu-device-not-opened",
        "Coral Edge TPU: the delegate could not be created (libedgetpu could not open the device: 'Failed to load "
        "delegate from libedgetpu', 'Null delegate')",
        r"Failed to load delegate from (?:lib)?edgetpu[\w.]{0,30}|^(?:ERROR: )?Null delegate\.?\s*$"
        r"|Could not open EdgeTpu|No Edge ?TPU device",
        "The TFLite delegate comes from libedgetpu, which must open the accelerator: over USB it first appears in "
        "its bootloader state (1a6e:089a Global Unichip) and re-enumerates as 18d1:9302 after the runtime loads its "
        "firmware; a device that never re-enumerates (power, cable or hub, a USB 2 link on some boards, udev rules "
        "that deny the user), a PCIe module without the gasket / apex driver, or another process holding it leaves "
        "no device, so the delegate is null and the model's edgetpu-custom-op cannot run.",
        "Check the device: `lsusb` should show 18d1:9302 (Google) once the runtime has loaded it, not only 1a6e:089a; "
        "install the runtime's udev rules (the libedgetpu1-std package adds them; then unplug and replug, and add the "
        "user to plugdev), use a powered USB 3 port or hub and a short cable, close other programs using it, and for "
        "the M.2 / PCIe module load the gasket and apex drivers (`ls /dev/apex_0`). Use a libedgetpu build that "
        "matches the tflite_runtime / pycoral release.",
        weight=88,
        requires=_EDGETPU,
        applies="Coral USB Accelerator, M.2 / Mini PCIe modules and Dev Board with libedgetpu, tflite_runtime, pycoral",
        shown_by=(_test("test_edgetpu_device_not_opened_or_no_delegate"),),
        example="ValueError: Failed to load delegate from libedgetpu.so.1",
        example_source="tflite_runtime interpreter.py (load_delegate: 'Failed to load delegate from {}'); TFLite's "
        "interpreter ('Null delegate.')",
    ),
    KnownError(
        "edgetpu-custom-op-without-delegate",
        "Coral Edge TPU: 'Encountered unresolved custom op: edgetpu-custom-op' (an Edge TPU model run without the "
        "Edge TPU delegate)",
        r"unresolved custom op: edgetpu-custom-op|\(edgetpu-custom-op\) failed to prepare",
        "A model compiled by edgetpu_compiler holds its Edge TPU part as one custom op, edgetpu-custom-op, that "
        "only the libedgetpu delegate implements; a plain TFLite interpreter (or one whose delegate failed to load) "
        "has nothing to run it with.",
        "Create the interpreter with the Edge TPU delegate: `from tflite_runtime.interpreter import Interpreter, "
        "load_delegate` then `Interpreter(model_path, experimental_delegates=[load_delegate('libedgetpu.so.1')])` "
        "(macOS 'libedgetpu.1.dylib', Windows 'edgetpu.dll'), or `pycoral.utils.edgetpu.make_interpreter(model_path)`; "
        "use the model without '_edgetpu' in its name for a CPU-only interpreter.",
        variants=(
            Variant(
                r"tflite::|\bInterpreterBuilder\b|BuiltinOpResolver|\.(?:cc|cpp)\b|\bC\+\+",
                "C++ (the TFLite C++ API)",
                "Register the custom op and give the interpreter an Edge TPU context: `resolver.AddCustom(edgetpu::"
                "kCustomOp, edgetpu::RegisterCustomOp())`, open the device with `edgetpu::EdgeTpuManager::"
                "GetSingleton()->OpenDevice()` and `interpreter->SetExternalContext(kTfLiteEdgeTpuContext, "
                "context.get())` before AllocateTensors (or use libcoral's `coral::MakeEdgeTpuInterpreter`), linking "
                "libedgetpu of the release the model was compiled for.",
            ),
        ),
        op=r"(edgetpu-custom-op)",
        weight=84,
        applies="Edge TPU models (*_edgetpu.tflite) in tflite_runtime, TensorFlow's tf.lite, pycoral and C++",
        shown_by=(_test("test_edgetpu_device_not_opened_or_no_delegate"),),
        example="RuntimeError: Encountered unresolved custom op: edgetpu-custom-op.Node number 0 "
        "(edgetpu-custom-op) failed to prepare.",
        example_source="TFLite's interpreter (subgraph.cc: 'Encountered unresolved custom op: %s.') for the op "
        "edgetpu_compiler writes",
    ),
    KnownError(
        "edgetpu-performance-ioctl-notice",
        "Coral Edge TPU: 'Could not set performance expectation' (the PCIe driver does not take the performance "
        "ioctl; inference still runs)",
        r"Could not set performance expectation : -?\d{1,6} \([^)\n]{1,60}\)",
        "libedgetpu asks the apex / gasket PCIe driver to set a performance level; a driver that does not know the "
        "ioctl (an older or distribution-built gasket driver, a pass-through in a VM or container) refuses it and "
        "the runtime logs this warning and goes on at the default level.",
        "Nothing needs fixing when inference runs (the results after it show it did); to silence it, install the "
        "gasket / apex driver that matches the runtime (the gasket-dkms package of Coral's repository, or a kernel "
        "whose apex driver has the performance ioctl).",
        severity="notice",
        weight=60,
        applies="Coral M.2 / Mini PCIe Edge TPU modules with libedgetpu (hosts, VMs, containers)",
        shown_by=(_test("test_edgetpu_performance_ioctl_is_a_notice"),),
        example="driver/beagle/beagle_kernel_top_level_handler.cc:131] Could not set performance expectation : 4 "
        "(Inappropriate ioctl for device)",
        example_source="libedgetpu driver/beagle/beagle_kernel_top_level_handler.cc (LOG(WARNING) 'Could not set "
        "performance expectation : %d (%s)')",
    ),
)

_NPU: tuple[KnownError, ...] = (
    KnownError(
        "npu-rknn-model-not-readable",
        "Rockchip RKNN / RKLLM: the runtime cannot parse the model file ('invalid RKNN_MAGIC', 'Invalid RKNN "
        "format', RKLLM 'invalid magic' / 'failed to load model')",
        r"parseRKNN(?: from buffer)?: (?:invalid RKNN_MAGIC|Invalid RKNN f(?:or|ro)mat)|\bRKNN_ERR_MODEL_INVALID\b"
        r"|invalid magic characters\b|error: failed to load model '[^'\n]{1,200}\.rkllm'|\brkllm init failed\b",
        "The NPU runtime (librknnrt / librkllmrt on the board) reads a header written by the toolkit that converted "
        "the model (rknn-toolkit2 / rkllm-toolkit); a file from another toolkit release than the runtime, a file "
        "that is not a converted model at all (an .onnx or .pt passed as .rknn, a Git LFS pointer, a truncated "
        "copy) or one converted for another target platform does not parse.",
        "Check the file first (`head -c 16 model.rknn | xxd` shows 'RKNN' near the start of a real model; a small "
        "text file is an LFS pointer), then convert and run with one release: the runtime prints its version "
        "(`strings /usr/lib/librknnrt.so | grep -i version`; the rknpu driver's in `cat /sys/kernel/debug/rknpu/"
        "version`) and the model must come from the toolkit of that release with `target_platform` set to this SoC; "
        "upgrade the runtime library (and the driver it needs) or reconvert the model.",
        variants=(
            Variant(
                r"\brkllm\b|\.rkllm\b|librkllmrt",
                "RKLLM (an LLM on the NPU)",
                "RKLLM's runtime parses only models from the rkllm-toolkit of its own release (its first line names "
                "it: 'rkllm-runtime version: X'). Upgrade librkllmrt.so on the board to the release that converted "
                "the model (copy it from that release's rkllm-runtime folder to /usr/lib and rebuild the demo "
                "against its header), with the rknpu driver version that release asks for, or reconvert the model "
                "with the rkllm-toolkit of the installed runtime for this platform (e.g. rk3588).",
            ),
        ),
        requires=r"rknn|rkllm",
        weight=86,
        applies="Rockchip NPUs (RK3588, RK3568, RK3566, RV1106 ...) with rknn-toolkit2 / rknn-toolkit-lite2 / RKLLM",
        shown_by=(_test("test_rknn_and_rkllm_model_files"),),
        example="E RKNN: parseRKNN: invalid RKNN_MAGIC!\nE RKNN: parseRKNN from buffer: Invalid RKNN format!",
        example_source="librknnrt's rknn_init log (parseRKNN), as rknn-toolkit2 2.x boards print it; RKLLM's "
        "runtime load ('failed to load model', 'rkllm init failed')",
    ),
    KnownError(
        "hailort-driver-library-mismatch",
        "HailoRT: 'Driver version (X) is different from library version (Y)' (HAILO_INVALID_DRIVER_VERSION)",
        r"Driver version \(\d[\d.]{0,20}\) is different from library version \(\d[\d.]{0,20}\)"
        r"|\bHAILO_INVALID_DRIVER_VERSION\b",
        "HailoRT talks to the accelerator only through a kernel driver (hailo_pci; hailo1x_pci for Hailo-10) of "
        "exactly its own version: an upgrade of the user-space library (hailort, python3-hailort, hailo-all) without "
        "the driver, or a driver left from an older install or an in-tree kernel module, makes every call fail.",
        "Install the driver, firmware and library of one HailoRT release and reboot: on a Raspberry Pi `sudo apt "
        "update && sudo apt full-upgrade` then `sudo apt install --reinstall hailo-all` (or hailort with "
        "hailort-pcie-driver / hailo-dkms of the same version); elsewhere the .deb / installer of that release for "
        "both the PCIe driver and HailoRT. `modinfo hailo_pci | grep ^version` and `hailortcli --version` must "
        "agree; `hailortcli fw-control identify` then works.",
        weight=90,
        applies="HailoRT on Hailo-8 / 8L / 10 (Raspberry Pi AI Kit and AI HAT+, x86 hosts)",
        shown_by=(_test("test_hailort_versions"),),
        example="[HailoRT] [error] CHECK failed - Driver version (4.17.0) is different from library version (4.18.0)",
        example_source="HailoRT hailort/libhailort/src/vdma/driver (check of the driver's version: 'Driver version "
        "({}.{}.{}) is different from library version ({}.{}.{})')",
    ),
    KnownError(
        "hailort-binding-library-mismatch",
        "HailoRT: the Python binding or GStreamer plugins need another libhailort than the one installed "
        "(libhailort.so.X not found, undefined hailort:: symbols)",
        r"libhailort\.so\.\d[\d.]{0,20}: cannot open shared object file"
        r"|undefined symbol: _ZN\d{0,2}K?7hailort\w{1,200}",
        "The hailort Python wheel (or python3-hailort) and the Hailo GStreamer plugins (TAPPAS) are built against one "
        "libhailort release and load it by its full version; another release installed (or a symlink to it) leaves "
        "the soname or its symbols missing. The release line also follows the device generation: Hailo-8 / 8L use "
        "HailoRT 4.x, Hailo-10H (AI HAT+ 2) HailoRT 5.x, so a 4.x stack on a Hailo-10H cannot find its device.",
        "Identify the device and what is installed: `hailortcli fw-control identify` (device architecture), "
        "`dpkg -l | grep -i hailo`, `pip show hailort`. Install the binding, the plugins and libhailort of the one "
        "release for this device (Hailo-8 / 8L: the hailo-all 4.x stack; Hailo-10H: the HailoRT 5.x packages and its "
        "hailo1x_pci driver) into the Python the program runs; do not symlink one libhailort version to another "
        "name.",
        op=r"(libhailort\.so\.\d[\d.]{0,20})",
        weight=87,
        applies="HailoRT Python bindings, TAPPAS / hailo-apps GStreamer pipelines (Raspberry Pi 5, x86)",
        shown_by=(_test("test_hailort_versions"),),
        example="ImportError: libhailort.so.4.19.0: cannot open shared object file: No such file or directory",
        example_source="the dynamic loader's wording for HailoRT's versioned soname (libhailort.so.X.Y.Z)",
    ),
    KnownError(
        "hailort-no-physical-device",
        "HailoRT: HAILO_OUT_OF_PHYSICAL_DEVICES (no Hailo device this stack can use)",
        r"\bHAILO_OUT_OF_PHYSICAL_DEVICES\b",
        "HailoRT found no free device of the kind it drives: the PCIe driver is not loaded or sees no device, another "
        "process (a pipeline left running, a service) holds it, or the device is of another generation than the "
        "installed HailoRT (Hailo-10H needs HailoRT 5.x, Hailo-8 / 8L 4.x).",
        "Check that the device is there and free: `hailortcli scan`, `ls /dev/hailo*` (Hailo-10: /dev/h1x-*), "
        "`lsmod | grep hailo`, and `sudo lsof /dev/hailo0` for a process holding it (stop it). If the device is "
        "there but another generation than the stack (`hailortcli fw-control identify`), install the HailoRT "
        "release for it; on a Raspberry Pi also enable PCIe (dtparam=pciex1) and reboot.",
        weight=78,
        applies="HailoRT on Hailo-8 / 8L / 10 (Raspberry Pi AI Kit and AI HAT+, x86 hosts)",
        shown_by=(_test("test_hailort_versions"),),
        example="[HailoRT] [error] Failed to create vdevice. there are not enough free devices. requested: 1, "
        "found: 0\nHAILO_OUT_OF_PHYSICAL_DEVICES(74)",
        example_source="HailoRT's status name (hailo_status HAILO_OUT_OF_PHYSICAL_DEVICES = 74)",
    ),
)

#: MNN's forward types (include/MNN/MNNForwardType.h): 1 Metal, 2 CUDA, 3 OpenCL, 6 OpenGL, 7 Vulkan
_MNN_TYPES = (
    ("7", "Vulkan", "-DMNN_VULKAN=ON", "libMNN_Vulkan.so", "`vulkaninfo`, or an app that lists Vulkan devices"),
    ("3", "OpenCL", "-DMNN_OPENCL=ON", "libMNN_CL.so", "`clinfo`"),
    ("6", "OpenGL", "-DMNN_OPENGL=ON", "libMNN_GL.so", "the device's GLES version"),
    ("1", "Metal", "-DMNN_METAL=ON", "the Metal backend", "a Metal device"),
)

_MNN: tuple[KnownError, ...] = (
    KnownError(
        "mnn-backend-fallback",
        "MNN: 'Can't Find type=N backend, use M instead' (the GPU backend asked for is not available; MNN runs on "
        "the CPU)",
        r"Can't Find type=(\d{1,2}) backend, use \d{1,2} instead",
        "MNN found no creator for the forward type asked for (7 Vulkan, 3 OpenCL, 6 OpenGL, 1 Metal, 2 CUDA) and "
        "falls back to the backup type (0: CPU): the library was built without that backend, its separate backend "
        "library (libMNN_Vulkan.so, libMNN_CL.so) was not loaded, or the backend found no usable device when it "
        "started (no Vulkan / OpenCL driver reachable from this process).",
        "Check the build and the device: build MNN with the backend on (-DMNN_VULKAN=ON / -DMNN_OPENCL=ON ...) and, "
        "with MNN_SEPARATE_BACKEND, ship and load its library beside libMNN.so; check that the device's driver is "
        "reachable from the process that runs MNN. Results are still computed, on the CPU.",
        variants=tuple(
            Variant(
                rf"Can't Find type={num} backend",
                f"the {name} backend (type {num})",
                f"MNN has no {name} backend in this process: build MNN with `{flag}` (with MNN_SEPARATE_BACKEND also "
                f"ship {lib} and load it), and check the device gives {name} to this process ({probe})."
                + (
                    " On Android, some vendors (Huawei among them) deny Vulkan to programs started from `adb shell`: "
                    "test the Vulkan backend inside an app (APK) rather than a binary run from the shell."
                    if num == "7"
                    else ""
                ),
            )
            for num, name, flag, lib, probe in _MNN_TYPES
        ),
        op=r"Can't Find type=(\d{1,2}) backend",
        severity="warns-of-failure",
        weight=74,
        applies="MNN on Android, iOS, Linux boards and desktops (benchmark tools, apps, pymnn)",
        shown_by=(_test("test_mnn_backend_fallback_and_vulkan_pipelines"),),
        example="Can't Find type=3 backend, use 0 instead",
        example_source="MNN source/core/Interpreter.cpp / Session (MNN_PRINT \"Can't Find type=%d backend, use %d "
        'instead")',
    ),
    KnownError(
        "mobile-vulkan-pipeline-failed",
        "Vulkan compute pipeline creation failed on this GPU driver (MNN 'Error for create pipeline', ncnn "
        "'vkCreateComputePipelines failed')",
        r"Error for create pipeline (\w{1,160})|vkCreateComputePipelines failed -?\d{1,6}",
        "The GPU's Vulkan driver could not build one of the runtime's compute shaders into a pipeline (old or buggy "
        "mobile drivers, Adreno 5xx and early Mali among them, reject some shader variants); MNN then uses the "
        "missing pipeline and may crash (SIGSEGV) right after.",
        "Avoid Vulkan on this device: run on the CPU or OpenCL backend (MNN: MNN_FORWARD_CPU / MNN_FORWARD_OPENCL; "
        "ncnn: `net.opt.use_vulkan_compute = false`), or update the runtime (its shaders for this GPU family are "
        "fixed over releases) and the device's GPU driver; report the GPU, driver version and the shader name in "
        "the message to the runtime.",
        variants=(
            Variant(
                r"Error for create pipeline|\bMNN\b",
                "MNN",
                "MNN picked a GPU-family shader (the name in the message, e.g. one tuned for Adreno) that this "
                "driver cannot build: run this device on MNN_FORWARD_CPU or MNN_FORWARD_OPENCL, or use an MNN build "
                "that uses the generic (Mali) shader variant for this GPU (update MNN, or change the GPU-type check "
                "in its Vulkan backend), then report the GPU and driver to MNN; the SIGSEGV after it is the missing "
                "pipeline, not a second fault.",
            ),
        ),
        op=r"Error for create pipeline (\w{1,160})",
        weight=85,
        applies="MNN and ncnn on Android and Linux boards with the Vulkan backend",
        shown_by=(_test("test_mnn_backend_fallback_and_vulkan_pipelines"),),
        example="E  Error for create pipeline glsl_convolutionDepthwise_comp",
        example_source='MNN source/backend/vulkan (VulkanPipeline: MNN_ERROR "Error for create pipeline %s")',
    ),
)

_APPLE: tuple[KnownError, ...] = (
    KnownError(
        "coreml-ane-model-load-failed",
        "Core ML: the Apple Neural Engine could not load the model (ANECF 'failed to load ANE model', 'Program load "
        "failure', '[coreml] Error plan build')",
        r"failed to load ANE model|\bProgram load failure \(0x[0-9a-f]{1,8}\)|\[coreml\] Error plan build"
        r"|ANECCompile\(\) FAILED|_ANEModel\b[^\n]{0,80}\b(?:failed|error)"
        # Core ML's runtime (E5RT) building the plan of a compiled model on the device ("Failed to build the model
        # execution plan using a model architecture file '.../TextDecoder.mlmodelc/model.mil' with error code: -14";
        # issue 36, round fifty-three)
        r"|Failed to build the model execution plan using a model architecture file",
        "Core ML compiled the model for the Neural Engine, but the ANE could not load the program: a model too large "
        "for the device's memory (iPhones with 4-6 GB and large models such as Stable Diffusion's UNet), an op or "
        "layout the ANE compiler rejects, or an OS release whose ANE compiler fails on it; Core ML then has no plan "
        "for cpuAndNeuralEngine.",
        "Make the model fit the ANE and the device: a variant converted for it (attention as split_einsum rather "
        "than original, palettized / quantized weights, smaller input sizes or chunked models), load with "
        "`computeUnits = .cpuAndGPU` where the ANE cannot take it, ask for the increased-memory-limit entitlement on "
        "iOS, and test on a newer iOS / macOS release (the ANE compiler changes with it); restarting the device "
        "clears a stale ANE cache.",
        variants=(
            Variant(
                r"StableDiffusion|stable[-_ ]diffusion|\bUnet\b|TextEncoder|VAEDecoder|split_einsum|\.mlmodelc\b",
                "a large Core ML model (Stable Diffusion and the like)",
                "Use the split_einsum (and palettized, 6-bit) variant of the model with cpuAndNeuralEngine on a "
                "device with enough memory (6 GB or more for Stable Diffusion), reduce memory (reduceMemory / "
                "chunked UNet), add the increased-memory-limit entitlement, or fall back to cpuAndGPU with the "
                "'original' attention variant; newer iOS releases need less memory for the same model.",
            ),
        ),
        weight=84,
        applies="Core ML on iOS, iPadOS and macOS with computeUnits that include the Neural Engine",
        shown_by=(_test("test_coreml_ane_load"),),
        example="[espresso] [Espresso::handle_ex_plan] exception=ANECF error: failed to load ANE model. "
        "Error=...: Program load failure (0x20004)",
        example_source="Core ML / Espresso's console log on iOS 16 (written from the log lines Core ML prints, not "
        "from Apple source)",
    ),
)

_OPENCL: tuple[KnownError, ...] = (
    KnownError(
        "opencl-no-platform",
        "OpenCL: no platform (clGetPlatformIDs -1001, CL_PLATFORM_NOT_FOUND_KHR: no OpenCL driver / ICD is installed)",
        r"CL error code: -1001\b|clGetPlatformIDs[^\n]{0,80}?(?:-1001\b|PLATFORM_NOT_FOUND_KHR)"
        r"|\bCL_PLATFORM_NOT_FOUND_KHR\b|Could not initialize the CL runtime"
        # the OpenCL C++ bindings' exception (cl.hpp / opencl.hpp: cl::Error, whose what() is the name of the call
        # that failed) thrown by cl::Platform::get and not caught (issue 36, round thirty-two; the bindings' wording
        # written from memory): "terminate called after throwing an instance of 'cl::Error'  what():  clGetPlatformIDs"
        r"|instance of 'cl::Error'\s{0,4}\n\s{0,8}what\(\):\s{1,4}clGetPlatformIDs\b"
        # the Rust ocl / ocl-core crates (issue 36, round thirty-three): ApiWrapperError's
        # GetPlatformIdsPlatformListUnavailable(secs), "Unable to get platform id list after {} seconds of waiting."
        r"|\bGetPlatformIdsPlatformListUnavailable\b|Unable to get platform id list after \d{1,4} seconds",
        "-1001 is CL_PLATFORM_NOT_FOUND_KHR: the OpenCL ICD loader (libOpenCL.so, ocl-icd) found no vendor driver "
        "to hand the call to, because no .icd file under /etc/OpenCL/vendors/ names an installed driver (only the "
        "loader is installed, the driver's library is missing, or a container does not see the host's files).",
        "Install the OpenCL driver of this GPU with its ICD entry and check with `clinfo` that a platform appears: "
        "`ls /etc/OpenCL/vendors/` must list an .icd whose library exists (Mali / Rockchip boards: the vendor's "
        "libmali with OpenCL, e.g. the board's libmali package, plus an .icd naming it; Intel: intel-opencl-icd; "
        "AMD: the ROCm OpenCL runtime); in a container, mount the vendor .icd and its library.",
        variants=(
            # issue 36, round thirty-three: a program that goes on without its OpenCL initialiser and then crashes
            # (a Go wrapper's nil-pointer panic, a segfault): the crash is the echo of the platform error above it
            Variant(
                r"nil pointer dereference|SIGSEGV|Segmentation fault|core dumped",
                "a crash after the OpenCL error (the crash is its echo)",
                "The crash comes after the OpenCL error and because of it: the program could not create its OpenCL "
                "context (no platform), went on with an empty handle and crashed on it (a Go wrapper's nil-pointer "
                "panic, a segfault), so the crash needs no debugging of its own. Fix the platform: `clinfo` must "
                "list this GPU; for an NVIDIA GPU install the driver's OpenCL part (Debian / Ubuntu: the "
                "libnvidia-compute-<driver branch> package and ocl-icd-libopencl1; /etc/OpenCL/vendors/nvidia.icd "
                "must name libnvidia-opencl.so.1), for AMD / Intel their OpenCL runtime; in a container mount "
                "/etc/OpenCL/vendors and the vendor library (NVIDIA: NVIDIA_DRIVER_CAPABILITIES=compute,utility), "
                "then rerun with the provider / device index clinfo shows.",
            ),
            Variant(
                r"\bArmnn\b|\bArmNN\b|\bGpuAcc\b|\barmnn\w{0,20}",
                "ArmNN (GpuAcc)",
                "ArmNN's GpuAcc backend runs through OpenCL, so it needs the Mali OpenCL driver, not only the ICD "
                "loader: install the SoC vendor's libmali with OpenCL (and an /etc/OpenCL/vendors/*.icd naming it, "
                "or point LD_LIBRARY_PATH at its libOpenCL.so), check with `clinfo`, then rerun; meanwhile ask for "
                "CpuAcc (`-c CpuAcc` / backends ['CpuAcc', 'CpuRef']).",
            ),
        ),
        weight=85,
        applies="OpenCL programs on any GPU (ArmNN GpuAcc, pyopencl, OpenCV's OpenCL, MNN / MACE / TNN OpenCL)",
        shown_by=(_test("test_opencl_no_platform"),),
        example="Armnn Error: Could not initialize the CL runtime. Error description: clGetPlatformIDs. CL error "
        "code: -1001",
        example_source="ArmNN ClBackendContext / ClContextControl (cl::Error 'CL error code'); the cl_khr_icd "
        "extension's CL_PLATFORM_NOT_FOUND_KHR (-1001)",
    ),
    KnownError(
        "opencl-buffer-over-max-alloc",
        "OpenCL: CL_MEM_OBJECT_ALLOCATION_FAILURE (-4) / CL_INVALID_BUFFER_SIZE (-61): one buffer larger than the "
        "device's CL_DEVICE_MAX_MEM_ALLOC_SIZE, or device memory exhausted",
        # the status names as the OpenCL headers spell them and as pyopencl / ocl print them without the CL_ prefix
        # ("clEnqueueNDRangeKernel failed: MEM_OBJECT_ALLOCATION_FAILURE"; "create_buffer failed: INVALID_BUFFER_SIZE")
        r"\b(?:CL_)?MEM_OBJECT_ALLOCATION_FAILURE\b|\b(?:CL_)?INVALID_BUFFER_SIZE\b",
        "OpenCL limits each buffer to CL_DEVICE_MAX_MEM_ALLOC_SIZE, which is much smaller than the device's memory "
        "(NVIDIA's OpenCL: a quarter of it; many others a quarter to a half): a buffer above it fails at creation "
        "(CL_INVALID_BUFFER_SIZE) or, since drivers allocate lazily, at the first kernel enqueue or write that "
        "touches it (CL_MEM_OBJECT_ALLOCATION_FAILURE). The same status also comes when the buffers together exceed "
        "the device's free memory (another process on the GPU, buffers never released).",
        "Compare the largest buffer with the device's limit (`clinfo | grep -iE 'max memory allocation|global memory "
        "size'`): keep every buffer under CL_DEVICE_MAX_MEM_ALLOC_SIZE by lowering what sizes it (the global work "
        "size, batch, nonces or lookup size per call, the image or tile size), or split it into several buffers; "
        "a release of the program that caps its work size by max_mem_alloc_size does this for you. If each buffer "
        "is under the limit, free the GPU (`nvidia-smi` lists other processes) or lower the total.",
        variants=(
            Variant(
                r"max_mem_alloc(?:_size)?\b|MAX_MEM_ALLOC_SIZE|Max memory allocation",
                "the text shows the device's max allocation size",
                "The log already shows the device's max allocation size: compare it with the buffer sizes it prints "
                "(the allocation that exceeds it is the one that fails, usually the largest, sized from the work "
                "size the program chose for this GPU's many compute units). Lower the global work size (or the "
                "program's option that sets it: work size, batch, nonces per call) until that buffer fits under "
                "max_mem_alloc_size, or update the program to a release that caps its work size by that limit; a "
                "GPU with more memory raises the limit only in proportion.",
            ),
        ),
        weight=80,
        applies="OpenCL programs on any GPU (NVIDIA, AMD, Intel, Mali): pyopencl, the Rust ocl crate, C / C++ hosts",
        shown_by=(_R33("test_opencl_buffer_over_max_alloc"),),
        example='Error executing function: clEnqueueNDRangeKernel("scrypt")\nStatus error code: '
        "CL_MEM_OBJECT_ALLOCATION_FAILURE (-4)",
        example_source="the OpenCL headers' status codes (CL_MEM_OBJECT_ALLOCATION_FAILURE -4, CL_INVALID_BUFFER_SIZE "
        "-61) and the CL_DEVICE_MAX_MEM_ALLOC_SIZE device query; the ocl crate's error report",
    ),
    KnownError(
        "ninja-missing-input",
        "ninja: 'X, needed by Y, missing and no known rule to make it' (an input the build needs does not exist)",
        r"ninja: error: '([^'\n]{1,300})', needed by '[^'\n]{1,400}', missing and no known rule to make it",
        "A file the build graph names as an input (a source, a library to link, a generated header) is not there "
        "and no rule of the build makes it: a prebuilt library the project expects from a vendor or another "
        "package, a path written into the build files that does not exist on this machine, or a build folder "
        "generated before the file moved.",
        "Provide the file the message names, or change the build to the one that exists: install the package or "
        "vendor library it is (and regenerate the build folder: rerun cmake / configure), fix the path in the "
        "build files, or delete the build folder and generate it again.",
        variants=(
            Variant(
                r"out/target/product/|\.toc'",
                "an Android (AOSP) platform build",
                "In an AOSP build an 'lib*.so.toc' input is a shared library module some Android.mk / Android.bp must "
                "provide: here none does, so the library must come from the vendor (for libOpenCL.so, libGLES_mali "
                "and the like, the board vendor's GPU driver prebuilts). Add the vendor's prebuilt module for it to "
                "the device tree (a cc_prebuilt_library_shared / PREBUILT module and PRODUCT_PACKAGES), then rebuild "
                "the module that needs it (`m <module>` / `mm`).",
            ),
        ),
        op=r"ninja: error: '([^'\n]{1,300})', needed by",
        weight=55,
        applies="ninja builds (CMake, Meson, GN, AOSP's Soong / Kati)",
        shown_by=(_test("test_ninja_missing_input"),),
        example="ninja: error: '/opt/lib/libfoo.so', needed by 'bin/app', missing and no known rule to make it",
        example_source="ninja src/build.cc ('%s', needed by '%s', missing and no known rule to make it)",
    ),
)

#: issue 36, round fifty-three: what an Android app may load (the linker's namespaces) and Qualcomm's NPU runtime
_ANDROID: tuple[KnownError, ...] = (
    KnownError(
        "android-linker-namespace-private-library",
        'Android: library "X" needed or dlopened by "Y" is not accessible for the namespace (an app loading '
        "a private system or vendor library, such as the phone's libOpenCL.so)",
        r"library [\"“”][^\"“”\n]{1,200}[\"“”] needed or dlopened by [\"“”][^\"“”\n]{1,200}[\"“”] is not accessible "
        r"for the namespace\b",
        "Since Android 7 the dynamic linker gives each app its own namespace: an app may load the NDK's public "
        "libraries, its own, and only those vendor or system libraries the device lists as public "
        "(/vendor/etc/public.libraries.txt, /system/etc/public.libraries.txt). The library named is private on "
        "this device, so the runtime's GPU or NPU back-end (OpenCL, a vendor DSP library) cannot open it from "
        "the app, although a shell or root process can.",
        "Check whether the device lists it (`adb shell cat /vendor/etc/public.libraries.txt "
        "/system/etc/public.libraries.txt`). If it does, declare it in the app's AndroidManifest.xml (Android 12 "
        'and later: `<uses-native-library android:name="libOpenCL.so" android:required="false"/>` inside '
        "<application>). If it does not, the app cannot use that back-end on this device: fall back to the CPU "
        "(or another back-end such as Vulkan / NNAPI) at run time; copying the vendor library into the APK pulls in "
        "its own private dependencies and does not work.",
        weight=86,
        applies="Android 7.0 and later (linker namespaces); apps whose inference runtime (Paddle Lite, MNN, ncnn, "
        "TFLite, MACE) opens OpenCL or a vendor library",
        shown_by=(_R53("test_an_android_app_and_a_private_library"),),
        example='library "/vendor/lib64/libOpenCL.so" needed or dlopened by "/system/lib64/libnativeloader.so" '
        'is not accessible for the namespace "classloader-namespace"',
        example_source="Android's dynamic linker (bionic linker/linker.cpp: 'library \"%s\" needed or dlopened by "
        '"%s" is not accessible for the namespace "%s"\')',
    ),
    KnownError(
        "android-native-library-not-in-apk",
        "Android: java.lang.UnsatisfiedLinkError: ... couldn't find \"libX.so\" (the app's package has no such "
        "native library for this device's ABI)",
        r"UnsatisfiedLinkError: dalvik\.system\.\w{1,40}ClassLoader\[[\s\S]{0,2000}?\] couldn't find "
        r"[\"“”]lib[\w.+-]{1,80}\.so[\"“”]",
        "System.loadLibrary looked for the library in the APK's native library folders for this device's ABI "
        "(arm64-v8a, armeabi-v7a, x86_64) and found none: the dependency that ships it is not in the build, "
        "ships only other ABIs (abiFilters, splits, a library built for one ABI), or ships a differently named "
        "variant (a 'lite' build of the library), or the code loads the name of another variant than the one "
        "packaged.",
        "List what the APK holds (`unzip -l app.apk | grep '\\.so'`, or Android Studio's APK Analyzer) against the "
        "name in the message and the device's ABI (`adb shell getprop ro.product.cpu.abi`); add the dependency "
        "that ships that library for this ABI, or call the loader of the variant you package.",
        variants=(
            Variant(
                r"[\"“”]libpytorch_jni\.so[\"“”]|pytorch_android_lite",
                "PyTorch Android: the full-JIT loader with the lite library",
                "org.pytorch:pytorch_android_lite ships libpytorch_jni_lite.so only, and Module.load asks for the "
                "full-JIT libpytorch_jni.so: load the model with LiteModuleLoader.load(path) (a model saved with "
                "_save_for_lite_interpreter, .ptl), or depend on org.pytorch:pytorch_android of the same release "
                "to use Module.load with a TorchScript model.",
            ),
        ),
        weight=84,
        applies="Android apps loading native libraries through System.loadLibrary (PyTorch Android, TFLite, "
        "ncnn, MNN, ONNX Runtime Mobile, OpenCV)",
        shown_by=(_R53("test_an_android_app_and_a_private_library"),),
        example='java.lang.UnsatisfiedLinkError: dalvik.system.PathClassLoader[DexPathList[[zip file "/data/app/'
        'com.example-1/base.apk"],nativeLibraryDirectories=[/data/app/com.example-1/lib/arm64, /system/lib64]]] '
        'couldn\'t find "libpytorch_jni.so"',
        example_source="Android's Runtime.loadLibrary0 (libcore: 'couldn't find \"%s\"' with the class loader); "
        "pytorch_android's LiteModuleLoader and Module loaders (libpytorch_jni_lite / libpytorch_jni)",
    ),
    KnownError(
        "ncnn-param-parse-failed",
        "ncnn: the .param file could not be read ('parse magic failed', 'param is too old', 'parse layer_count "
        "failed', then 'network graph not ready')",
        r"\bparse (?:magic|layer_count|layer_type|layer_name|top_count|bottom_count) failed\b"
        r"|\bparam is too old, please regenerate\b",
        "ncnn's Net::load_param read the model's .param text and stopped at its header: the file was not found "
        "or read as empty (a wrong path, an Android asset name that does not exist, a file that was not "
        "packaged), it is not an ncnn param file (a binary .param.bin given to load_param, an .onnx, a Git LFS "
        "pointer, a truncated copy), or it comes from another ncnn generation than the library (an old "
        "caffe2ncnn file, or a file written by a newer pnnx / onnx2ncnn). Every later call then says 'network "
        "graph not ready'.",
        "Check load_param's return value (-1 on failure) and the file itself (the first line of a text .param is "
        "the magic 7767517; a small text file that starts with 'version' is a Git LFS pointer); load a .param.bin "
        "with load_param_bin; on Android confirm the asset name in app/src/main/assets; convert the model again "
        "with the pnnx / onnx2ncnn of the ncnn release you link (or link the release the model's project "
        "names).",
        weight=82,
        applies="ncnn (Tencent) on desktop and Android, and apps built on it (ncnn-android-* demos, *-ncnn-vulkan "
        "tools)",
        shown_by=(_R53("test_ncnn_model_files_that_do_not_parse"),),
        example="W  parse layer_count failed\nW  network graph not ready",
        example_source="ncnn src/net.cpp (Net::load_param: NCNN_LOGE 'parse magic failed', 'param is too old, "
        "please regenerate', 'parse layer_count failed'; 'network graph not ready' from load_model / "
        "create_extractor)",
    ),
    KnownError(
        "qnn-htp-device-create-failed",
        "Qualcomm QNN: the HTP (NPU) device could not be created (QnnDevice_create 14001, QNN_DEVICE_ERROR_*)",
        r"\bQnnDevice_create\b[^\n]{0,60}\b140\d\d\b|\bQNN_DEVICE_ERROR_[A-Z_]{3,40}\b",
        "QNN's HTP back-end creates the device by loading its DSP-side library (libQnnHtpVNNSkel.so for this SoC's "
        "Hexagon version) through the DSP's own library search path: a skel library that is not on that path "
        "(ADSP_LIBRARY_PATH), one of another QAIRT / QNN SDK release than the host libraries (libQnnHtp.so, "
        "libQnnHtpPrepare.so, libQnnHtpVNNStub.so), or of another Hexagon version than this SoC's, fails here "
        "(14001 is QNN_DEVICE_ERROR_INVALID_CONFIG).",
        "Ship every QNN runtime library from one QAIRT release (libQnnHtp.so, libQnnHtpPrepare.so, libQnnSystem.so, "
        "the VNN stub and the unsigned VNN skel for this SoC's HTP version), put them in one folder the process "
        "can read (an Android app's native library folder or its private files), and prepend that folder to "
        "ADSP_LIBRARY_PATH (';'-separated, before the device's /vendor/dsp paths) before the back-end starts; "
        "`adb logcat | grep -i -E 'qnn|adsprpc|skel'` names the library the DSP could not open.",
        weight=84,
        applies="Qualcomm AI Engine Direct (QNN / QAIRT) HTP back-end on Snapdragon phones and laptops, directly "
        "or through onnxruntime's QNN execution provider, LiteRT / TFLite's QNN delegate and ExecuTorch",
        shown_by=(_R53("test_qnn_device_creation"),),
        example="QnnDevice_create = 14001 / 0x36b1\nQNN_DEVICE_ERROR_INVALID_CONFIG",
        example_source="QNN SDK's QnnDevice.h (QnnDevice_create and the QNN_DEVICE_ERROR_* codes, 14000 + n)",
    ),
)

FAMILIES: tuple[KnownError, ...] = (*_WEB, *_TFLITE, *_EDGETPU_ROWS, *_NPU, *_MNN, *_APPLE, *_OPENCL, *_ANDROID)
