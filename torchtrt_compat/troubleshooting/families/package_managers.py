"""Package managers, downloads and the network in their own words (issue 36, round twenty-three, v23net): apt's unmet
dependencies, held broken packages and failed fetches (apt-pkg/algorithms.cc, cmdline/apt-get.cc), dpkg's dependency
problems (src/main/packages.c), curl's numbered transfer errors (curl's libcurl-errors), an unreachable network or a
name that does not resolve under pip or requests (errno 101, getaddrinfo), (uv's failed wheel download is a variant
of native_build's pip-network-timeout), CMake's FetchContent in a disconnected build (Modules/FetchContent.cmake) and
the CUDA runfile installer's boost filesystem abort. Names, versions, paths and error numbers are read from the text,
never written into a pattern.
"""

from __future__ import annotations

from ..entry import JETSON_BOARD, KnownError, Variant, tests_in

__all__ = ["FAMILIES"]

_TESTS = "tests/troubleshooting/test_round23_v23net.py"
_test = tests_in(_TESTS)

FAMILIES: tuple[KnownError, ...] = (
    KnownError(
        "apt-unmet-dependencies",
        "apt: 'The following packages have unmet dependencies' / 'Unable to correct problems, you have held broken "
        "packages'",
        r"The following packages have unmet dependencies|Unable to correct problems, you have held broken packages"
        r"|^E: Unmet dependencies\. Try",
        "apt cannot satisfy what the requested packages depend on: they come from a repository built for another "
        "distribution release (a newer glibc, libssl or python than this system has), a mix of repositories or "
        "versions (a pinned or held package, a partial upgrade), or a vendor repository for another release.",
        "Read the 'Depends: X but Y is to be installed / is not installable' lines: they name what is missing. Run "
        "`apt-cache policy <package>` for each to see which repository offers which version; remove a repository "
        "built for another release and install the packages built for this one (`lsb_release -a` names it), or "
        "finish the partial upgrade (`sudo apt update && sudo apt full-upgrade`, `sudo apt --fix-broken install`); "
        "`apt-mark showhold` lists held packages.",
        variants=(
            Variant(
                JETSON_BOARD,
                "JetPack / L4T packages on a root file system of another Ubuntu release",
                "JetPack's apt packages (nvidia-jetpack, nvidia-tensorrt, nvidia-opencv ...) are built for the "
                "Ubuntu release of their L4T version; on another release their dependencies cannot be met. Use the "
                "Ubuntu release that L4T version supports (its release notes name it), or move to a JetPack built "
                "for the release you have; do not mix one JetPack's repository into another release.",
            ),
            # issue 36, round thirty: a vendor's package that allows only an older system Python than this
            # release ships (apt's "Depends: python3 (< 3.10) but 3.10.6-1~22.04.1 is to be installed")
            Variant(
                r"Depends: python3 \((?:<<?|<=) ?3\.\d{1,2}\) but 3\.\d{1,2}[\d.:~+a-z-]{0,40} is to be installed",
                "a vendor package made for an older system Python",
                "The package allows only an older system Python than this release ships (its 'Depends: python3 (< "
                "3.X)' line): apt cannot install it here, and forcing it breaks the system's Python. Do not use the "
                "apt package: create an environment with a Python it supports (pyenv, conda or a deadsnakes "
                "python3.9 with `python3.9 -m venv`) and install the project's pip wheels for that Python there (for "
                "Coral: the pycoral and tflite-runtime wheels of its release for that Python, with the "
                "libedgetpu1-std apt package, which has no Python dependency); or use a distribution release whose "
                "Python the package supports.",
            ),
            Variant(
                r"Depends: (?:libc6|libstdc\+\+6|libssl\d|libgcc-s1|python3) \(>= ?[\d.:~+-]{1,20}\) but "
                r"[\d.:~+a-z-]{1,40} is to be installed|Depends: libssl\d[^\n]{0,40}but it is not installable",
                "packages built for a newer distribution release",
                "The packages need a newer glibc / libssl / python than this release ships: their repository is "
                "for a newer distribution. Remove that repository (its .list file under /etc/apt/sources.list.d/), "
                "`sudo apt update`, and install the build made for this release (the distribution's own packages, "
                "the vendor's repository for this release, or the vendor's .run installer); upgrading glibc alone "
                "is not a way out.",
            ),
        ),
        weight=72,
        applies="apt / apt-get on Debian, Ubuntu and Jetson (L4T)",
        shown_by=(_test("test_apt_and_dpkg_in_their_own_words"),),
        example="E: Unable to correct problems, you have held broken packages.",
        example_source="apt (apt-pkg/algorithms.cc, pkgProblemResolver)",
    ),
    KnownError(
        "dpkg-dependency-problems",
        "dpkg: 'dependency problems prevent configuration of X' (a package installed without what it depends on)",
        r"dependency problems prevent configuration of|dependency problems - leaving unconfigured",
        "dpkg -i installs only the files it is given: a package whose dependencies (often the other packages of the "
        "same set at the exact same version) are not installed is unpacked but left unconfigured.",
        "Install the whole set in one transaction: `sudo apt install ./*.deb` (apt resolves the order and fetches "
        "what is missing), or `sudo dpkg -i` with every .deb at once and then `sudo apt --fix-broken install`; on a "
        "machine without a network, download the package with all its dependencies elsewhere (`apt-get download` "
        "of each, or a local repository) and install them together.",
        weight=70,
        applies="dpkg / apt on Debian and Ubuntu",
        shown_by=(_test("test_apt_and_dpkg_in_their_own_words"),),
        example="dpkg: dependency problems prevent configuration of libfoo-decode:amd64:",
        example_source="dpkg (src/main/packages.c, dependencies_ok)",
    ),
    KnownError(
        "apt-fetch-failed",
        "apt: 'Unable to fetch some archives' / 'Failed to fetch ...' (stale package lists, or no route to the mirror)",
        r"^E: Unable to fetch some archives, maybe run apt-get update"
        r"|^[EW]: Failed to fetch [^\n]{1,200}(?:Temporary failure resolving|Could not resolve|Connection failed"
        r"|Could not connect to|Connection timed out|Hash Sum mismatch|File has unexpected size)",
        "apt could not download the package files: its package lists are older than the mirror (the version they "
        "name was replaced: 404), the mirror or proxy cannot be reached (a name that does not resolve, a "
        "connection refused or timed out, a machine without a network), or a proxy or cache served a different "
        "file (hash sum mismatch).",
        "Refresh the lists and retry in the same step: `sudo apt-get update && sudo apt-get install ...` (in a "
        "Dockerfile keep both in one RUN so a cached layer never holds old lists); if the mirror cannot be reached, "
        "check the network and apt's proxy (Acquire::http::Proxy in /etc/apt/apt.conf.d/) or switch to a reachable "
        "mirror; for a hash sum mismatch clear the lists (`sudo rm -rf /var/lib/apt/lists/*`) and update again.",
        weight=74,
        applies="apt / apt-get on Debian and Ubuntu (hosts and image builds)",
        shown_by=(_test("test_apt_and_dpkg_in_their_own_words"),),
        example="E: Unable to fetch some archives, maybe run apt-get update or try with --fix-missing?",
        example_source="apt (cmdline/apt-get.cc, the archive fetch)",
    ),
    KnownError(
        "curl-transfer-error",
        "curl: (NN) ... a download failed (name resolution, connection, TLS, reset, timeout)",
        r"^\s{0,8}curl: \((?:5|6|7|18|22|28|35|52|56|60|77|92)\) [A-Za-z]",
        "curl could not complete the download: the name did not resolve (6), the connection was refused or has no "
        "route (7), the transfer stalled or was cut (18, 28, 52, 56, 92), the TLS handshake failed or was reset "
        "(35), the certificate could not be checked (60, 77), or the server answered with an error (22); an "
        "installer script that pipes curl into a shell then stops half-way.",
        "Rerun the download alone (`curl -fSLv <address> -o file`) to see which step fails; on a filtered network set "
        "the proxy (HTTPS_PROXY / `curl -x`), on a slow one add `--retry 5 --connect-timeout 30`; for a certificate "
        "error install the CA bundle (`ca-certificates`) rather than turning checks off; then rerun the installer "
        "(with its verbose flag) or install its files by hand.",
        weight=62,
        applies="curl and installer scripts that use it, any platform",
        shown_by=(_test("test_downloads_and_network_in_their_own_words"),),
        example="curl: (56) Recv failure: Connection reset by peer",
        example_source="curl (libcurl-errors: CURLE_RECV_ERROR)",
    ),
    KnownError(
        "net-unreachable",
        "No network: '[Errno 101] Network is unreachable' / 'Temporary failure in name resolution' during a download",
        r"\[Errno 101\] Network is unreachable|\[Errno -3\] Temporary failure in name resolution"
        r"|\[Errno -2\] Name or service not known|\[Errno 11001\] getaddrinfo failed"
        r"|\[Errno 8\] nodename nor servname provided",
        "The machine has no route to the download host or cannot resolve its name (no network, a network that "
        "needs a proxy, a DNS that does not answer, an air-gapped machine), so pip, requests or the library's "
        "downloader cannot fetch what it needs.",
        "Check the route and the name (`ping -c1 8.8.8.8`, `getent hosts <host>`); behind a proxy set HTTPS_PROXY / "
        "`pip --proxy`; on a machine without a network download on another one (`pip download -d wheels <pkg>`, "
        "the model or data files) and install from the folder (`pip install --no-index --find-links wheels <pkg>`) "
        "or point the library at the local files (HF_HUB_OFFLINE=1, a local checkpoint path).",
        weight=66,
        applies="pip, requests, urllib and downloaders on any platform",
        shown_by=(_test("test_downloads_and_network_in_their_own_words"),),
        example="OSError: [Errno 101] Network is unreachable",
        example_source="Linux errno ENETUNREACH raised by socket.connect in urllib3/util/connection.py",
    ),
    KnownError(
        "cmake-fetchcontent-offline",
        "CMake FetchContent: a dependency not populated in a disconnected build (FETCHCONTENT_FULLY_DISCONNECTED) or "
        "its download failed",
        r"FETCHCONTENT_FULLY_DISCONNECTED is set to true, which requires the source"
        r"|file DOWNLOAD cannot compute hash on failed download|file DOWNLOAD HASH mismatch"
        r"|Failed to (?:download|clone|checkout|populate) [^\n]{0,80}(?:FetchContent|-populate|_deps)",
        "The CMake project downloads its dependencies at configure time (FetchContent / file(DOWNLOAD)); in a build "
        "without a network (FETCHCONTENT_FULLY_DISCONNECTED, a packaging sandbox, an air-gapped host) a dependency "
        "that was not fetched beforehand cannot be populated, and the configure fails although CMake prints it as "
        "a warning.",
        "Fetch every dependency the project lists (its deps file or FetchContent_Declare calls) beforehand and point "
        "CMake at each (`-DFETCHCONTENT_SOURCE_DIR_<DEP>=/path/to/source`), or provide it as a system package the "
        "project finds with find_package; or run the first configure with the network and "
        "FETCHCONTENT_FULLY_DISCONNECTED off.",
        weight=68,
        severity="warns-of-failure",
        applies="CMake 3.11+ projects using FetchContent / file(DOWNLOAD), Yocto and other offline builds",
        shown_by=(_test("test_downloads_and_network_in_their_own_words"),),
        example="FETCHCONTENT_FULLY_DISCONNECTED is set to true, which requires the source directory for dependency "
        "abseil_cpp to already be populated.",
        example_source="CMake Modules/FetchContent.cmake (FetchContent_MakeAvailable, disconnected check)",
    ),
    KnownError(
        "cuda-runfile-extract",
        "CUDA runfile installer aborts with a boost::filesystem error (a file it should have extracted is missing)",
        r"boost::filesystem::(?:create_symlink|copy_file|create_directories|rename|remove|status)"
        r": [^\n]{1,240}(?:cuda|nvvm|nvidia)",
        "The CUDA .run installer unpacks into a temporary folder and then links and copies its files; a file it "
        "expects is missing or unwritable: the runfile is truncated or corrupt (a cut download, a stale cached "
        "copy), the temporary folder is full or left over from an earlier run, or the target is read-only.",
        "Check the runfile (`sh cuda_*.run --check`, compare its checksum), delete any cached copy and download it "
        "again, clear the installer's temporary folder and make sure /tmp (or `--tmpdir=<dir>`) and the target "
        "have enough space (`df -h`), then rerun; or install the toolkit from the distribution's network "
        "repository instead.",
        weight=78,
        applies="NVIDIA CUDA toolkit .run installer on Linux",
        shown_by=(_test("test_downloads_and_network_in_their_own_words"),),
        example='what():  boost::filesystem::create_symlink: No such file or directory: "libnvvm.so.4.0.0", '
        '"/usr/local/cuda-12.5/nvvm/lib64/libnvvm.so.4"',
        example_source="NVIDIA CUDA runfile installer (cuda-installer, boost filesystem)",
    ),
    # issue 36, round forty: dpkg-deb's own check of the file's magic (dpkg-deb/extract.c: "'%.255s' is not a
    # Debian format archive"): the file downloaded as a .deb is not one
    KnownError(
        "dpkg-not-a-debian-archive",
        "dpkg-deb: error: '….deb' is not a Debian format archive (the downloaded file is not the package)",
        r"dpkg-deb(?: \(subprocess\))?: error: [^\n]{1,300}? is not a [Dd]ebian format archive"
        r"|^[^\n]{0,300}\.deb'? is not a [Dd]ebian format archive",
        "The file dpkg was given is not a .deb: the download saved something else under the package's name, most "
        "often an HTML page (a moved or removed link, a page that needs a login or a licence click, a redirect "
        "the downloader did not follow), an error body, a Git LFS pointer or a cut-off download.",
        "Look at what the file is: `file <the .deb>` and `head -c 300 <the .deb>` (an HTML page shows '<!DOCTYPE "
        "html' or '<html'), and its size. Download the real package: the current link from the vendor's download "
        "page (follow redirects: `wget` / `curl -fL`, which fails on an HTTP error instead of saving the page), or "
        "install it from its apt repository instead of a downloaded file; in a Dockerfile, make the download step "
        "fail on an error (`curl -fL`, `wget` without -q hiding it) or COPY a package you downloaded yourself.",
        variants=(
            Variant(
                r"(?<![a-z])l4t(?![a-z0-9])|jetson|jetpack|tegra|nvidia-l4t",
                "a CUDA / NVIDIA package for Jetson (L4T)",
                "NVIDIA's CUDA and JetPack packages for Jetson (L4T) are not plain public downloads: a script's "
                "old link returns a page (a login or a moved file), not the package. Get the package of the board's "
                "JetPack release from SDK Manager (it keeps the downloaded .deb files) or the JetPack apt "
                "repository on the board (`sudo apt install nvidia-jetpack` / cuda-toolkit-X-Y), or base the image "
                "on an l4t base image of the same L4T (`cat /etc/nv_tegra_release`) and get CUDA through the NVIDIA "
                "container runtime (`--runtime nvidia`) instead of installing a cuda-repo .deb in the image.",
            ),
        ),
        weight=76,
        applies="Debian / Ubuntu (dpkg -i, apt install ./file.deb), Dockerfiles that download a .deb",
        shown_by=("tests/troubleshooting/test_round40_v40jetson.py::test_a_download_that_is_not_a_debian_package",),
        example="dpkg-deb: error: '/tmp/pkg.deb' is not a Debian format archive",
        example_source="dpkg (dpkg-deb/extract.c, extracthalf: \"'%.255s' is not a Debian format archive\"); the "
        "message's case differs between dpkg releases",
    ),
)
