"""Every rewrite a shim installs, against the op it replaces, over grids of shapes, strides, paddings, dilations and
dtypes (hypothesis): the rewrite either declines the call (``NotImplemented``: torch_tensorrt's own decomposition
stays) or computes what the op computes. One example per rewrite missed the fold that VOLO hit (out 14, kernel 3,
padding 1, stride 2: the last row and column were zeros); a grid does not.

`test_every_installed_rewrite_is_property_tested` holds the list below to what the shims really install, so a new
rewrite without a property test fails here.
"""

from __future__ import annotations

import functools

import pytest
import torch
import torch.nn.functional as F
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from torchtrt_compat.compiler._upstream import load_torch_tensorrt, shim_context
from torchtrt_compat.ops import converter_fixes as fixes
from torchtrt_compat.ops.deform_conv2d import deform_conv2d
from torchtrt_compat.ops.roi_align import roi_align
from torchtrt_compat.shims import activate, list_shims
from torchtrt_compat.shims.converter_fixes import REPORTS_TO

pytestmark = [pytest.mark.requires_rtx]

EXAMPLES = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DTYPES = st.sampled_from([torch.float32, torch.float64, torch.float16, torch.bfloat16])
#: largest |rewrite - op| / max(1, |op|) per dtype (the rewrites are exact in float64)
TOLERANCE = {torch.float64: 1e-10, torch.float32: 1e-5, torch.float16: 2e-2, torch.bfloat16: 5e-2}
SEEDS = st.integers(0, 2**16)


def _pair(low: int, high: int) -> st.SearchStrategy[tuple[int, int]]:
    """A 2-D size, kernel, stride, padding or dilation: (rows, columns), each drawn from [low, high]."""
    return st.tuples(st.integers(low, high), st.integers(low, high))


KERNELS, STRIDES, DILATIONS = _pair(1, 4), _pair(1, 4), _pair(1, 3)
#: the windows both ceil-mode pools are drawn over
POOL_WINDOWS = {"size": _pair(1, 14), "kernel": KERNELS, "stride": STRIDES, "padding": _pair(0, 2)}

#: rewrite -> the test that holds it to its op over a grid
PROPERTY_TESTED = {
    fixes.col2im: "test_fold",
    fixes.max_pool2d: "test_ceil_mode_max_pool",
    fixes.avg_pool2d: "test_ceil_mode_avg_pool",
    fixes.slice_scatter: "test_slice_scatter",
    fixes.addmm: "test_addmm",
    fixes.scaled_dot_product_attention: "test_attention",
    fixes.sort: "test_sort",
    fixes.unsafe_index_put: "test_unsafe_index_put",
    fixes.empty_permuted: "test_empty_tensors",
    fixes.empty_strided: "test_empty_tensors",
    deform_conv2d: "tests/shims/test_deform_conv2d.py::test_decomposition_matches_torchvision",
    roi_align: "tests/shims/test_roi_align.py::test_decomposition_matches_torchvision",
}


def _close(got: torch.Tensor, want: torch.Tensor, dtype: torch.dtype) -> None:
    assert got.dtype == want.dtype and got.shape == want.shape
    scale = want.double().abs().max().clamp_min(1.0) if want.numel() else 1.0
    error = (got.double() - want.double()).abs().max() / scale if want.numel() else 0.0
    assert float(error) <= TOLERANCE[dtype], f"relative error {float(error):.3g}"


def _gen(seed: int) -> torch.Generator:
    return torch.Generator().manual_seed(seed)


@EXAMPLES
@given(
    channels=st.integers(1, 3),
    kernel=KERNELS,
    dilation=DILATIONS,
    padding=_pair(0, 3),
    stride=STRIDES,
    out=_pair(1, 16),
    batched=st.booleans(),
    dtype=DTYPES,
    seed=SEEDS,
)
def test_fold(channels, kernel, dilation, padding, stride, out, batched, dtype, seed) -> None:
    spans = [o + 2 * p - d * (k - 1) - 1 for o, p, d, k in zip(out, padding, dilation, kernel, strict=True)]
    assume(min(spans) >= 0)
    blocks = [s // st_ + 1 for s, st_ in zip(spans, stride, strict=True)]
    shape = (channels * kernel[0] * kernel[1], blocks[0] * blocks[1])
    cols = torch.randn((2, *shape) if batched else shape, generator=_gen(seed), dtype=torch.float64)
    want = F.fold(cols, out, kernel, dilation=dilation, padding=padding, stride=stride).to(dtype)
    got = fixes.col2im(cols.to(dtype), list(out), list(kernel), list(dilation), list(padding), list(stride))
    assert got is not NotImplemented
    _close(got, want, dtype)


def test_fold_where_the_padding_crops_every_block_row() -> None:
    """A stride past the span (out 1, kernel 1, padding 1, stride 3): the padded transposed convolution would have no
    rows left; fold still places the one block (Hypothesis found it)."""
    cols = torch.randn(2, 1, dtype=torch.float64)
    want = F.fold(cols, (1, 1), (1, 1), padding=(0, 1), stride=(1, 3))
    got = fixes.col2im(cols, [1, 1], [1, 1], [1, 1], [0, 1], [1, 3])
    torch.testing.assert_close(got, want, rtol=0, atol=0)


@pytest.mark.parametrize("out", [14, 28, 15])
def test_fold_of_the_volo_case(out: int) -> None:
    """The review's case (VOLO at 224: 28x28 maps, kernel 3, padding 1, stride 2), exact in float64."""
    blocks = (out + 2 - 2 - 1) // 2 + 1
    cols = torch.randn(1, 4 * 9, blocks * blocks, dtype=torch.float64)
    want = F.fold(cols, (out, out), 3, padding=1, stride=2)
    got = fixes.col2im(cols, [out, out], [3, 3], [1, 1], [1, 1], [2, 2])
    torch.testing.assert_close(got, want, rtol=0, atol=1e-12)
    assert got[..., -1, :].abs().sum() > 0  # the last row is summed into, not zero-padded


def _pool_case(size: tuple[int, int], kernel: tuple[int, int], stride: tuple[int, int], padding: tuple[int, int]):
    assume(all(p <= k // 2 for p, k in zip(padding, kernel, strict=True)))
    assume(all(s + 2 * p >= k for s, p, k in zip(size, padding, kernel, strict=True)))


@EXAMPLES
@given(**POOL_WINDOWS, dilation=DILATIONS, ceil_mode=st.booleans(), dtype=DTYPES, seed=SEEDS)
def test_ceil_mode_max_pool(size, kernel, stride, padding, dilation, ceil_mode, dtype, seed) -> None:
    _pool_case(size, tuple(d * (k - 1) + 1 for d, k in zip(dilation, kernel, strict=True)), stride, padding)
    assume(all(p <= k // 2 for p, k in zip(padding, kernel, strict=True)))
    x = torch.randn(1, 2, *size, generator=_gen(seed)).to(dtype)
    try:
        want = torch.ops.aten.max_pool2d.default(
            x, list(kernel), list(stride), list(padding), list(dilation), ceil_mode
        )
    except RuntimeError:  # PyTorch refuses the combination itself (an output of size 0)
        assume(False)
    got = fixes.max_pool2d(x, list(kernel), list(stride), list(padding), list(dilation), ceil_mode)
    if not ceil_mode:
        assert got is NotImplemented
        return
    assert torch.equal(got, want)


@EXAMPLES
@given(
    **POOL_WINDOWS,
    ceil_mode=st.booleans(),
    count_include_pad=st.booleans(),
    dtype=st.sampled_from([torch.float32, torch.float64, torch.bfloat16]),
    seed=SEEDS,
)
def test_ceil_mode_avg_pool(size, kernel, stride, padding, ceil_mode, count_include_pad, dtype, seed) -> None:
    _pool_case(size, kernel, stride, padding)
    x = torch.randn(1, 2, *size, generator=_gen(seed)).to(dtype)
    args = (list(kernel), list(stride), list(padding), ceil_mode, count_include_pad)
    try:
        want = torch.ops.aten.avg_pool2d.default(x, *args)
    except RuntimeError:
        assume(False)
    got = fixes.avg_pool2d(x, *args)
    if not ceil_mode:
        assert got is NotImplemented
        return
    _close(got, want, dtype)
    assert fixes.avg_pool2d(x, *args, 3) is NotImplemented  # divisor_override: the op stays


BIG = 2**63 - 1
BOUNDS = st.one_of(st.none(), st.integers(-8, 8), st.just(BIG), st.just(-BIG))


@EXAMPLES
@given(
    shape=st.lists(st.integers(1, 6), min_size=1, max_size=3),
    dim=st.integers(0, 2),
    start=BOUNDS,
    end=BOUNDS,
    step=st.integers(1, 3),
    seed=SEEDS,
)
def test_slice_scatter(shape, dim, start, end, step, seed) -> None:
    assume(dim < len(shape))
    x = torch.randn(*shape, generator=_gen(seed))
    view = torch.ops.aten.slice.Tensor(x, dim, start, end, step)
    src = torch.randn(view.shape, generator=_gen(seed + 1))
    want = torch.ops.aten.slice_scatter.default(x, src, dim, start, end, step)
    got = fixes.slice_scatter(x, src, dim, start, end, step)
    if got is NotImplemented:  # already in range: the op stays as it is
        assert (start is None or 0 <= start <= shape[dim]) and (end is None or 0 <= end <= shape[dim])
        return
    assert torch.equal(got, want)


@EXAMPLES
@given(
    m=st.integers(1, 8),
    k=st.integers(1, 8),
    n=st.integers(1, 8),
    bias_2d=st.booleans(),
    beta=st.sampled_from([1, 2]),
    dtype=st.sampled_from([torch.float32, torch.float64]),
    seed=SEEDS,
)
def test_addmm(m, k, n, bias_2d, beta, dtype, seed) -> None:
    g = _gen(seed)
    bias = torch.randn((m, n) if bias_2d else (n,), generator=g, dtype=dtype)
    x, w = torch.randn(m, k, generator=g, dtype=dtype), torch.randn(k, n, generator=g, dtype=dtype)
    got = fixes.addmm(bias, x, w, beta=beta)
    if bias_2d or beta != 1:
        assert got is NotImplemented
        return
    _close(got, torch.addmm(bias, x, w), dtype)


@EXAMPLES
@given(
    rank=st.integers(3, 5),
    heads=st.integers(1, 2),
    q_len=st.integers(1, 5),
    kv_len=st.integers(1, 5),
    dim=st.sampled_from([4, 8]),
    mask=st.sampled_from([None, "bool", "float"]),
    causal=st.booleans(),
    scale=st.sampled_from([None, 0.5]),
    seed=SEEDS,
)
def test_attention(rank, heads, q_len, kv_len, dim, mask, causal, scale, seed) -> None:
    load_torch_tensorrt()  # the rewrite hands the calls the layer cannot take to torch_tensorrt's decomposition
    assume(not (causal and mask is not None))
    g = _gen(seed)
    lead = {3: (2,), 4: (2, heads), 5: (1, heads, 2)}[rank]
    q = torch.randn(*lead, q_len, dim, generator=g)
    k, v = torch.randn(*lead, kv_len, dim, generator=g), torch.randn(*lead, kv_len, dim, generator=g)
    attn_mask = None
    if mask == "bool":
        attn_mask = torch.rand(*lead, q_len, kv_len, generator=g) > 0.3
        attn_mask[..., 0] = True  # no row masked out entirely (NaN in both)
    elif mask == "float":
        attn_mask = torch.randn(*lead, q_len, kv_len, generator=g)
    want = F.scaled_dot_product_attention(q, k, v, attn_mask, is_causal=causal, scale=scale)
    got = fixes.scaled_dot_product_attention(q, k, v, attn_mask, 0.0, causal, scale=scale)
    layer_takes = rank == 4 or (rank == 3 and attn_mask is None)
    if layer_takes:
        assert got is NotImplemented  # one attention layer, as torch_tensorrt converts it
        return
    assert got is not NotImplemented
    torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-5)


@EXAMPLES
@given(values=st.lists(st.integers(-3, 3), min_size=1, max_size=24), descending=st.booleans(), rank2=st.booleans())
def test_sort(values, descending, rank2) -> None:
    x = torch.tensor(values, dtype=torch.float32)
    if rank2:
        assert fixes.sort(x.reshape(1, -1), -1, descending) is NotImplemented
        return
    got_values, got_indices = fixes.sort(x, -1, descending)
    want = torch.sort(x, descending=descending)
    assert torch.equal(got_values, want.values)
    assert torch.equal(x[got_indices], got_values) and sorted(got_indices.tolist()) == list(range(len(values)))


@EXAMPLES
@given(
    shape=st.tuples(st.integers(1, 6), st.integers(1, 4)),
    picks=st.lists(st.integers(0, 5), min_size=1, max_size=6),
    accumulate=st.booleans(),
    seed=SEEDS,
)
def test_unsafe_index_put(shape, picks, accumulate, seed) -> None:
    rows = [p % shape[0] for p in picks]
    if not accumulate:
        rows = list(dict.fromkeys(rows))  # duplicate writes without accumulate are unordered in both
    index = torch.tensor(rows)
    x = torch.randn(*shape, generator=_gen(seed))
    values = torch.randn(len(rows), shape[1], generator=_gen(seed + 1))
    want = torch.ops.aten._unsafe_index_put.default(x, [index], values, accumulate)
    torch.testing.assert_close(fixes.unsafe_index_put(x, [index], values, accumulate), want)


@EXAMPLES
@given(
    shape=st.lists(st.integers(0, 4), min_size=1, max_size=4),
    dtype=st.sampled_from([torch.float32, torch.float16, torch.int64, torch.bool]),
    seed=SEEDS,
)
def test_empty_tensors(shape, dtype, seed) -> None:
    order = torch.randperm(len(shape), generator=_gen(seed)).tolist()
    made = fixes.empty_permuted(shape, order, dtype=dtype, device=torch.device("cpu"))
    want = torch.empty_permuted(shape, order, dtype=dtype)
    assert (made.shape, made.stride(), made.dtype, made.device) == (want.shape, want.stride(), dtype, want.device)
    strides = list(want.stride())
    strided = fixes.empty_strided(shape, strides, dtype=dtype, device=torch.device("cpu"))
    assert (strided.shape, strided.stride(), strided.dtype) == (want.shape, want.stride(), dtype)
    assert fixes.empty_permuted(shape, order) is NotImplemented  # no device in the graph: torch_tensorrt's choice


def _same(a: object, b: object) -> bool:
    """The same decomposition: torch's table makes a fresh ``functools.partial`` per call for some ops."""
    if a is b:
        return True
    if isinstance(a, functools.partial) and isinstance(b, functools.partial):
        code = getattr(a.func, "__code__", a.func) is getattr(b.func, "__code__", b.func)
        return code and a.args == b.args and a.keywords == b.keywords
    return False


def _added(table: dict[object, object], baseline: dict[object, object]) -> dict[object, object]:
    return {op: fn for op, fn in table.items() if op not in baseline or not _same(fn, baseline[op])}


@functools.lru_cache(maxsize=1)
def _tables() -> tuple[dict[object, object], dict[str, dict[object, object]]]:
    """torch_tensorrt's decomposition table, and per shim what activating that shim alone adds or replaces in it
    (compile stage) or contributes (export stage): real activations of every registered shim."""
    load_torch_tensorrt()
    from torch_tensorrt.dynamo import _compiler

    ctx = shim_context(aot=True, compute_capabilities=["8.9"])
    baseline = dict(_compiler.get_decompositions())
    added: dict[str, dict[object, object]] = {}
    for shim in list_shims():
        if shim.stage == "compile":
            with activate("compile", ctx, [shim.name]):
                added[shim.name] = _added(_compiler.get_decompositions(), baseline)
        elif shim.stage == "export":
            with activate("export", ctx, [shim.name]) as applied:
                added[shim.name] = dict(applied.decompositions)
    return baseline, added


def test_every_installed_rewrite_is_property_tested() -> None:
    installed = {
        name: {getattr(fn, "__wrapped__", fn) for fn in table.values()} for name, table in _tables()[1].items()
    }
    untested = {name: fns - set(PROPERTY_TESTED) for name, fns in installed.items() if fns - set(PROPERTY_TESTED)}
    assert not untested, f"rewrites without a property test: {untested}"
    assert set(PROPERTY_TESTED) <= {fn for fns in installed.values() for fn in fns}  # no stale entry


def test_every_installed_rewrite_reports_its_shim() -> None:
    """Structural: a compile-stage shim can only add a decomposition wrapped so that each call it takes marks the
    shim as having changed the graph (`mark_changed`), under the shim's own registered name. (Export-stage
    decompositions are marked by the exporter itself when it applies them.)"""
    stages = {s.name: s.stage for s in list_shims()}
    for name, table in _tables()[1].items():
        for op, fn in table.items():
            if stages[name] == "compile":
                assert getattr(fn, REPORTS_TO, None) == name, f"{name} installs {op} without reporting"
