"""`explain`, round twenty-three (issue 36), package managers, downloads and the network: apt's unmet dependencies,
dpkg's dependency problems, curl's numbered errors, a machine without a network route, requests' and uv's download
timeouts, a truncated torch download, CMake's FetchContent in an offline build, the CUDA runfile installer's boost
abort, versioned undefined references to CUDA libraries, NVIDIA's stub wheels, whisper.cpp's CPU-only start-up, the
container toolkit's hook error pasted alone and Singularity without --nv; and the miss path's install steps. Each text
is in the tool's own wording (cited in the families' ``example_source``); near misses must not match."""

from __future__ import annotations

from _explain import first, keys

from torchtrt_compat.troubleshooting import explain

_APT = (
    "The following packages have unmet dependencies:\n"
    " libfoo-compute : Depends: libc6 (>= 2.38) but 2.35-0ubuntu3 is to be installed\n"
    "E: Unable to correct problems, you have held broken packages."
)


def test_apt_and_dpkg_in_their_own_words() -> None:
    key, fix = first(_APT)
    assert key == "apt-unmet-dependencies" and "newer distribution" in fix.lower()
    jetson = (
        "$ sudo apt-get install nvidia-jetpack\nThe following packages have unmet dependencies:\n"
        " nvidia-jetpack : Depends: nvidia-opencv (= 9.9-b1) but it is not going to be installed\n"
        "E: Unable to correct problems, you have held broken packages."
    )
    key, fix = first(jetson)
    assert key == "apt-unmet-dependencies" and "l4t" in fix.lower()
    dpkg = (
        "dpkg: dependency problems prevent configuration of libbar-decode:amd64:\n"
        " libbar-decode:amd64 depends on libbar-compute (= 1.2-0); however:\n"
        "  Package libbar-compute is not installed.\n\n"
        "dpkg: error processing package libbar-decode:amd64 (--install):\n dependency problems - leaving unconfigured"
    )
    key, fix = first(dpkg)
    assert key == "dpkg-dependency-problems" and "apt install ./*.deb" in fix
    fetch = (
        "E: Failed to fetch http://mirror.example/pool/main/f/foo/foo_1.0_amd64.deb  404  Not Found [IP: 10.0.0.1 80]\n"
        "E: Unable to fetch some archives, maybe run apt-get update or try with --fix-missing?"
    )
    key, fix = first(fetch)
    assert key == "apt-fetch-failed" and "apt-get update" in fix
    assert (
        first("W: Failed to fetch http://m.example/dists/x/InRelease  Temporary failure resolving 'm.example'")[0]
        == "apt-fetch-failed"
    )
    # near misses: apt resolving fine, and a prose mention of dependencies
    assert not {"apt-unmet-dependencies", "dpkg-dependency-problems"} & set(
        keys("The following NEW packages will be installed:\n  libfoo\n0 upgraded, 1 newly installed")
    )


def test_downloads_and_network_in_their_own_words() -> None:
    assert first("curl: (56) Recv failure: Connection reset by peer")[0] == "curl-transfer-error"
    assert first("curl: (6) Could not resolve host: example.invalid")[0] == "curl-transfer-error"
    assert "curl-transfer-error" not in keys("  % Total    % Received % Xferd  Average Speed   Time\ncurl 8.5.0")
    unreachable = (
        '  File "urllib3/util/connection.py", line 81, in create_connection\n    sock.connect(sa)\n'
        "OSError: [Errno 101] Network is unreachable"
    )
    key, fix = first(unreachable)
    assert key == "net-unreachable" and "--find-links" in fix
    assert first("socket.gaierror: [Errno -3] Temporary failure in name resolution")[0] == "net-unreachable"
    assert "net-unreachable" not in keys("OSError: [Errno 28] No space left on device")
    # requests' timeout printed alone, and uv's failed wheel download: the pip row, uv's own fix
    stalled = "ConnectionError\nHTTPSConnectionPool(host='wheels.example', port=443): Read timed out."
    assert first(stalled)[0] == "pip-network-timeout"
    uv = (
        "  × Failed to download `nvidia-foo-cu12==1.2.3`\n  ├─▶ Request failed after 3 retries in 120.0s\n"
        "  ╰─▶ operation timed out"
    )
    key, fix = first(uv)
    assert key == "pip-network-timeout" and "UV_HTTP_TIMEOUT" in fix
    fetch = (
        "CMake Warning at /usr/share/cmake-3.28/Modules/FetchContent.cmake:1900 (message):\n"
        "  FETCHCONTENT_FULLY_DISCONNECTED is set to true, which requires the source\n"
        "  directory for dependency zlib to already be populated."
    )
    found = explain(fetch)
    assert found[0].key == "cmake-fetchcontent-offline" and found.outcome != "warnings-only"
    assert "FETCHCONTENT_SOURCE_DIR_" in found[0].fix
    runfile = (
        "terminate called after throwing an instance of 'boost::filesystem::filesystem_error'\n"
        '  what():  boost::filesystem::create_symlink: No such file or directory: "libfoo.so.1.0", '
        '"/usr/local/cuda-13.0/lib64/libfoo.so.1"\nAborted (core dumped)'
    )
    key, fix = first(runfile)
    assert key == "cuda-runfile-extract" and "df -h" in fix
    assert "cuda-runfile-extract" not in keys("boost::filesystem::create_symlink: File exists: /home/u/data/link")


def test_truncated_downloads_and_link_time_majors() -> None:
    eof = "RuntimeError: unexpected EOF, expected 5120 more bytes. The file might be corrupted."
    assert first(eof)[0] == "torch-checkpoint-corrupt"
    link = "/usr/bin/ld: libx.so: undefined reference to `cudnnDestroy@libcudnn.so.9'"
    key, fix = first(link)
    assert key == "cuda-library-major" and "linker" in fix.lower()
    assert "cuda-library-major" not in keys("/usr/bin/ld: main.o: undefined reference to `foo_bar'")
    stub = (
        "  × Preparing metadata (pyproject.toml) did not run successfully.\n"
        '    File "/tmp/pip-build-env-x/overlay/site-packages/nvidia_stub/wheel.py", line 137, in download_manual'
    )
    key, fix = first(stub)
    assert key == "pip-vendor-placeholder" and "WSL2" in fix


def test_startup_lines_containers_and_one_line_errors() -> None:
    whisper = "\n".join(
        f"whisper_init_with_params_no_state: {k} = {v}"
        for k, v in (("use gpu", 1), ("flash attn", 1), ("gpu_device", 0), ("devices", 1), ("backends", 1))
    )
    assert first(whisper)[0] == "cpu-ggml-no-gpu-backend"
    assert "cpu-ggml-no-gpu-backend" not in keys(whisper.replace("backends = 1", "backends = 2"))
    hook = "initialization error: load library failed: libnvidia-ml.so.1: cannot open shared object file: unknown."
    assert first(hook)[0] == "host-toolkit-driver"
    one = explain("CUDA driver version is insufficient for CUDA runtime version")
    assert one[0].severity == "failure" and one.summary.startswith("Failure")
    sif = "$ apptainer exec image.sif python run.py\nCUDA driver version is insufficient for CUDA runtime version"
    key, fix = first(sif)
    assert key == "host-container-no-gpu" and "--nv" in fix


def test_install_misses_read_the_package_managers_lines() -> None:
    apt = explain("E: Sub-process /usr/bin/dpkg returned an error code (1)")
    assert apt.stage == "install" and "apt" in (apt.next_step or "") and "nvidia-smi" not in apt.command
    net = explain("Info: fetching the plugin\ncurl: (47) Maximum (50) redirects followed")
    assert net.stage == "install" and "nvidia-smi" not in net.command and "proxy" in (net.next_step or "")
