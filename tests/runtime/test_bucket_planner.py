"""The bucket planner: exact optimum on small traffic, better than powers of two on skewed traffic, budgets."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings, strategies as st

from torchtrt_compat import UsageError
from torchtrt_compat.runtime.cuda_graphs.planner import (
    evaluate,
    expected_cost,
    histogram,
    measured_cost,
    padded_rows,
    plan_buckets,
    powers_of_two,
)


def _skewed(seed: int, n: int = 3000) -> list[int]:
    rng = random.Random(seed)
    return [min(64, max(1, round(rng.lognormvariate(1.1, 1.0)))) for _ in range(n)]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(1, 14), min_size=1, max_size=40), st.integers(1, 5))
def test_plan_is_the_exact_optimum(traffic, graphs):
    plan = plan_buckets(traffic, graphs)
    sizes = sorted(set(traffic))
    brute = min(
        padded_rows(traffic, [*combo, sizes[-1]])
        for r in range(graphs)
        for combo in itertools.combinations(sizes[:-1], r)
    )
    assert plan.padded_rows == brute == padded_rows(traffic, plan.buckets)
    assert len(plan.buckets) <= graphs and plan.buckets[-1] == sizes[-1]
    assert plan.rows == sum(traffic) and plan.requests == len(traffic)


def _small_with_a_tail(seed: int, n: int = 3000) -> list[int]:
    rng = random.Random(seed)
    return [rng.randint(1, 8) if rng.random() < 0.85 else rng.randint(9, 64) for _ in range(n)]


@pytest.mark.parametrize("make", [_skewed, _small_with_a_tail])
@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("graphs", [4, 5, 7])
def test_beats_powers_of_two_on_skewed_traffic(make, seed, graphs):
    train, test = make(seed, 1000), make(seed + 100)
    pow2 = powers_of_two(64, graphs)
    auto = plan_buckets(train, len(pow2), max_batch=64).buckets
    assert len(auto) == len(pow2)
    assert padded_rows(test, auto) < padded_rows(test, pow2)  # on traffic it was not planned from, too


def test_uniform_traffic_gets_even_spacing_and_less_padding():
    rng = random.Random(0)
    trace = [rng.randint(1, 64) for _ in range(2000)]
    plan = plan_buckets(trace, 12)
    gaps = [b - a for a, b in zip(plan.buckets, plan.buckets[1:], strict=False)]
    assert max(gaps) - min(gaps) <= 3
    assert plan.padding_overhead < 0.08 < evaluate(trace, powers_of_two(64)).padding_overhead


def test_max_batch_counts_chunks():
    plan = plan_buckets({100: 1, 3: 4}, 2, max_batch=32)
    assert plan.buckets == (4, 32)  # 100 = 3 x 32 + 4: chunks of 32 and a remainder of 4
    assert plan.padded_rows == 3 * 32 + 4 + 4 * 4
    assert padded_rows({100: 1}, (4, 32)) == 100


def test_memory_budget_trades_graphs_for_memory():
    traffic = {n: 10 for n in range(1, 33)}

    def memory_of(buckets):  # 1 KiB per row of every bucket's outputs + the largest bucket's workspace
        return 1024 * sum(buckets) + 4096 * max(buckets)

    free = plan_buckets(traffic, 8, memory_budget=10**9, memory_of=memory_of)
    tight = plan_buckets(traffic, 8, memory_budget=memory_of((16, 32)), memory_of=memory_of)
    assert len(free.buckets) == 8 and tight.memory_bytes <= memory_of((16, 32)) < free.memory_bytes
    assert tight.padded_rows >= free.padded_rows
    with pytest.raises(UsageError, match="memory_budget"):
        plan_buckets(traffic, 8, memory_budget=100, memory_of=memory_of)
    with pytest.raises(UsageError, match="memory model"):
        plan_buckets(traffic, 8, memory_budget=100)


@pytest.mark.parametrize(
    "bad",
    [[0], [-1], [1.5], {2: -1}, {True: 1}, {"a": 1}],  # noqa: PT007
)
def test_traffic_is_validated(bad):
    with pytest.raises(UsageError, match="Fix:"):
        histogram(bad)


def test_arguments_are_validated():
    for kwargs in ({"max_graphs": 0}, {"max_graphs": True}, {"max_graphs": 2, "max_batch": 0}):
        with pytest.raises(UsageError, match="Fix:"):
            plan_buckets([1, 2], **kwargs)
    with pytest.raises(UsageError, match="No traffic"):
        plan_buckets({}, 3)


def test_powers_of_two():
    assert powers_of_two(64) == (1, 2, 4, 8, 16, 32, 64)
    assert powers_of_two(48, 3) == (16, 32, 48)
    assert powers_of_two(1) == (1,)
    assert str(evaluate([1, 3], (4,))).startswith("buckets (4,): 2 requests, 4 rows, padded work +100.0%")


def _launch_bound(rows: int) -> float:
    """A GPU-shaped price: flat up to 16 rows (launch-bound), then linear."""
    return 0.3e-3 + 0.02e-3 * max(0, rows - 16)


@settings(max_examples=120, deadline=None)
@given(st.lists(st.integers(1, 14), min_size=1, max_size=40), st.integers(1, 5))
def test_cost_plan_is_the_exact_optimum_of_expected_time(traffic, graphs):
    def price(n: int) -> float:
        return 1.0 + max(0, n - 6) * 0.5

    plan = plan_buckets(traffic, graphs, cost_of=price)
    sizes = sorted(set(traffic))
    brute = min(
        expected_cost(traffic, [*combo, sizes[-1]], price)
        for r in range(graphs)
        for combo in itertools.combinations(sizes[:-1], r)
    )
    assert plan.expected_cost == pytest.approx(brute)
    assert plan.expected_cost == pytest.approx(expected_cost(traffic, plan.buckets, price))


def test_rows_as_the_cost_gives_the_padded_work_plan():
    trace = _small_with_a_tail(3)
    assert plan_buckets(trace, 6, max_batch=64, cost_of=float).buckets == plan_buckets(trace, 6, max_batch=64).buckets


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_measured_cost_spends_no_graph_where_padding_is_free(seed):
    train, test = _small_with_a_tail(seed, 1000), _small_with_a_tail(seed + 100)
    pow2 = powers_of_two(64, 7)
    timed = plan_buckets(train, 7, max_batch=64, cost_of=_launch_bound)
    assert sum(b <= 16 for b in timed.buckets) == 1  # one graph covers the flat region
    assert expected_cost(test, timed.buckets, _launch_bound) < expected_cost(test, pow2, _launch_bound)
    rows = plan_buckets(train, 7, max_batch=64)
    assert expected_cost(test, timed.buckets, _launch_bound) < expected_cost(test, rows.buckets, _launch_bound)


def test_measured_cost_interpolates_and_stays_monotone():
    cost = measured_cost({1: 1.0, 4: 1.0, 8: 0.9, 16: 2.0, 32: 4.0})  # 8 timed a little fast: noise
    assert cost(1) == cost(2) == cost(8) == 1.0
    assert cost(12) == pytest.approx(1.5) and cost(24) == pytest.approx(3.0)
    assert cost(64) == pytest.approx(8.0)  # the last slope continues
    values = [cost(n) for n in range(1, 100)]
    assert values == sorted(values)
    with pytest.raises(UsageError):
        measured_cost({})
    with pytest.raises(UsageError):
        measured_cost({0: 1.0})
