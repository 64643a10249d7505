"""The unit tests' costliest fixtures computed in a second process while other tests run.

``make test`` runs pytest in one process, so on a machine of two cores one core idles through the
unit tests. A few fixtures are minutes of pure, deterministic computation (a seeded sample of
200,000 resolutions, a brute-force walk over every face of every die, the golden corpus replayed):
a test module lists them in a module-level ``BACKGROUND``, a list of ``(function, args)``; when the
first unit test starts, ``tests/unit/conftest.py`` submits every collected module's jobs, in the
order their modules run, to a pool of spawned worker processes (one fewer than the cores, at least
one). A test then asks :func:`result` for the same function and arguments:

- the job already ran (or is running) in the pool: its return value, pickled back (waiting for it
  if needed); an exception raised inside the job (a failed ``assert`` included) is raised here, in
  the test that asked, with its message;
- the job has not started yet (the pool is busy with an earlier one): it is taken back from the
  pool and run here, in this process; and while a test waits for a job running in the pool, this
  process takes back the next job not started and runs it (its result, or its exception, kept for
  the test that asks), so a module run alone uses both cores too;
- no pool (``AUSPEX_BACKGROUND=0``, one core, or the module was not collected): run here.

The function, its arguments and its seeds are the same either way, so every test checks exactly
what it checked when it computed the fixture itself; only the process that computes it changes.
A job must be a module-level function (a spawned worker imports it by name) returning a picklable
value.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")

Job = tuple[Callable[..., Any], tuple[Any, ...]]

Key = tuple[str, str, tuple[Any, ...]]

_pool: ProcessPoolExecutor | None = None
_jobs: dict[Key, Job] = {}  # every job submitted, in order
_futures: dict[Key, Future[Any]] = {}  # the ones no test has taken yet


def workers() -> int:
    """How many worker processes the pool gets: 0 (no pool) with ``AUSPEX_BACKGROUND=0`` or on one core."""
    if os.environ.get("AUSPEX_BACKGROUND", "1") == "0":
        return 0
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(0, cores - 1)


def _key(fn: Callable[..., Any], args: tuple[Any, ...]) -> Key:
    return fn.__module__, fn.__qualname__, args


def submit(jobs: Iterable[Job]) -> None:
    """Start ``jobs`` in the pool (created on first use), each once; nothing without a pool."""
    global _pool
    n = workers()
    if n == 0:
        return
    for fn, args in jobs:
        key = _key(fn, args)
        if key in _futures:
            continue
        if _pool is None:
            # spawn, not fork: the session may hold threads (the browser tests' server, Playwright's driver)
            _pool = ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("spawn"))
        _jobs[key] = (fn, args)
        _futures[key] = _pool.submit(fn, *args)


def future(fn: Callable[..., Any], *args: Any) -> Future[Any] | None:
    """The pool's future for ``fn(*args)``, None when it was not submitted (or already taken)."""
    return _futures.get(_key(fn, args))


def result(fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)``: from the pool when it ran or is running there, else computed here and now."""
    future = _futures.pop(_key(fn, args), None)
    if future is None or future.cancel():
        return fn(*args)
    while not future.done() and _run_one_not_started():
        pass
    value: T = future.result()
    return value


def _run_one_not_started() -> bool:
    """Take back from the pool the first job it has not started and run it here, keeping its result
    (or exception) for the test that asks; False when every job left has started."""
    for key, (fn, args) in _jobs.items():
        pending = _futures.get(key)
        if pending is None or not pending.cancel():
            continue
        done: Future[Any] = Future()
        try:
            done.set_result(fn(*args))
        except Exception as error:  # raised again by result(), in the test that asks for it
            done.set_exception(error)
        _futures[key] = done
        return True
    return False


def shutdown() -> None:
    """Stop the pool at the end of the session: jobs not started are dropped, running ones killed
    (a session stopped early, by ``-x`` or a failure, does not wait for a sample nobody reads)."""
    global _pool
    if _pool is None:
        return
    # ProcessPoolExecutor has no public way to stop a running job before Python 3.14's terminate_workers();
    # its processes are read before shutdown(), which forgets them
    processes = list((getattr(_pool, "_processes", None) or {}).values())
    _pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    _pool = None
    _jobs.clear()
    _futures.clear()
