"""The unit tests' background fixtures (``background.py``): a job submitted with the first unit test
runs in another process and its result (or its failure, with its message) comes back unchanged to
the test that asks; a job nobody submitted is computed in the test's own process."""

from __future__ import annotations

import os

import background
import pytest


def process_and_square(n: int) -> tuple[int, int]:
    """This process's id, and ``n`` squared."""
    return os.getpid(), n * n


def failing(words: str) -> None:
    raise AssertionError(words)


BACKGROUND = [(process_and_square, (12,)), (failing, ("the sample is off by 5 standard errors",))]


@pytest.mark.skipif(background.workers() == 0, reason="no background pool (one core or AUSPEX_BACKGROUND=0)")
def test_a_submitted_job_runs_in_another_process_and_gives_its_result() -> None:
    future = background.future(process_and_square, 12)
    assert future is not None, "the conftest submits every collected module's BACKGROUND"
    future.result(timeout=300)  # ran there: taken back from the pool only when not yet started
    pid, square = background.result(process_and_square, 12)
    assert pid != os.getpid()
    assert square == 144


def test_a_failure_inside_a_job_fails_the_test_that_asks_with_its_message() -> None:
    with pytest.raises(AssertionError, match="off by 5 standard errors"):
        background.result(failing, "the sample is off by 5 standard errors")


def test_a_job_not_submitted_is_computed_here() -> None:
    assert background.future(process_and_square, 7) is None
    assert background.result(process_and_square, 7) == (os.getpid(), 49)
