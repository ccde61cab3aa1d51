"""Native deployment around the build: GStreamer's plugin scanner on optional DeepStream plugins, nvcc refusing
its own command line, OpenCV DNN's importer failing on a newer ONNX graph,
libtorch's FileAdapter given a path it cannot open, an application's own "cuDNN not found" check, and Vulkan
backends (ggml-vulkan, Kompute / gpt4all, vulkan-hpp) that list no GPU.

Each pattern is keyed to the library's own wording: GStreamer's gst/gstplugin.c ("Failed to load plugin '%s': %s"),
nvcc's driver ("nvcc fatal   : ..."), OpenCV's cv::error format ("OpenCV(<version>) <file>:<line>: error: (<code>:
<name>) <message> in function '<func>'"), caffe2/serialize/file_adapter.cc ("open file failed[ because of errno %d
on fopen: %s], file path: %s"), vulkan-hpp's exceptions ("vk::createInstance: ErrorIncompatibleDriver") and the
gpt4all Python binding ("Unable to retrieve list of all GPU devices"). Paths, versions, options and names are read
from the text, never written into a pattern.
"""

from __future__ import annotations

from ..entry import KnownError, Variant

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round20_v20build.py"
_R20 = "tests/data/explain_round20.jsonl"


def _test(name: str) -> str:
    return f"{_TESTS}::{name}"


FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "gst-plugin-scanner-optional",
        "GStreamer could not load a plugin (Failed to load plugin '…': lib….so: cannot open shared object file): "
        "harmless unless the pipeline uses that plugin's element",
        r"Failed to load plugin '[^'\n]{1,300}': [^\n]{0,200}?(?:cannot open shared object file|undefined symbol"
        r"|wrong ELF class|cannot allocate memory in static TLS block)",
        "A notice, not a failure: GStreamer's plugin scanner (gst-plugin-scanner) loads every plugin it finds to "
        "register its elements, and one of them needs a library that is not installed (DeepStream's "
        "libnvdsgst_inferserver.so needs Triton's libtritonserver.so, libnvdsgst_udp.so needs Rivermax). Only a "
        "pipeline that uses that plugin's element (nvinferserver, nvdsudpsrc) fails, with 'Failed to create' or "
        "'no element' after it.",
        "Nothing to do when the pipeline runs: the plugin named is one it does not use. If the pipeline then fails "
        "to create an element of that plugin, install what the message names (for nvinferserver use the DeepStream "
        "Triton container, deepstream:<version>-triton-multiarch), check `ldd <the plugin .so> | grep 'not found'` "
        "and `gst-inspect-1.0 <element>`, then clear the registry cache (`rm -rf ~/.cache/gstreamer-1.0`). To "
        "silence it, delete the unused plugin file or set GST_DEBUG=1.",
        severity="notice",
        weight=35,  # below serve-ds-engine-not-cached (40), the notice a DeepStream paste is about
        applies="GStreamer pipelines (DeepStream apps and deepstream_python_apps, gst-launch-1.0, OpenCV's GStreamer "
        "backend)",
        shown_by=(_test("test_gstreamer_plugin_scanner_is_a_notice"), f"{_R20}#ml6team-deepstream-python-19"),
        example="(gst-plugin-scanner:7): GStreamer-WARNING **: 18:43:36.486: Failed to load plugin '/usr/lib/"
        "x86_64-linux-gnu/gstreamer-1.0/deepstream/libnvdsgst_inferserver.so': libtritonserver.so: cannot open "
        "shared object file: No such file or directory",
        example_source="GStreamer gst/gstplugin.c (gst_plugin_load_file: \"Failed to load plugin '%s': %s\"); "
        "https://github.com/ml6team/deepstream-python/issues/19",
    ),
    KnownError(
        "build-nvcc-bad-command-line",
        "nvcc fatal : A single input file is required for a non-link phase / Don't know what to do with '…' (a "
        "malformed nvcc command line)",
        r"nvcc fatal\s{0,4}: (?:A single input file is required for a non-link phase"
        r"|Don't know what to do with '[^'\n]{1,200}'"
        r"|No input files specified)",
        "nvcc was given a command line it cannot read: a token it takes for a second input file (a path with spaces "
        "that was not quoted and split in two, an MSVC option such as /Zi, /MD or /EHsc passed bare instead of "
        "through -Xcompiler, an empty -D or -I); an option it does not know is "
        "build-nvcc-unknown-option.",
        "Find the stray token in the nvcc command the build prints (the one after the error, or `VERBOSE=1` / "
        "`ninja -v`): build from a folder whose path has no spaces (and Python / CUDA installed under such paths) "
        "or quote every path; pass host-compiler options through `-Xcompiler` (CMake: put them in CMAKE_CXX_FLAGS, "
        "not CMAKE_CUDA_FLAGS; torch extensions: extra_compile_args={'cxx': [...], 'nvcc': [...]}); "
        "then rebuild from a clean build folder.",
        variants=(
            Variant(
                r"\s/(?:Zi|Z7|MDd?|MTd?|EHsc|O[12dx]|W[0-4]|FS)\s|MSBuild|\.vcxproj|CUDA \d{1,2}\.\d{1,2}\.targets",
                "an MSVC option on nvcc's command line (Visual Studio / MSBuild)",
                "An MSVC option reached nvcc bare (in the command above, e.g. `/Zi` outside -Xcompiler): nvcc reads "
                "it as a second input file. Remove it from the CUDA flags or pass it as `-Xcompiler=/Zi` (CMake: "
                "no MSVC options in CMAKE_CUDA_FLAGS; a RelWithDebInfo/Debug configuration adds /Zi, build Release "
                "or use the Ninja generator from an x64 Native Tools prompt, or a newer CMake / project version "
                "whose CUDA flags are clean), then rebuild.",
            ),
        ),
        op=r"Don't know what to do with '([^'\n]{1,200})'",
        weight=84,
        applies="nvcc builds (CMake, MSBuild, make, torch.utils.cpp_extension / setup.py CUDA extensions)",
        shown_by=(
            _test("test_nvcc_refuses_its_command_line"),
            f"{_R20}#nickdarvey-whisper-19",
            f"{_R20}#ph0rk0z-sageattention2-8",
        ),
        example="nvcc fatal   : A single input file is required for a non-link phase when an outputfile is specified",
        example_source="https://github.com/thu-ml/SageAttention/issues (ph0rk0z/SageAttention2 #8); nvcc's driver "
        "messages (CUDA Toolkit nvcc)",
    ),
    KnownError(
        "opencv-dnn-model-not-read",
        "OpenCV DNN: error: (-215:Assertion failed) / (-2:Unspecified error) in its ONNX importer or network setup "
        "(an OpenCV too old for the model's graph)",
        r"OpenCV\(\d{1,2}\.\d{1,2}\.\d{1,3}[\w.-]{0,24}\)\s{0,4}[^\n]{0,240}?[\\/]modules[\\/]dnn[\\/][^\n]{0,240}?"
        # (not -217 "Gpu API call": a CUDA / cuBLAS / cuDNN status from its CUDA backend (cuda4dnn), read by the rows of
        # that status, issue 36, round thirty-two)
        r"error: \((?!-217:)-\d{1,4}:[\w ]{1,40}\)"
        # issue 36, round forty-six: the same error from OpenCV's ONNX importer where the paste starts at the path
        # (no 'OpenCV(x.y.z)'), and its own words for a file that is not an ONNX model: populateNet's
        # CV_Assert(model_proto.has_graph()) (also OpenCV 3.x's "Assertion failed (model_proto.has_graph())"), and
        # the constructor's "Failed to parse ONNX model: %s" / "Can't read ONNX file: %s" (CV_Error, so after
        # "error: (-NNN:...)")
        r"|[\\/]dnn[\\/]src[\\/]onnx[\\/]onnx_importer\.cpp:\d{1,5}: error: \((?!-217:)-\d{1,4}:[\w ]{1,40}\)"
        r"|\(-215:Assertion failed\) model_proto\.has_graph\(\)|Assertion failed \(model_proto\.has_graph\(\)\)"
        r"|error: \(-\d{1,4}:[^)\n]{1,60}\) (?:Failed to parse ONNX model|Can't read ONNX file)\b",
        "OpenCV's DNN module could not read or set up the network (cv::dnn::readNet / forward): its ONNX importer "
        "does not know an operator or a shape pattern of the model's graph (YOLOv8 / YOLO-NAS / transformer "
        "exports need OpenCV 4.7 or newer; 4.5.x distribution packages fail in shape_utils 'total', 'Can't create "
        "layer', 'Node [...] parse error'), or the export has dynamic shapes it cannot resolve.",
        "Upgrade OpenCV (the version in 'OpenCV(x.y.z)' is the one that failed: 4.8 or newer, from a source build "
        "or opencv-python; C++ programs link the distribution's libopencv unless told otherwise), or export the "
        "model for the OpenCV you have: a lower opset (e.g. `opset=12`), static input shapes (`dynamic=False`), "
        "simplified (`onnxsim`). A 'DNN module was not built with CUDA backend; switching to CPU' line before it is "
        "only a warning; for GPU inference build OpenCV with WITH_CUDA=ON, OPENCV_DNN_CUDA=ON and cuDNN.",
        variants=(
            Variant(
                r"model_proto\.has_graph\(\)|Failed to parse ONNX model|Can't read ONNX file",
                "the file is not a readable ONNX model (no graph, not parsed, not opened)",
                "OpenCV never reached the model's operators: the file it was given is not a (whole) ONNX model. "
                "'Can't read ONNX file' means the path does not open (relative to the program's working "
                "directory); 'Failed to parse ONNX model' and 'model_proto.has_graph()' mean the bytes are not an "
                "ONNX protobuf with a graph: a download cut short, a Git LFS pointer (`git lfs pull`), an HTML page "
                "saved as .onnx, another format given the .onnx name (a .pt / .pth checkpoint, a TensorRT engine), "
                "or a model over 2 GB without its external-data files. Check it: `ls -l MODEL.onnx`, `head -c 200 "
                "MODEL.onnx`, `python -c \"import onnx; onnx.checker.check_model('MODEL.onnx')\"`; export or "
                "download it again (the model's own ONNX export from its .pt weights). If it "
                "loads with onnx but not with OpenCV, the OpenCV is too old for it: use OpenCV 4.5.x or newer "
                "(4.8+ for recent YOLO exports), or export with a lower opset and static shapes.",
                sure=True,
                strict=True,
            ),
        ),
        op=r"OpenCV\((\d{1,2}\.\d{1,2}\.\d{1,3})",
        weight=92,  # above the CPU-fallback warning (build-extension-without-cuda, 84) printed before it
        applies="OpenCV's DNN module (C++ cv::dnn, Python cv2.dnn) reading ONNX / Darknet / TensorFlow models",
        shown_by=(
            _test("test_opencv_dnn_cannot_read_the_model"),
            f"{_R20}#justasbart-yolov8_cpp_inference_opencv_onnx-9",
        ),
        example="what():  OpenCV(4.5.4) ./modules/dnn/include/opencv2/dnn/shape_utils.hpp:170: error: "
        "(-215:Assertion failed) start <= (int)shape.size() && end <= (int)shape.size() && start <= end in "
        "function 'total'",
        example_source="https://github.com/JustasBart/yolov8_CPP_Inference_OpenCV_ONNX/issues/9; OpenCV "
        "modules/core/src/system.cpp (cv::error message format)",
    ),
    KnownError(
        "libtorch-model-file-not-opened",
        "libtorch: open file failed, file path: … (torch::jit::load / caffe2 FileAdapter could not open the model "
        "file)",
        r"open file failed(?: because of errno \d{1,5} on fopen: [^\n,]{0,80})?, file path:",
        "libtorch's file reader (caffe2::serialize::FileAdapter, under torch::jit::load and torch::load) could not "
        "open the path it was given: the file is not there relative to the program's working directory (a Visual "
        "Studio run starts in the project folder, not next to the .exe), the path is wrong, or, when the path "
        "printed is empty or garbled, the string never reached libtorch intact: the program is built in Debug "
        "against Release libtorch (or the reverse), so std::string crosses a mismatched C++ runtime.",
        "Pass the model's absolute path and check it exists (`std::filesystem::exists`); load a TorchScript file "
        "saved with torch.jit.save (not a state_dict .pth); on Windows build the program in the same configuration "
        "as the libtorch package (Release libtorch with a Release build, the Debug download with Debug) and the "
        "same MSVC runtime (/MD); with an empty path printed this mismatch is the cause.",
        variants=(
            Variant(
                r"\.dll!|\.\.\\\.\.\\|\bMSVC\b|Visual Studio|\.exe\b|[A-Z]:\\",
                "Windows / Visual Studio",
                "Build the program in the configuration of the libtorch you link (Release libtorch: Release build; "
                "the Debug libtorch download: Debug), runtime library /MD, x64; an empty or garbled 'file path:' "
                "means the path string was passed across that mismatch. Then pass the absolute path of a "
                "TorchScript file (torch.jit.save), with escaped backslashes or forward slashes.",
            ),
        ),
        weight=78,
        applies="libtorch C++ programs (torch::jit::load, torch::load), every release",
        shown_by=(_test("test_libtorch_cannot_open_the_model_file"), f"{_R20}#peterl1n-backgroundmattingv2-64"),
        example="open file failed, file path:\nException raised from FileAdapter at ..\\..\\caffe2\\serialize\\"
        "file_adapter.cc:11 (most recent call first):",
        example_source="pytorch caffe2/serialize/file_adapter.cc (FileAdapter::FileAdapter); "
        "https://github.com/PeterL1n/BackgroundMattingV2/issues/64",
    ),
    KnownError(
        "app-cudnn-not-found",
        "An application's own check says cuDNN is not found ([cuDNN Not Found] / cuDNN not found / cuDNN is not "
        "available)",
        r"\[cuDNN Not Found\]|\bcuDNN (?:library )?(?:was )?(?:not found|could not be found|is not available)\b"
        r"|\bcuDNN (?:library )?(?:was )?not detected\b",
        "The program looked for cuDNN itself (a LoadLibrary / dlopen of cudnn64_<major>.dll or libcudnn.so."
        "<major>) and did not find it where the loader looks: cuDNN is not installed, it is another major than the "
        "program was built for, or its file was put in a folder the loader does not search (a data or model "
        "folder, CUDA's lib instead of bin).",
        "Install the cuDNN major the program was built for (its release notes or the DLL name it ships with, e.g. "
        "cudnn64_7.dll / cudnn64_8.dll / libcudnn.so.8) and put its DLL next to the program's .exe or in a folder "
        "on PATH (Linux: LD_LIBRARY_PATH or `sudo ldconfig`); `where cudnn64_*.dll` (Linux: `ldconfig -p | grep "
        "cudnn`) shows which copies the loader finds. Apps such as waifu2x-caffe load it from their own folder.",
        weight=58,
        applies="applications that check for cuDNN themselves (waifu2x-caffe, GUI front-ends, C++ programs)",
        shown_by=(_test("test_an_app_says_cudnn_not_found"), f"{_R20}#lltcggie-waifu2x-caffe-197"),
        example="I put `cudnn64_7.dll` into the `cudnn_data` folder, yet it still says it's not found.\n[cuDNN Not "
        "Found]",
        example_source="https://github.com/lltcggie/waifu2x-caffe/issues/197",
    ),
    KnownError(
        "vulkan-no-device",
        "A Vulkan backend lists no GPU (Unable to retrieve list of all GPU devices, vk::createInstance: "
        "ErrorIncompatibleDriver, ggml_vulkan: No devices found)",
        r"Unable to retrieve list of all GPU devices"
        r"|vk::(?:createInstance|Instance::enumeratePhysicalDevices|enumerateInstanceExtensionProperties): "
        r"Error(?:IncompatibleDriver|InitializationFailed)"
        r"|vk::(?:IncompatibleDriverError|InitializationFailedError)"
        r"|ggml_vulkan: No devices found|vkEnumeratePhysicalDevices failed"
        r"|Failed to (?:create Vulkan instance|find a Vulkan device|enumerate Vulkan devices)",
        "The program's GPU backend is Vulkan (llama.cpp's ggml-vulkan, Kompute in gpt4all, MLC / ncnn apps) and the "
        "Vulkan loader found no GPU it can use: no Vulkan driver (ICD) for the GPU is installed or visible to the "
        "process (a headless server or container without the NVIDIA driver's Vulkan part, WSL, a remote session), "
        "libvulkan is missing, or the GPU is one the backend does not support. The CUDA driver alone does not "
        "provide Vulkan.",
        "Check what Vulkan sees: `vulkaninfo --summary` must list the GPU (install libvulkan1 / vulkan-tools and "
        "the driver's Vulkan ICD: /usr/share/vulkan/icd.d/nvidia_icd.json, libnvidia-gl-<driver version>; in "
        "Docker NVIDIA_DRIVER_CAPABILITIES=all or graphics). Or use the program's CUDA backend instead (gpt4all "
        "2.7+: device='cuda'; llama.cpp built with -DGGML_CUDA=ON), or run on the CPU (device='cpu') until the "
        "GPU is listed.",
        weight=80,
        applies="Vulkan compute backends: gpt4all (Kompute), llama.cpp / ggml-vulkan, ncnn, MLC, vulkan-hpp programs",
        shown_by=(_test("test_vulkan_backend_lists_no_gpu"), f"{_R20}#nomic-ai-gpt4all-2083"),
        example="1 validation error for GPT4All\n__root__\n  Unable to retrieve list of all GPU devices "
        "(type=value_error)",
        example_source="gpt4all-bindings/python/gpt4all/_pyllmodel.py (list_gpus: 'Unable to retrieve list of all "
        "GPU devices'); https://github.com/nomic-ai/gpt4all/issues/2083",
    ),
)
