"""The unit tests' background fixtures (``background.py``): a job submitted with the first unit test
runs in another process and its result (or its failure, with its message) comes back unchanged to
the test that asks; a job nobody submitted is computed in the test's own process, and so are the
jobs the pool has not started while a test waits for one it has."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path

import background
import pytest


def process_and_square(n: int) -> tuple[int, int]:
    """This process's id, and ``n`` squared."""
    return os.getpid(), n * n


def failing(words: str) -> None:
    raise AssertionError(words)


BACKGROUND = [(process_and_square, (12,))]


@pytest.fixture
def own_pool(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A pool of this test's own, empty (the session's may be busy with minutes of samples, or a
    waiting test may already have taken a job back from it); the session's is back afterwards."""
    if background.workers() == 0:
        pytest.skip("no background pool (one core or AUSPEX_BACKGROUND=0)")
    monkeypatch.setattr(background, "_pool", None)
    monkeypatch.setattr(background, "_jobs", {})
    monkeypatch.setattr(background, "_futures", {})
    yield
    background.shutdown()


def test_the_first_unit_test_submits_every_collected_modules_background_jobs() -> None:
    if background.workers() == 0:
        pytest.skip("no background pool (one core or AUSPEX_BACKGROUND=0)")
    assert background._key(process_and_square, (12,)) in background._jobs
    assert background.result(process_and_square, 12)[1] == 144  # from the pool, or taken back and run here


def test_a_submitted_job_runs_in_another_process_and_gives_its_result(own_pool: None) -> None:
    background.submit([(process_and_square, (12,))])
    future = background.future(process_and_square, 12)
    assert future is not None
    future.result(timeout=300)  # ran there: result() then takes its value
    pid, square = background.result(process_and_square, 12)
    assert pid != os.getpid()
    assert square == 144


def test_a_failure_inside_a_job_fails_the_test_that_asks_with_its_message(own_pool: None) -> None:
    background.submit([(failing, ("the sample is off by 5 standard errors",))])
    with pytest.raises(AssertionError, match="off by 5 standard errors"):
        background.result(failing, "the sample is off by 5 standard errors")


def test_a_job_not_submitted_is_computed_here() -> None:
    assert background.future(process_and_square, 7) is None
    assert background.result(process_and_square, 7) == (os.getpid(), 49)


def test_while_waiting_for_a_running_job_the_jobs_not_started_are_run_here(monkeypatch: pytest.MonkeyPatch) -> None:
    # a pool busy with one job (running) and two more queued behind it, not started
    running: Future[tuple[int, int]] = Future()
    assert running.set_running_or_notify_cancel()
    queued_fails: Future[None] = Future()
    queued_square: Future[tuple[int, int]] = Future()
    jobs = [(process_and_square, (1,)), (failing, ("stolen and failed",)), (process_and_square, (3,))]
    keys = [background._key(fn, args) for fn, args in jobs]
    monkeypatch.setattr(background, "_jobs", dict(zip(keys, jobs, strict=True)))
    monkeypatch.setattr(background, "_futures", dict(zip(keys, [running, queued_fails, queued_square], strict=True)))

    def pool_finishes_after_the_queued_were_taken() -> None:
        deadline = time.monotonic() + 30  # a pool that never steals still ends the wait, and the test fails
        while not background._futures[keys[2]].done() and time.monotonic() < deadline:
            time.sleep(0.01)
        running.set_result((-1, 1))

    threading.Thread(target=pool_finishes_after_the_queued_were_taken, daemon=True).start()
    assert background.result(process_and_square, 1) == (-1, 1)  # the pool's answer
    assert queued_fails.cancelled() and queued_square.cancelled()  # taken back from the pool
    assert background.result(process_and_square, 3) == (os.getpid(), 9)  # run here while waiting
    with pytest.raises(AssertionError, match="stolen and failed"):
        background.result(failing, "stolen and failed")


@pytest.mark.skipif(background.workers() == 0, reason="no background pool (one core or AUSPEX_BACKGROUND=0)")
def test_the_end_of_a_session_kills_a_running_job_instead_of_waiting_for_it() -> None:
    # a session stopped early (-x, a failure) while the pool runs a two-minute job and has another queued
    script = (
        "import time, background\n"
        "if __name__ == '__main__':\n"
        "    background.submit([(time.sleep, (120,)), (time.sleep, (121,))])\n"
        "    time.sleep(1)\n"
        "    background.shutdown()\n"
    )
    here = Path(__file__).resolve().parents[1]  # tests/unit, where background.py is
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=here,
        env={**os.environ, "PYTHONPATH": str(here)},
        timeout=110,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert time.monotonic() - started < 60, "the session waited for the pool's jobs"
